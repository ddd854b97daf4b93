import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { activityPageKey, useApiClient, useTicketActivity } from '@portal/api-client';
import { ACTIVITY_PAGE_SIZE, activityCursor } from '@portal/domain';

/**
 * The notes a feed has loaded (docs/product/tickets.md#activity-notes): first the newest page; each
 * "load older" asks for the page before the oldest note shown and widens the window to it, so one
 * polled read (`from` the oldest loaded note on) keeps every loaded note current, with no gap when new
 * notes arrive and no note left after an admin deletes it.
 */
export function useActivityWindow(ticketId: number, poll: boolean) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const [from, setFrom] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const feed = useTicketActivity(ticketId, { poll, page: from ? { from } : { limit: ACTIVITY_PAGE_SIZE } });
  const items = feed.data;
  // A first page that is not full is the whole feed; after that, a short older page is the end.
  const hasOlder = items !== undefined && !exhausted && (from !== null || items.length >= ACTIVITY_PAGE_SIZE);

  const loadOlder = useCallback(async () => {
    const oldest = items?.[items.length - 1];
    if (!items || !oldest || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const older = await client.activity.list(ticketId, { before: activityCursor(oldest), limit: ACTIVITY_PAGE_SIZE });
      if (older.length < ACTIVITY_PAGE_SIZE) setExhausted(true);
      const last = older[older.length - 1];
      if (last) {
        const bound = activityCursor(last);
        // The wider window is on screen at once; its own read then keeps it current.
        await mutate(activityPageKey(ticketId, { from: bound }), [...items, ...older], { revalidate: false });
        setFrom(bound);
      }
    } catch (failure) {
      setOlderError(failure);
    } finally {
      setLoadingOlder(false);
    }
  }, [client, hasOlder, items, loadingOlder, mutate, ticketId]);

  return { items, hasOlder, loadOlder, loadingOlder, olderError };
}
