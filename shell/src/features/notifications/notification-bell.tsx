import { Box, CloseButton, Drawer, IconButton, Portal } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import type { Notification } from '@portal/contract';
import { useNotifications } from '@portal/api-client';
import { useDialogButton } from '@portal/ui';
import { useT } from '../../messages';
import { NotificationPanel } from './notification-panel';

/** Above 99 the badge says 99+, so it stays one small round shape. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The badge counts the unread notifications only (docs/product/notifications-and-mail.md#bell-panel). */
export function unreadCount(notifications: readonly Notification[]): number {
  return notifications.filter((n) => n.date_read === null).length;
}

/** The bell's accessible name carries the count the badge shows. */
export function bellLabel(count: number, t: ReturnType<typeof useT>): string {
  return count > 0 ? t('bell.unread', { count: badgeText(count) }) : t('bell.title');
}

/** The header's bell: the unread count, and the 350 px notification panel it opens. */
export function NotificationBell({ contactId }: { contactId: number }) {
  const drawer = useDialogButton();
  const { notifications } = useNotifications(contactId);
  const count = unreadCount(notifications);
  const t = useT();

  return (
    <>
      <IconButton {...drawer.buttonProps} aria-label={bellLabel(count, t)} variant="ghost" position="relative" overflow="visible" color="inherit">
        <Bell />
        {count > 0 ? (
          // The count sits inside the badge, on the bell's top-right corner; the button's name says it.
          <Box
            as="span"
            aria-hidden="true"
            data-testid="notification-count"
            position="absolute"
            top="-0.5"
            right="-0.5"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="red.600"
            color="white"
            fontSize="xs"
            fontWeight="bold"
            lineHeight="1"
            whiteSpace="nowrap"
            pointerEvents="none"
          >
            {badgeText(count)}
          </Box>
        ) : null}
      </IconButton>
      {drawer.mounted ? (
        <Drawer.Root {...drawer.rootProps} placement="end">
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
                  <Drawer.Title>{t('bell.title')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <NotificationPanel contactId={contactId} notifications={notifications} onNavigate={drawer.close} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : null}
    </>
  );
}
