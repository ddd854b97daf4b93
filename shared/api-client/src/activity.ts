import useSWR, { useSWRConfig } from 'swr';
import type { Activity, ActivityCreate } from '@portal/contract';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';
import { TICKET_POLL_MS } from './tickets';

export const activityKey = (ticketId: number) => `/ticket/${ticketId}/activity`;

export interface ActivityApi {
  list(ticketId: number): Promise<Activity[]>;
  create(input: ActivityCreate): Promise<Activity>;
  remove(activityId: number): Promise<void>;
}

export function createActivityApi(http: Http): ActivityApi {
  return {
    list: (ticketId) => http('GET', activityKey(ticketId), (c) => c.activity.array()),
    create: (input) => http('POST', '/activity', (c) => c.activity, { body: input }),
    remove: async (activityId) => {
      await http('DELETE', `/activity/${activityId}`, (c) => c.deletedAnswer);
    },
  };
}

/** A ticket's activity feed, newest first, refreshed with the ticket (every 30 s while the live stream is open). */
export function useTicketActivity(ticketId: number | null | undefined, { poll = false }: { poll?: boolean } = {}) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? activityKey(ticketId) : null, () => client.activity.list(ticketId as number), {
    refreshInterval: poll ? pollInterval(TICKET_POLL_MS, live) : 0,
    refreshWhenHidden: false,
  });
}

export function useActivityMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async create(note: string) {
      const created = await client.activity.create({ ticket_id: ticketId, note });
      await mutate(activityKey(ticketId));
      return created;
    },
    async remove(activityId: number) {
      try {
        await client.activity.remove(activityId);
      } finally {
        await mutate(activityKey(ticketId));
      }
    },
  };
}
