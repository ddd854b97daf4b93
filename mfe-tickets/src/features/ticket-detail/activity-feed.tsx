import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowRightLeft, Mail, Trash2 } from 'lucide-react';
import type { Activity } from '@portal/contract';
import { errorMessage, useActivityMutations, useContactMutations, useTicket } from '@portal/api-client';
import { MESSAGES, canMailContact, isStatusLine, statusLineParts, type StatusLineParts } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useViewer } from '@portal/session';
import { ConfirmDialog, DateText, Markdown, MarkdownHold, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';
import { NoteEditor } from './components/note-editor';
import { useActivityWindow } from './hooks/use-activity-window';
import { useNoteTarget } from './hooks/use-note-target';

/** The element id of a note: a search result opens the ticket at `#note-{id}` (docs/product/search.md#where-it-is). */
const noteAnchor = (activityId: number) => `note-${activityId}`;

/** An activity with no contact was written by the support team (docs/product/tickets.md#activity-notes). */
function authorOf(item: Activity, t: ReturnType<typeof useT>): string {
  return item.contact_name?.trim() ? item.contact_name : t('activity.supportTeam');
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

/**
 * Loads older notes when the end of the feed scrolls into view (`root`: the scrolling box). Observed
 * afresh after each load, so a short feed keeps loading until it fills the box or has no more.
 */
function useOlderOnScroll(root: HTMLElement | null, sentinel: HTMLElement | null, enabled: boolean, load: () => void) {
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled || !root || !sentinel || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
    }, { root, rootMargin: '0px 0px 120px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [root, sentinel, enabled]);
}

/** A status change the change itself wrote (docs/product/tickets.md#status-lines): one muted line, not a note card. */
/** A status line's words in the reader's language: a literal key per kind of move (the statuses as the admin named them). */
const STATUS_LINE_KEYS = {
  cancelled: 'activity.statusCancelled',
  completed: 'activity.statusCompleted',
  reopened: 'activity.statusReopened',
  changed: 'activity.statusChanged',
} as const satisfies Record<StatusLineParts['kind'], string>;

function StatusLine({ item, timeZone, onDelete }: { item: Activity; timeZone: string; onDelete: (() => void) | null }) {
  const t = useT();
  const parts = statusLineParts(item.note);
  return (
    <HStack as="li" id={noteAnchor(item.activity_id)} aria-label={t('activity.statusChangeBy', { name: authorOf(item, t) })} data-testid="status-line" gap="2" px="3" py="1" color="fg.muted" fontSize="sm" wrap="wrap">
      <ArrowRightLeft aria-hidden size={14} />
      <Text fontWeight="medium" color="fg">{parts ? t(STATUS_LINE_KEYS[parts.kind], { from: parts.from, to: parts.to }) : item.note}</Text>
      <Text>{t('activity.by', { name: authorOf(item, t) })}</Text>
      <DateText iso={item.date_created} timeZone={timeZone} withTime fontSize="xs" />
      {onDelete ? (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('activity.delete')} onClick={onDelete}>
          <Trash2 />
        </IconButton>
      ) : null}
    </HStack>
  );
}

/**
 * The activity feed (at most 500 px high, scrolling, notes in markdown, status changes as lines) and the
 * note editor; the page puts it in its card. Older notes load as the end scrolls into view, or with
 * 'Load older notes' (docs/product/tickets.md#activity-notes).
 */
export function ActivityFeed({ ticketId, canDelete, timeZone, poll }: { ticketId: number; canDelete: boolean; timeZone: string; poll: boolean }) {
  const { items, hasOlder, loadOlder, loadingOlder, olderError } = useActivityWindow(ticketId, poll);
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  useOlderOnScroll(scrollBox, sentinel, hasOlder && !loadingOlder && !olderError, () => void loadOlder());
  const target = useNoteTarget(items, hasOlder && !olderError, loadingOlder, loadOlder);
  const { remove } = useActivityMutations(ticketId);
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedDelete((item: Activity) => remove(item.activity_id), { onError: setError });
  const mail = useActivityMail(ticketId);
  const t = useT();
  const messageText = useMessageText();

  return (
    <>
      <Stack gap="3">
        <ErrorAlert message={error ?? (mail.notice && !mail.notice.ok ? mail.notice.text : null)} />
        {mail.notice?.ok ? <Text role="status" color="green.700" fontSize="sm">{messageText(mail.notice.text)}</Text> : null}
        {/* Scrolls past 500 px: focusable, so a keyboard can scroll it even when no note has a button (axe scrollable-region-focusable). */}
        <Box ref={setScrollBox} maxH="500px" overflowY="auto" data-testid="activity-feed" pe="1" tabIndex={0} role="region" aria-label={t('activity.feed')}>
          {items && items.length > 0 ? (
            // The notes show drawn, never as plain text first: the renderer loads with the page's code (routes.tsx).
            <MarkdownHold fallback={<Text color="fg.muted" fontSize="sm">{messageText(MESSAGES.loading)}</Text>}>
              <Stack as="ol" gap="3" listStyleType="none">
                {items.map((item) => isStatusLine(item) ? (
                  <StatusLine key={item.activity_id} item={item} timeZone={timeZone} onDelete={canDelete ? () => deletion.ask(item) : null} />
                ) : (
                  <Box
                    as="li"
                    key={item.activity_id}
                    id={noteAnchor(item.activity_id)}
                    borderWidth={target === item.activity_id ? '2px' : '1px'}
                    borderColor={target === item.activity_id ? 'blue.500' : item.internal ? 'yellow.emphasized' : undefined}
                    bg={item.internal ? 'yellow.subtle' : undefined}
                    data-targeted={target === item.activity_id ? 'true' : undefined}
                    rounded="md"
                    p="3"
                    aria-label={t(item.internal ? 'activity.internalNoteBy' : 'activity.noteBy', { name: authorOf(item, t) })}
                  >
                    <HStack justify="space-between" mb="1">
                      <HStack gap="2">
                        <Text fontWeight="semibold" fontSize="sm">
                          {authorOf(item, t)}
                        </Text>
                        {/* docs/product/notifications-and-mail.md#the-note: a note that came by e-mail says so. */}
                        {item.source === 'mail' ? <Badge size="sm" colorPalette="purple" variant="subtle">{t('activity.byEmail')}</Badge> : null}
                        {/* docs/product/tickets.md#internal-notes: staff only, tinted and marked. */}
                        {item.internal ? <Badge size="sm" colorPalette="yellow" variant="solid">{t('activity.internal')}</Badge> : null}
                      </HStack>
                      <HStack gap="1">
                        <DateText iso={item.date_created} timeZone={timeZone} withTime fontSize="xs" color="fg.muted" />
                        {mail.canMail && !item.internal ? (
                          <Button
                            size="xs"
                            variant="ghost"
                            title={t('activity.emailTitle')}
                            loading={mail.sending === item.activity_id}
                            disabled={mail.sending !== null}
                            onClick={() => void mail.send(item)}
                          >
                            <Mail /> {t('activity.email')}
                          </Button>
                        ) : null}
                        {canDelete ? (
                          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('activity.delete')} onClick={() => deletion.ask(item)}>
                            <Trash2 />
                          </IconButton>
                        ) : null}
                      </HStack>
                    </HStack>
                    <Markdown>{item.note}</Markdown>
                  </Box>
                ))}
              </Stack>
            </MarkdownHold>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {items === undefined ? messageText(MESSAGES.loading) : t('activity.none')}
            </Text>
          )}
          {hasOlder ? (
            <Stack ref={setSentinel} align="center" pt="3" gap="1">
              {olderError ? <Text color="red.600" fontSize="sm">{messageText(errorMessage(olderError))}</Text> : null}
              <Button size="xs" variant="outline" loading={loadingOlder} onClick={() => void loadOlder()}>
                {t('activity.loadOlder')}
              </Button>
            </Stack>
          ) : null}
        </Box>
        <NoteEditor ticketId={ticketId} feed={items} />
      </Stack>
      <ConfirmDialog {...deletion.dialog} message={t('activity.confirmDelete')} />
    </>
  );
}
