import useSWR from 'swr';
import type { TicketStatsMonth } from '@portal/contract';
import { pathOf, statsEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const ticketStatsKey = (months: number, timeZone?: string) => pathOf(api.ticketStats, {}, { months, time_zone: timeZone || undefined });

export interface StatsApi {
  /** Opened, closed, assigned and the mean times to assignment and completion, month by month, oldest first. */
  tickets(months: number, timeZone?: string): Promise<TicketStatsMonth[]>;
}

export function createStatsApi(http: Http): StatsApi {
  return {
    tickets: (months, timeZone) => http(api.ticketStats, { query: { months, time_zone: timeZone || undefined } }),
  };
}

export function useTicketStats(months: number, { timeZone }: { timeZone?: string } = {}) {
  const client = useApiClient();
  return useSWR(ticketStatsKey(months, timeZone), () => client.stats.tickets(months, timeZone));
}
