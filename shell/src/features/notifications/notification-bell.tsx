import { useState } from 'react';
import { Box, CloseButton, Drawer, IconButton, Portal } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useNotifications } from '@portal/api-client';
import { NotificationPanel } from './notification-panel';

/** The header's bell: the notification count, and the 350 px notification panel it opens. */
export function NotificationBell({ contactId }: { contactId: number }) {
  const [open, setOpen] = useState(false);
  const { notifications } = useNotifications(contactId);
  const count = notifications.length;

  return (
    <Drawer.Root open={open} onOpenChange={({ open: next }) => setOpen(next)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Notifications" variant="ghost" position="relative" color="inherit">
          <Bell />
          {count > 0 ? (
            <Box
              as="span"
              aria-hidden="true"
              data-testid="notification-count"
              position="absolute"
              top="0.5"
              right="0.5"
              minW="4"
              h="4"
              px="1"
              rounded="full"
              bg="red.600"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="4"
              textAlign="center"
            >
              {count > 99 ? '99+' : count}
            </Box>
          ) : null}
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* A fade instead of Chakra's slide: the panel's controls are on screen from the first frame. */}
          <Drawer.Content
            w="350px"
            maxW="100vw"
            _open={{ animationName: 'fade-in', animationDuration: 'fast' }}
            _closed={{ animationName: 'fade-out', animationDuration: 'faster' }}
          >
            <Drawer.Header>
              <Drawer.Title>Notifications</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <NotificationPanel contactId={contactId} notifications={notifications} onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
