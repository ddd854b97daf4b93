import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Mail, Trash2 } from 'lucide-react';
import type { Activity } from '@portal/contract';
import { errorMessage, useActivityMutations, useContactMutations, useTicket, useTicketActivity } from '@portal/api-client';
import { MESSAGES, canMailContact } from '@portal/domain';
import { useViewer } from '@portal/session';
import { ConfirmDialog, DateText, Markdown, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { NoteEditor } from './components/note-editor';

/** An activity with no contact was written by the support team (docs/product/tickets.md#activity-notes). */
function authorOf(item: Activity): string {
  return item.contact_name?.trim() ? item.contact_name : 'support team';
}

/**
 * Staff e-mail one note to the ticket's requester (POST /contact/{id}/sendactivity; docs/product/notifications-and-mail.md#activity-e-mail).
 * The requester comes from the ticket the page has already loaded (same SWR key, no second read).
 */
function useActivityMail(ticketId: number) {
  const viewer = useViewer();
  const { data: ticket } = useTicket(ticketId);
  const { sendActivity } = useContactMutations();
  const [sending, setSending] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const requesterId = ticket?.contact_id ?? null;
  const canMail = viewer !== null && canMailContact(viewer) && requesterId !== null;

  async function send(item: Activity) {
    if (requesterId === null) return;
    setSending(item.activity_id);
    setNotice(null);
    try {
      await sendActivity(requesterId, { activity: { note: item.note, ticket_id: ticketId } });
      setNotice({ ok: true, text: MESSAGES.activityEmailSent });
    } catch (failure) {
      setNotice({ ok: false, text: errorMessage(failure, MESSAGES.activityEmailNotSent) });
    } finally {
      setSending(null);
    }
  }
  return { canMail, send, sending, notice };
}

/** The activity feed (at most 500 px high, scrolling, notes in markdown) and the note editor; the page puts it in its card. */
export function ActivityFeed({ ticketId, canDelete, timeZone, poll }: { ticketId: number; canDelete: boolean; timeZone: string; poll: boolean }) {
  const { data: items } = useTicketActivity(ticketId, { poll });
  const { remove } = useActivityMutations(ticketId);
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedDelete((item: Activity) => remove(item.activity_id), { onError: setError });
  const mail = useActivityMail(ticketId);

  return (
    <>
      <Stack gap="3">
        <ErrorAlert message={error ?? (mail.notice && !mail.notice.ok ? mail.notice.text : null)} />
        {mail.notice?.ok ? <Text role="status" color="green.700" fontSize="sm">{mail.notice.text}</Text> : null}
        {/* Scrolls past 500 px: focusable, so a keyboard can scroll it even when no note has a button (axe scrollable-region-focusable). */}
        <Box maxH="500px" overflowY="auto" data-testid="activity-feed" pe="1" tabIndex={0} role="region" aria-label="Activity feed">
          {items && items.length > 0 ? (
            <Stack as="ol" gap="3" listStyleType="none">
              {items.map((item) => (
                <Box as="li" key={item.activity_id} borderWidth="1px" rounded="md" p="3" aria-label={`Note by ${authorOf(item)}`}>
                  <HStack justify="space-between" mb="1">
                    <HStack gap="2">
                      <Text fontWeight="semibold" fontSize="sm">
                        {authorOf(item)}
                      </Text>
                      {/* docs/product/notifications-and-mail.md#the-note: a note that came by e-mail says so. */}
                      {item.source === 'mail' ? <Badge size="sm" colorPalette="purple" variant="subtle">by e-mail</Badge> : null}
                    </HStack>
                    <HStack gap="1">
                      <DateText iso={item.date_created} timeZone={timeZone} withTime fontSize="xs" color="fg.muted" />
                      {mail.canMail ? (
                        <Button
                          size="xs"
                          variant="ghost"
                          title="Email this note to the requester"
                          loading={mail.sending === item.activity_id}
                          disabled={mail.sending !== null}
                          onClick={() => void mail.send(item)}
                        >
                          <Mail /> Email
                        </Button>
                      ) : null}
                      {canDelete ? (
                        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="Delete activity" onClick={() => deletion.ask(item)}>
                          <Trash2 />
                        </IconButton>
                      ) : null}
                    </HStack>
                  </HStack>
                  <Markdown>{item.note}</Markdown>
                </Box>
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              No activity yet.
            </Text>
          )}
        </Box>
        <NoteEditor ticketId={ticketId} />
      </Stack>
      <ConfirmDialog {...deletion.dialog} message="This will permanently remove this activity. Are you sure?" />
    </>
  );
}
