import { useState } from 'react';
import { Box, Button, HStack, IconButton, List, Separator, Stack, Text } from '@chakra-ui/react';
import { Check, ExternalLink, Trash2 } from 'lucide-react';
import type { Notification } from '@portal/contract';
import { errorMessage, useNotificationMutations } from '@portal/api-client';
import { formatDate, MESSAGES, truncate, type Formats } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/session';
import { ConfirmDialog, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';
import { NotePrefsToggles } from './note-prefs-toggles';
import { useOpenTicket } from './use-open-ticket';

type DeleteTarget = { kind: 'one'; notificationId: number } | { kind: 'all' };

function NotificationItem({
  notification, formats, onOpenTicket, onRead, onDelete,
}: {
  notification: Notification;
  formats: Formats;
  onOpenTicket(ticketId: number): void;
  onRead(): void;
  onDelete(): void;
}) {
  const t = useT();
  const { ticket_id: ticketId } = notification;
  const unread = notification.date_read === null;
  return (
    <List.Item
      py="2"
      ps="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      // An unread one stands out by a bar and weight, not colour alone; screen readers hear "Unread".
      borderStartWidth="3px"
      borderStartColor={unread ? 'blue.solid' : 'transparent'}
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <HStack align="flex-start" gap="2" w="full">
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted">
            {unread ? <Text as="span" srOnly>{t('notifications.unread')}</Text> : null}
            <time dateTime={notification.date_created}>{formatDate(notification.date_created, formats)}</time>
          </Text>
          <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'} title={notification.note} wordBreak="break-word">
            {truncate(notification.note)}
          </Text>
        </Stack>
        {ticketId !== null ? (
          <IconButton aria-label={t('notifications.goToTicket')} title={t('notifications.goToTicket')} size="xs" variant="ghost" onClick={() => onOpenTicket(ticketId)}>
            <ExternalLink />
          </IconButton>
        ) : null}
        {unread ? (
          <IconButton aria-label={t('notifications.markRead')} title={t('notifications.markRead')} size="xs" variant="ghost" onClick={onRead}>
            <Check />
          </IconButton>
        ) : null}
        <IconButton aria-label={t('notifications.delete')} title={t('notifications.delete')} size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
          <Trash2 />
        </IconButton>
      </HStack>
    </List.Item>
  );
}

/** The notification panel (docs/product/notifications-and-mail.md#bell-panel): the list with its unread ones marked, the sending preferences, 'Mark all as read' and the delete-all bar. */
export function NotificationPanel({
  contactId, notifications, onNavigate,
}: {
  contactId: number;
  notifications: Notification[];
  /** Called after the panel sends the user to another page, so the bell can close. */
  onNavigate?: () => void;
}) {
  const t = useT();
  const messageText = useMessageText();
  const formats = useFormats();
  const { remove, removeAll, markRead, markAllRead } = useNotificationMutations(contactId);
  const openTicket = useOpenTicket();
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedDelete(
    (target: DeleteTarget) => (target.kind === 'one' ? remove(target.notificationId) : removeAll()),
    { failureMessage: (failure) => errorMessage(failure, t('notifications.notDeleted')), onError: setError },
  );

  /** Marks read; a failure is said, unless it came with opening the ticket (the ticket is what was asked for). */
  async function read(mark: () => Promise<void>, quiet = false) {
    if (!quiet) setError(null);
    try {
      await mark();
    } catch (failure) {
      if (!quiet) setError(errorMessage(failure, MESSAGES.notificationNotMarkedRead));
    }
  }

  /** Opening a notification reads it. */
  async function goToTicket(notification: Notification, ticketId: number) {
    setError(null);
    if (notification.date_read === null) void read(() => markRead(notification.notification_id), true);
    try {
      await openTicket(ticketId);
      onNavigate?.();
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.ticketNotFound));
    }
  }

  const anyUnread = notifications.some((n) => n.date_read === null);

  return (
    <Stack gap="3" h="full">
      <NotePrefsToggles contactId={contactId} />
      <Separator />
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {messageText(error)}
        </Text>
      ) : null}
      {anyUnread ? (
        <Button size="xs" variant="outline" alignSelf="flex-end" onClick={() => void read(markAllRead)}>
          {t('notifications.markAllRead')}
        </Button>
      ) : null}
      <Box flex="1" overflowY="auto">
        {notifications.length === 0 ? (
          <Text color="fg.muted" py="4" textAlign="center">
            {messageText(MESSAGES.noNotifications)}
          </Text>
        ) : (
          <List.Root variant="plain" aria-label={t('notifications.list')}>
            {notifications.map((n) => (
              <NotificationItem
                key={n.notification_id}
                notification={n}
                formats={formats}
                onOpenTicket={(id) => void goToTicket(n, id)}
                onRead={() => void read(() => markRead(n.notification_id))}
                onDelete={() => deletion.ask({ kind: 'one', notificationId: n.notification_id })}
              />
            ))}
          </List.Root>
        )}
      </Box>
      <Button colorPalette="red" variant="subtle" w="full" onClick={() => deletion.ask({ kind: 'all' })}>
        {t('notifications.deleteAll')}
      </Button>
      <ConfirmDialog
        {...deletion.dialog}
        message={messageText(deletion.pending?.kind === 'all' ? MESSAGES.confirmDeleteAllNotifications : MESSAGES.confirmDeleteNotification)}
      />
    </Stack>
  );
}
