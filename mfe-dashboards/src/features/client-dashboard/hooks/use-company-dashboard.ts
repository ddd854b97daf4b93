import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  companiesKey, companyKey, companyTicketsKey, useApiClient, useCompany, useCompanyHistory, useCompanyTickets, useCompanyTimeTotals, useLiveStatus,
  type ReadOptions,
} from '@portal/api-client';
import { HISTORY_PAGE_SIZE, keyMatches, nextListLimit, pollInterval } from '@portal/domain';

/** The client dashboard refreshes every second (docs/product/dashboards.md#refresh-and-live-updates) while nothing is being edited (every 30 s while the live stream is open). */
export const CLIENT_DASHBOARD_POLL_MS = 1000;

export interface DashboardPolling {
  /** While true nothing refreshes (a modal or an editor is open). */
  paused?: boolean;
  timeZone?: string;
}

function pollOptions(paused: boolean, live: boolean): ReadOptions {
  return {
    refreshInterval: paused ? 0 : pollInterval(CLIENT_DASHBOARD_POLL_MS, live),
    refreshWhenHidden: false,
    revalidateOnFocus: !paused,
    // A failed poll keeps the last good data on screen; the next tick tries again.
    shouldRetryOnError: false,
  };
}

/**
 * Everything the client dashboard shows for one company, refreshed every second unless paused:
 * the company, its tickets and the current-month and YTD totals (the same cache keys as every other reader).
 */
export function useCompanyDashboard(companyId: number | null | undefined, { paused = false, timeZone }: DashboardPolling = {}) {
  const options = pollOptions(paused, useLiveStatus());
  const company = useCompany(companyId, options);
  const tickets = useCompanyTickets(companyId, options);
  const current = useCompanyTimeTotals(companyId, 'currenttime', { timeZone, ...options });
  const ytd = useCompanyTimeTotals(companyId, 'ytdtime', { timeZone, ...options });
  return { company, tickets, current, ytd };
}

/**
 * The company's history list (docs/product/dashboards.md#ticket-history): the newest page, one page more
 * with each "Show more", refreshed with the dashboard while it is not paused.
 */
export function useCompanyHistoryList(companyId: number, { paused = false }: { paused?: boolean } = {}) {
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const history = useCompanyHistory(companyId, limit, pollOptions(paused, useLiveStatus()));
  return { ...history, limit, showMore: () => setLimit((current) => nextListLimit(current, HISTORY_PAGE_SIZE)) };
}

/**
 * The dashboard's company changes and the new-ticket refresh. A mode change revalidates the company,
 * its tickets and time totals (mode 3 and 4 close open tickets); a note only the company. Errors reach the caller.
 */
export function useCompanyDashboardMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refreshCompany = (companyId: number) =>
    Promise.all([
      mutate(companyKey(companyId)),
      mutate(companyTicketsKey(companyId)),
      // Mode 3 and 4 cancel or complete open tickets: they move into the history list.
      mutate((key) => typeof key === 'string' && keyMatches(`/company/${companyId}/tickets/history`, key)),
      mutate(companiesKey),
      mutate((key) => typeof key === 'string' && key.startsWith(`/company/${companyId}/`) && /time/.test(key)),
    ]);
  return {
    async saveMode(companyId: number, mode: number) {
      const saved = await client.companies.update(companyId, { mode });
      await refreshCompany(companyId);
      return saved;
    },
    async saveNote(companyId: number, note: string) {
      const saved = await client.companies.update(companyId, { note });
      await mutate(companyKey(companyId));
      return saved;
    },
    /** After the embedded new-ticket form created one: the list shows it without a reload. */
    async ticketCreated(companyId: number) {
      await mutate(companyTicketsKey(companyId));
    },
  };
}
