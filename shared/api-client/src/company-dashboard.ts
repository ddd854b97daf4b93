import useSWR, { useSWRConfig } from 'swr';
import { useApiClient } from './api-client-context';
import { companiesKey, companyKey, companyTicketsKey, companyTimeKey } from './companies';

/** Spec 001 §7: the client dashboard refreshes every second while nothing is being edited. */
export const CLIENT_DASHBOARD_POLL_MS = 1000;

export interface DashboardPolling {
  /** While true nothing refreshes (a modal or an editor is open). */
  paused?: boolean;
  timeZone?: string;
}

function pollOptions(paused: boolean) {
  return {
    refreshInterval: paused ? 0 : CLIENT_DASHBOARD_POLL_MS,
    refreshWhenHidden: false,
    revalidateOnFocus: !paused,
    // A failed poll keeps the last good data on screen; the next tick tries again.
    shouldRetryOnError: false,
  };
}

/**
 * Everything the client dashboard shows for one company, refreshed every second unless paused:
 * the company, its tickets (same key as useCompanyTickets) and the current-month and YTD totals.
 */
export function useCompanyDashboard(companyId: number | null | undefined, { paused = false, timeZone }: DashboardPolling = {}) {
  const client = useApiClient();
  const options = pollOptions(paused);
  const id = companyId ?? 0;
  const company = useSWR(id ? companyKey(id) : null, () => client.companies.get(id), options);
  const tickets = useSWR(id ? companyTicketsKey(id) : null, () => client.companies.tickets(id), options);
  const current = useSWR(id ? companyTimeKey(id, 'currenttime', timeZone) : null, () => client.companies.currentTime(id, timeZone), options);
  const ytd = useSWR(id ? companyTimeKey(id, 'ytdtime', timeZone) : null, () => client.companies.ytdTime(id, timeZone), options);
  return { company, tickets, current, ytd };
}

/** Company changes and the new-ticket refresh; each revalidates what it changes. Errors reach the caller. */
export function useCompanyDashboardMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refreshCompany = (companyId: number) =>
    Promise.all([
      mutate(companyKey(companyId)),
      mutate(companyTicketsKey(companyId)),
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
