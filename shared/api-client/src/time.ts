import useSWR, { useSWRConfig } from 'swr';
import { ticketTime, timeEntryCreated, type TicketTime, type TimeEntryCreate, type TimeEntryCreated } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { ticketKey } from './tickets';

export const ticketTimeKey = (ticketId: number) => `/ticket/${ticketId}/time`;

export interface TimeApi {
  forTicket(ticketId: number): Promise<TicketTime>;
  log(input: TimeEntryCreate): Promise<TimeEntryCreated>;
}

export function createTimeApi(http: Http): TimeApi {
  return {
    forTicket: (ticketId) => http('GET', ticketTimeKey(ticketId), ticketTime),
    log: (input) => http('POST', '/time', timeEntryCreated, { body: input }),
  };
}

/** A ticket's time entries and total_time (units). */
export function useTicketTime(ticketId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(ticketId ? ticketTimeKey(ticketId) : null, () => client.time.forTicket(ticketId as number));
}

/** Logging time changes the total and the ticket's value: both are revalidated. */
export function useTimeMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async log(input: Omit<TimeEntryCreate, 'ticket_id'>) {
      const created = await client.time.log({ ...input, ticket_id: ticketId });
      await Promise.all([mutate(ticketTimeKey(ticketId)), mutate(ticketKey(ticketId))]);
      return created;
    },
  };
}
