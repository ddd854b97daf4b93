import useSWR from 'swr';
import { ticket, type Ticket } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const ticketKey = (ticketId: number) => `/ticket/${ticketId}`;

/** Spec 000 §9: an open ticket refreshes every 5 seconds. */
export const TICKET_POLL_MS = 5000;

export interface TicketsApi {
  get(ticketId: number): Promise<Ticket>;
}

export function createTicketsApi(http: Http): TicketsApi {
  return {
    get: (ticketId) => http('GET', ticketKey(ticketId), ticket),
  };
}

export function useTicket(ticketId: number | null | undefined, { poll = false }: { poll?: boolean } = {}) {
  const client = useApiClient();
  return useSWR(ticketId ? ticketKey(ticketId) : null, () => client.tickets.get(ticketId as number), {
    refreshInterval: poll ? TICKET_POLL_MS : 0,
    refreshWhenHidden: false,
  });
}
