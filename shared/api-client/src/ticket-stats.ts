import useSWR from 'swr';
import { ticketStatsMonth, type TicketStatsMonth } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const ticketStatsKey = (months: number, timeZone?: string) =>
  `/stats/tickets?months=${months}${timeZone ? `&time_zone=${encodeURIComponent(timeZone)}` : ''}`;

export interface TicketStatsApi {
  /** Opened, closed, assigned and the mean times to assignment and completion, month by month, oldest first. */
  monthly(months: number, timeZone?: string): Promise<TicketStatsMonth[]>;
}

export function createTicketStatsApi(http: Http): TicketStatsApi {
  return {
    monthly: (months, timeZone) => http('GET', ticketStatsKey(months, timeZone), ticketStatsMonth.array()),
  };
}

export function useTicketStats(months: number, { timeZone }: { timeZone?: string } = {}) {
  const client = useApiClient();
  return useSWR(ticketStatsKey(months, timeZone), () => client.ticketStats.monthly(months, timeZone));
}
