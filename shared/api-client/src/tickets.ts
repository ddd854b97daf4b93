import useSWR, { useSWRConfig } from 'swr';
import { ticketDetail, type TicketCreate, type TicketDetail, type TicketUpdate } from '@portal/contract';
import { useApiClient } from './api-client-context';
import { companyTicketsKey } from './companies';
import type { Http } from './http';

export const ticketKey = (ticketId: number) => `/ticket/${ticketId}`;

/** Spec 000 §9: an open ticket refreshes every 5 seconds. */
export const TICKET_POLL_MS = 5000;

export interface TicketsApi {
  get(ticketId: number): Promise<TicketDetail>;
  create(input: TicketCreate): Promise<TicketDetail>;
  update(ticketId: number, changes: TicketUpdate): Promise<TicketDetail>;
}

export function createTicketsApi(http: Http): TicketsApi {
  return {
    get: (ticketId) => http('GET', ticketKey(ticketId), ticketDetail),
    create: (input) => http('POST', '/ticket', ticketDetail, { body: input }),
    update: (ticketId, changes) => http('PUT', ticketKey(ticketId), ticketDetail, { body: changes }),
  };
}

/**
 * One ticket. With `poll` it refreshes every 5 seconds while the page is visible; the detail
 * screen switches `poll` off while an edit field, dropdown or the time form is open (spec 000 §4).
 */
export function useTicket(ticketId: number | null | undefined, { poll = false }: { poll?: boolean } = {}) {
  const client = useApiClient();
  return useSWR(ticketId ? ticketKey(ticketId) : null, () => client.tickets.get(ticketId as number), {
    refreshInterval: poll ? TICKET_POLL_MS : 0,
    refreshWhenHidden: false,
    // A poll while someone types must not pull the form from under them; focus revalidation is a poll too.
    revalidateOnFocus: poll,
  });
}

/** Create and change tickets; each revalidates the ticket and its company's list. Errors reach the caller. */
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
  };
}
