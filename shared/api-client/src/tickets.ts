import useSWR, { useSWRConfig } from 'swr';
import type {
  ListedTicket, TicketBulkAnswer, TicketBulkUpdate, TicketCreate, TicketDetail, TicketSummary, TicketUpdate,
} from '@portal/contract';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveHold, useLiveStatus } from './live-status';
import type { ReadOptions } from './read-options';

export const ticketKey = (ticketId: number) => `/ticket/${ticketId}`;
export const companyTicketsKey = (companyId: number) => `/company/${companyId}/tickets`;
export const contactTicketsKey = (contactId: number) => `/contact/${contactId}/tickets`;

export type StaffTicketsView = 'list' | 'kanban';

export const staffTicketsKey = (view: StaffTicketsView) => `/staff/tickets?view=${view}`;

/** An open ticket refreshes every 5 seconds (docs/product/tickets.md#refresh). */
export const TICKET_POLL_MS = 5000;

/** The kanban and the staff list refresh every 5 seconds (docs/product/dashboards.md#refresh-and-live-updates). */
export const STAFF_TICKETS_POLL_MS = 5000;

export interface TicketsApi {
  get(ticketId: number): Promise<TicketDetail>;
  create(input: TicketCreate): Promise<TicketDetail>;
  update(ticketId: number, changes: TicketUpdate): Promise<TicketDetail>;
  /** Assign and/or move several tickets in one call, all or nothing. */
  bulkUpdate(update: TicketBulkUpdate): Promise<TicketBulkAnswer>;
  /**
   * A company's list, without descriptions: every open ticket and the newest 50 completed ones
   * (the API's default `completed_limit`); cancelled tickets are not listed.
   */
  forCompany(companyId: number): Promise<TicketSummary[]>;
  /** An agent's open tickets (status at most 4 or at least 7), by priority then due date. */
  forContact(contactId: number): Promise<ListedTicket[]>;
  /** Open tickets for the staff list, or the kanban's (Active companies only). */
  staffList(view: StaffTicketsView): Promise<ListedTicket[]>;
}

export function createTicketsApi(http: Http): TicketsApi {
  return {
    get: (ticketId) => http('GET', ticketKey(ticketId), (c) => c.ticketDetail),
    create: (input) => http('POST', '/ticket', (c) => c.ticketDetail, { body: input }),
    update: (ticketId, changes) => http('PUT', ticketKey(ticketId), (c) => c.ticketDetail, { body: changes }),
    bulkUpdate: (update) => http('PUT', '/ticket/bulk', (c) => c.ticketBulkAnswer, { body: update }),
    forCompany: (companyId) => http('GET', companyTicketsKey(companyId), (c) => c.ticketSummary.array()),
    forContact: (contactId) => http('GET', contactTicketsKey(contactId), (c) => c.listedTicket.array()),
    staffList: (view) => http('GET', staffTicketsKey(view), (c) => c.listedTicket.array()),
  };
}

/**
 * One ticket. With `poll` it refreshes every 5 seconds while the page is visible (every 30 s while
 * the live stream is open). The detail screen sets `held` while an edit field, dropdown or the time
 * form is open (docs/product/tickets.md#refresh): then neither a poll nor a pushed change reloads it until the hold ends.
 */
export function useTicket(ticketId: number | null | undefined, { poll = false, held = false }: { poll?: boolean; held?: boolean } = {}) {
  const client = useApiClient();
  const live = useLiveStatus();
  const key = ticketId ? ticketKey(ticketId) : null;
  const polled = poll && !held;
  useLiveHold(key, held);
  return useSWR(key, () => client.tickets.get(ticketId as number), {
    refreshInterval: polled ? pollInterval(TICKET_POLL_MS, live) : 0,
    refreshWhenHidden: false,
    // A poll while someone types must not pull the form from under them; focus revalidation is a poll too.
    revalidateOnFocus: polled,
  });
}

export function useCompanyTickets(companyId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(companyId ? companyTicketsKey(companyId) : null, () => client.tickets.forCompany(companyId as number), options);
}

export function useContactTickets(contactId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(contactId ? contactTicketsKey(contactId) : null, () => client.tickets.forContact(contactId as number), options);
}

/**
 * The staff list or kanban, refreshed every 5 seconds while the page is visible unless `paused`
 * (every 30 s while the live stream is open).
 */
export function useStaffTickets(view: StaffTicketsView, { paused = false }: { paused?: boolean } = {}) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(staffTicketsKey(view), () => client.tickets.staffList(view), {
    refreshInterval: paused ? 0 : pollInterval(STAFF_TICKETS_POLL_MS, live),
    refreshWhenHidden: false,
    shouldRetryOnError: false,
  });
}

/**
 * Create and change tickets; each revalidates the ticket and its company's list, and a bulk change
 * every ticket list. Errors reach the caller.
 */
export function useTicketMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async create(input: TicketCreate) {
      const created = await client.tickets.create(input);
      await mutate(ticketKey(created.ticket_id), created, { revalidate: false });
      await mutate(companyTicketsKey(created.company_id));
      return created;
    },
    async update(ticketId: number, changes: TicketUpdate) {
      const saved = await client.tickets.update(ticketId, changes);
      await mutate(ticketKey(ticketId), saved, { revalidate: false });
      await mutate(companyTicketsKey(saved.company_id));
      return saved;
    },
    async bulkUpdate(update: TicketBulkUpdate) {
      const answer = await client.tickets.bulkUpdate(update);
      await mutate((key) => typeof key === 'string' && (/^\/staff\/tickets/.test(key) || /\/tickets$/.test(key) || /^\/ticket\/\d+$/.test(key)));
      return answer;
    },
  };
}
