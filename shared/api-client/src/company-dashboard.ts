import useSWR, { useSWRConfig } from 'swr';
import {
  companyTimeTotal, companyUpdateAnswer, type CompanyTimeTotal, type CompanyUpdate, type CompanyUpdateAnswer,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import { companiesKey, companyKey, companyTicketsKey } from './companies';
import type { Http } from './http';

/** Spec 001 §7: the client dashboard refreshes every second while nothing is being edited. */
export const CLIENT_DASHBOARD_POLL_MS = 1000;

type TimePeriod = 'currenttime' | 'ytdtime';

function withTimeZone(path: string, timeZone?: string): string {
  return timeZone ? `${path}?time_zone=${encodeURIComponent(timeZone)}` : path;
}

export const companyTimeKey = (companyId: number, period: TimePeriod, timeZone?: string) =>
  withTimeZone(`/company/${companyId}/${period}`, timeZone);

export interface CompanyDashboardApi {
  /** Units (and value for admins and clients) logged for the company this calendar month. */
  currentTime(companyId: number, timeZone?: string): Promise<CompanyTimeTotal>;
  /** The same from 1 January. */
  ytdTime(companyId: number, timeZone?: string): Promise<CompanyTimeTotal>;
  /** Mode (admins; 3 and 4 close the open tickets) and/or note (staff). */
  update(companyId: number, changes: CompanyUpdate): Promise<CompanyUpdateAnswer>;
}

export function createCompanyDashboardApi(http: Http): CompanyDashboardApi {
  return {
    currentTime: (companyId, timeZone) => http('GET', companyTimeKey(companyId, 'currenttime', timeZone), companyTimeTotal),
    ytdTime: (companyId, timeZone) => http('GET', companyTimeKey(companyId, 'ytdtime', timeZone), companyTimeTotal),
    update: (companyId, changes) => http('PUT', companyKey(companyId), companyUpdateAnswer, { body: changes }),
  };
}

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
  const current = useSWR(id ? companyTimeKey(id, 'currenttime', timeZone) : null, () => client.companyDashboard.currentTime(id, timeZone), options);
  const ytd = useSWR(id ? companyTimeKey(id, 'ytdtime', timeZone) : null, () => client.companyDashboard.ytdTime(id, timeZone), options);
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
      const saved = await client.companyDashboard.update(companyId, { mode });
      await refreshCompany(companyId);
      return saved;
    },
    async saveNote(companyId: number, note: string) {
      const saved = await client.companyDashboard.update(companyId, { note });
      await mutate(companyKey(companyId));
      return saved;
    },
    /** After the embedded new-ticket form created one: the list shows it without a reload. */
    async ticketCreated(companyId: number) {
      await mutate(companyTicketsKey(companyId));
    },
  };
}
