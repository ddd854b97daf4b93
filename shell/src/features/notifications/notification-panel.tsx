import { useState } from 'react';
import { Box, Button, HStack, IconButton, List, Separator, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Trash2 } from 'lucide-react';
import type { Notification } from '@portal/contract';
import { errorMessage, useNotificationMutations } from '@portal/api-client';
import { formatDateUs, MESSAGES, truncate } from '@portal/domain';
import { useSession } from '@portal/session';
import { ConfirmDialog } from '@portal/ui';
import { NotePrefsToggles } from './note-prefs-toggles';
import { useOpenTicket } from './use-open-ticket';

type Pending = { kind: 'one'; notificationId: number } | { kind: 'all' } | null;

function NotificationItem({
  notification, timeZone, onOpenTicket, onDelete,
}: {
  notification: Notification;
  timeZone: string;
  onOpenTicket(ticketId: number): void;
  onDelete(): void;
}) {
  const { ticket_id: ticketId } = notification;
  return (
    <List.Item py="2" borderBottomWidth="1px" borderColor="border.muted" data-testid="notification">
      <HStack align="flex-start" gap="2" w="full">
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={notification.date_created}>{formatDateUs(notification.date_created, timeZone)}</time>
          </Text>
          <Text fontSize="sm" title={notification.note} wordBreak="break-word">
            {truncate(notification.note)}
          </Text>
        </Stack>
        {ticketId !== null ? (
          <IconButton aria-label="Go to ticket" title="Go to ticket" size="xs" variant="ghost" onClick={() => onOpenTicket(ticketId)}>
            <ExternalLink />
          </IconButton>
        ) : null}
        <IconButton aria-label="Delete notification" title="Delete notification" size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
          <Trash2 />
        </IconButton>
      </HStack>
    </List.Item>
  );
}

/** Spec 000 "Notification panel": the list, the sending preferences and the delete-all bar. */
export function NotificationPanel({
  contactId, notifications, onNavigate,
}: {
  contactId: number;
  notifications: Notification[];
  /** Called after the panel sends the user to another page, so the bell can close. */
  onNavigate?: () => void;
}) {
  const timeZone = useSession((s) => s.timeZone);
  const { remove, removeAll } = useNotificationMutations(contactId);
  const openTicket = useOpenTicket();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      if (pending.kind === 'one') await remove(pending.notificationId);
      else await removeAll();
    } catch (failure) {
      setError(errorMessage(failure, 'The notification was not deleted.'));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  async function goToTicket(ticketId: number) {
    setError(null);
    try {
      await openTicket(ticketId);
      onNavigate?.();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.ticketNotFound));
    }
  }

  return (
    <Stack gap="3" h="full">
      <NotePrefsToggles contactId={contactId} />
      <Separator />
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
      <Box flex="1" overflowY="auto">
        {notifications.length === 0 ? (
          <Text color="fg.muted" py="4" textAlign="center">
            {MESSAGES.noNotifications}
          </Text>
        ) : (
          <List.Root variant="plain" aria-label="Notification list">
            {notifications.map((n) => (
              <NotificationItem
                key={n.notification_id}
                notification={n}
                timeZone={timeZone}
                onOpenTicket={(id) => void goToTicket(id)}
                onDelete={() => setPending({ kind: 'one', notificationId: n.notification_id })}
              />
            ))}
          </List.Root>
        )}
      </Box>
      <Button colorPalette="red" variant="subtle" w="full" onClick={() => setPending({ kind: 'all' })}>
        Delete All Notifications
      </Button>
      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        message={pending?.kind === 'all' ? MESSAGES.confirmDeleteAllNotifications : MESSAGES.confirmDeleteNotification}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
