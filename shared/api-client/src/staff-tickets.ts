import useSWR, { useSWRConfig } from 'swr';
import { listedTicket, ticketBulkAnswer, type ListedTicket, type TicketBulkAnswer, type TicketBulkUpdate } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

/** Spec 001 §7: the kanban and the staff list refresh every 5 seconds. */
export const STAFF_TICKETS_POLL_MS = 5000;

export type StaffTicketsView = 'list' | 'kanban';

export const staffTicketsKey = (view: StaffTicketsView) => `/staff/tickets?view=${view}`;

export interface StaffTicketsApi {
  /** Open tickets for the staff list, or the kanban's (Active companies only). */
  list(view: StaffTicketsView): Promise<ListedTicket[]>;
  /** Assign and/or move several tickets in one call, all or nothing. */
  bulkUpdate(update: TicketBulkUpdate): Promise<TicketBulkAnswer>;
}

export function createStaffTicketsApi(http: Http): StaffTicketsApi {
  return {
    list: (view) => http('GET', staffTicketsKey(view), listedTicket.array()),
    bulkUpdate: (update) => http('PUT', '/ticket/bulk', ticketBulkAnswer, { body: update }),
  };
}

export function useStaffTickets(view: StaffTicketsView, { paused = false }: { paused?: boolean } = {}) {
  const client = useApiClient();
  return useSWR(staffTicketsKey(view), () => client.staffTickets.list(view), {
    refreshInterval: paused ? 0 : STAFF_TICKETS_POLL_MS,
    refreshWhenHidden: false,
    shouldRetryOnError: false,
  });
}

/** A bulk change touches every ticket list: all of them are revalidated. Errors reach the caller. */
export function useStaffTicketMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async bulkUpdate(update: TicketBulkUpdate) {
      const answer = await client.staffTickets.bulkUpdate(update);
      await mutate((key) => typeof key === 'string' && (/^\/staff\/tickets/.test(key) || /\/tickets$/.test(key) || /^\/ticket\/\d+$/.test(key)));
      return answer;
    },
  };
}
