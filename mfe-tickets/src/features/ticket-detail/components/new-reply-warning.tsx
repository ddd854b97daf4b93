import { useEffect, useState } from 'react';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { Activity } from '@portal/contract';
import { newestNoteId, parseDate, repliesToSeeFirst } from '@portal/domain';
import { useT } from '../../../messages';

/**
 * The replies someone else sent since the editor was opened (docs/product/tickets.md#who-is-on-the-ticket): the notes
 * of the feed as it was then are seen; a public note by another person that came after is one to see before sending.
 * `seenAll` marks every note in the feed now as seen (after a send, "View it" or "Send anyway").
 */
export function useRepliesSinceOpened(feed: readonly Activity[] | undefined, contactId: number) {
  const [seenUpTo, setSeenUpTo] = useState<number | null>(null);
  useEffect(() => {
    if (seenUpTo === null && feed !== undefined) setSeenUpTo(newestNoteId(feed));
  }, [feed, seenUpTo]);
  const unseen = feed && seenUpTo !== null ? repliesToSeeFirst(feed, seenUpTo, contactId) : [];
  return { unseen, seenAll: () => setSeenUpTo(newestNoteId(feed ?? [])) };
}

/**
 * Asked before sending while a reply came since the editor was opened: "Casey replied 20 s ago: view it first". View it
 * scrolls to the note and marks it (the address names it, as a search result does) and keeps the draft; Send anyway sends.
 */
export function NewReplyWarning({ reply, onView, onSendAnyway }: { reply: Activity; onView: () => void; onSendAnyway: () => void }) {
  const navigate = useNavigate();
  const t = useT();
  // The domain's repliedWarning in the reader's language: "Casey replied 20 s ago: view it first".
  const now = Date.now();
  const seconds = Math.max(1, Math.floor((now - (parseDate(reply.date_created)?.getTime() ?? now)) / 1000));
  const ago = seconds < 60 ? t('reply.secondsAgo', { count: seconds })
    : seconds < 3600 ? t('reply.minutesAgo', { count: Math.floor(seconds / 60) }) : t('reply.hoursAgo', { count: Math.floor(seconds / 3600) });
  const first = reply.contact_name?.trim().split(/\s+/)[0];
  return (
    <Alert.Root status="warning" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('reply.warning', { name: first || t('reply.supportTeam'), ago })}</Alert.Title>
        <HStack gap="2" mt="2">
          <Button
            size="xs"
            colorPalette="blue"
            onClick={() => {
              void navigate({ hash: `note-${reply.activity_id}` }, { replace: true });
              onView();
            }}
          >
            {t('reply.view')}
          </Button>
          <Button size="xs" variant="outline" onClick={onSendAnyway}>{t('reply.sendAnyway')}</Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
