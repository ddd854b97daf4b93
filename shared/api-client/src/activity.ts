import useSWR, { useSWRConfig } from 'swr';
import type { Activity, ActivityCreate } from '@portal/contract';
import { activityEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { keyMatches, pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';
import { TICKET_POLL_MS } from './tickets';

export const activityKey = (ticketId: number) => pathOf(api.activity, { id: ticketId });

/** A page of the feed (docs/product/tickets.md#activity-notes): the newest `limit`, those older than `before`, or all `from` a cursor on. */
export interface ActivityPage {
  limit?: number;
  before?: string;
  from?: string;
}

export function activityPageKey(ticketId: number, page: ActivityPage = {}): string {
  return pathOf(api.activity, { id: ticketId }, pageQuery(page));
}

/** The page's fields in the order its keys have always written them. */
const pageQuery = ({ before, from, limit }: ActivityPage) => ({ before, from, limit });

/** Revalidates every page of a ticket's feed that is on screen. */
const anyActivityPage = (ticketId: number) => (key: unknown) => typeof key === 'string' && keyMatches(activityKey(ticketId), key);

export interface ActivityApi {
  list(ticketId: number, page?: ActivityPage): Promise<Activity[]>;
  create(input: ActivityCreate): Promise<Activity>;
  remove(activityId: number): Promise<void>;
}

export function createActivityApi(http: Http): ActivityApi {
  return {
    list: (ticketId, page = {}) => http(api.activity, { params: { id: ticketId }, query: pageQuery(page) }),
    create: (input) => http(api.createActivity, { body: input }),
    remove: async (activityId) => {
      await http(api.deleteActivity, { params: { id: activityId } });
    },
  };
}

/**
 * A ticket's activity feed, newest first, refreshed with the ticket (every 30 s while the live stream is open):
 * the whole feed, or with `page` the newest `limit` or everything `from` a cursor on (the window a feed has loaded).
 */
export function useTicketActivity(ticketId: number | null | undefined, { poll = false, page }: { poll?: boolean; page?: ActivityPage } = {}) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? activityPageKey(ticketId, page) : null, () => client.activity.list(ticketId as number, page), {
    refreshInterval: poll ? pollInterval(TICKET_POLL_MS, live) : 0,
    refreshWhenHidden: false,
  });
}

export function useActivityMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    /** `internal`: an internal note, staff only (docs/product/tickets.md#internal-notes); left out, a reply. */
    async create(note: string, { internal }: { internal?: boolean } = {}) {
      const created = await client.activity.create({ ticket_id: ticketId, note, ...(internal === undefined ? {} : { internal }) });
      await mutate(anyActivityPage(ticketId));
      return created;
    },
    async remove(activityId: number) {
      try {
        await client.activity.remove(activityId);
      } finally {
        await mutate(anyActivityPage(ticketId));
      }
    },
  };
}
