import useSWR, { useSWRConfig } from 'swr';
import type {
  ListedTicket, StaffListPage, TicketBulkAnswer, TicketBulkUpdate, TicketCreate, TicketDetail, TicketHistoryPage, TicketSummary, TicketUpdate,
} from '@portal/contract';
import { activityEndpoints, ticketEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { keyMatches, pollInterval, type ListPrefs } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveHold, useLiveStatus } from './live-status';
import type { ReadOptions } from './read-options';

export const ticketKey = (ticketId: number) => pathOf(api.ticket, { id: ticketId });
/** The client dashboard's columns: the open tickets only; completed and cancelled ones are paged by companyHistoryKey. */
export const companyTicketsKey = (companyId: number) => pathOf(api.companyTickets, { id: companyId }, OPEN_TICKETS_ONLY);
/** A company's completed and cancelled tickets, the newest `limit` (docs/product/dashboards.md#ticket-history). */
export const companyHistoryKey = (companyId: number, limit: number) => pathOf(api.companyTicketHistory, { id: companyId }, { limit });
export const contactTicketsKey = (contactId: number) => pathOf(api.contactTickets, { id: contactId });

export type StaffTicketsView = 'list' | 'kanban';

/** `tags`: the tag filter (docs/product/tags-and-views.md#filtering-by-tag); none, the whole board. */
export const staffTicketsKey = (view: StaffTicketsView, tags: readonly string[] = []) =>
  pathOf(api.staffTickets, undefined, tags.length > 0 ? { view, tag: [...tags] } : { view });

/** The staff List view's first `limit` tickets under the saved sort and filters, sorted and filtered by the server. */
export const staffListKey = (prefs: ListPrefs, limit: number, tags: readonly string[] = []) =>
  pathOf(api.staffTicketList, undefined, staffListQuery(prefs, limit, tags));

function staffListQuery(prefs: ListPrefs, limit: number, tags: readonly string[] = []) {
  const query = { sort: prefs.sortBy, direction: prefs.direction, statuses: prefs.statusFilters, maintenance_only: prefs.maintenanceOnly ? 1 : 0 };
  return tags.length > 0 ? { ...query, tag: [...tags], limit } : { ...query, limit };
}

const OPEN_TICKETS_ONLY = { completed_limit: 0 };

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
  /** A company's open tickets, without descriptions (the client dashboard's columns). */
  forCompany(companyId: number): Promise<TicketSummary[]>;
  /** A company's newest `limit` completed and cancelled tickets, newest closing first, and how many there are. */
  history(companyId: number, limit: number): Promise<TicketHistoryPage>;
  /** The staff List view's first `limit` tickets under the saved sort and filters, and the counts. */
  staffPage(prefs: ListPrefs, limit: number, tags?: readonly string[]): Promise<StaffListPage>;
  /** An agent's open tickets (status at most 4 or at least 7), by priority then due date. */
  forContact(contactId: number): Promise<ListedTicket[]>;
  /** Open tickets for the staff list, or the kanban's (Active companies only). */
  staffList(view: StaffTicketsView, tags?: readonly string[]): Promise<ListedTicket[]>;
}

export function createTicketsApi(http: Http): TicketsApi {
  return {
    get: (ticketId) => http(api.ticket, { params: { id: ticketId } }),
    create: (input) => http(api.createTicket, { body: input }),
    update: (ticketId, changes) => http(api.updateTicket, { params: { id: ticketId }, body: changes }),
    bulkUpdate: (update) => http(api.bulkUpdateTickets, { body: update }),
    forCompany: (companyId) => http(api.companyTickets, { params: { id: companyId }, query: OPEN_TICKETS_ONLY }),
    history: (companyId, limit) => http(api.companyTicketHistory, { params: { id: companyId }, query: { limit } }),
    staffPage: (prefs, limit, tags) => http(api.staffTicketList, { query: staffListQuery(prefs, limit, tags) }),
    forContact: (contactId) => http(api.contactTickets, { params: { id: contactId } }),
    staffList: (view, tags = []) => http(api.staffTickets, { query: tags.length > 0 ? { view, tag: [...tags] } : { view } }),
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

/** A company's history, the newest `limit` (grown by "Show more"); refreshed like the dashboard it sits on. */
export function useCompanyHistory(companyId: number | null | undefined, limit: number, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(companyId ? companyHistoryKey(companyId, limit) : null, () => client.tickets.history(companyId as number, limit), {
    keepPreviousData: true, ...options,
  });
}

/**
 * The staff List view's first `limit` tickets (grown by "Show more"), refreshed every 5 seconds while the
 * page is visible unless `paused` (every 30 s while the live stream is open); null prefs read nothing.
 */
export function useStaffListPage(
  prefs: ListPrefs | null, limit: number, { paused = false, tags = [] }: { paused?: boolean; tags?: readonly string[] } = {},
) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(prefs ? staffListKey(prefs, limit, tags) : null, () => client.tickets.staffPage(prefs as ListPrefs, limit, tags), {
    refreshInterval: paused ? 0 : pollInterval(STAFF_TICKETS_POLL_MS, live),
    refreshWhenHidden: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}

export function useContactTickets(contactId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(contactId ? contactTicketsKey(contactId) : null, () => client.tickets.forContact(contactId as number), options);
}

/**
 * The staff list or kanban, refreshed every 5 seconds while the page is visible unless `paused`
 * (every 30 s while the live stream is open); a null view reads nothing.
 */
export function useStaffTickets(
  view: StaffTicketsView | null, { paused = false, tags = [] }: { paused?: boolean; tags?: readonly string[] } = {},
) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(view ? staffTicketsKey(view, tags) : null, () => client.tickets.staffList(view as StaffTicketsView, tags), {
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
      // A status change moves the ticket in or out of the history and writes a line in its feed.
      const history = pathOf(api.companyTicketHistory, { id: saved.company_id });
      await mutate((key) => typeof key === 'string' && (keyMatches(history, key) || keyMatches(pathOf(activityEndpoints.activity, { id: ticketId }), key)));
      return saved;
    },
    async bulkUpdate(update: TicketBulkUpdate) {
      const answer = await client.tickets.bulkUpdate(update);
      await mutate((key) => typeof key === 'string' && (/^\/staff\/tickets/.test(key) || /\/tickets$/.test(key) || /^\/ticket\/\d+$/.test(key)));
      return answer;
    },
  };
}
