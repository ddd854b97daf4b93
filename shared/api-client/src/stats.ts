import useSWR from 'swr';
import type { TicketStatsMonth } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const ticketStatsKey = (months: number, timeZone?: string) =>
  `/stats/tickets?months=${months}${timeZone ? `&time_zone=${encodeURIComponent(timeZone)}` : ''}`;

export interface StatsApi {
  /** Opened, closed, assigned and the mean times to assignment and completion, month by month, oldest first. */
  tickets(months: number, timeZone?: string): Promise<TicketStatsMonth[]>;
}

export function createStatsApi(http: Http): StatsApi {
  return {
    tickets: (months, timeZone) => http('GET', ticketStatsKey(months, timeZone), (c) => c.ticketStatsMonth.array()),
  };
}

export function useTicketStats(months: number, { timeZone }: { timeZone?: string } = {}) {
  const client = useApiClient();
  return useSWR(ticketStatsKey(months, timeZone), () => client.stats.tickets(months, timeZone));
}
