import useSWR from 'swr';
import {
  contactTimeEntry, contactTimeTotal, listedTicket, monthlyTime, type ContactTimeEntry, type ContactTimeTotal, type ListedTicket,
  type MonthlyTime,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

/** Spec 001 §7: the agent page refreshes every 5 seconds. */
export const AGENT_DASHBOARD_POLL_MS = 5000;

function query(params: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(params).filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}`;
}

export const agentTicketsKey = (contactId: number) => `/contact/${contactId}/tickets`;
export const contactTimeTotalKey = (contactId: number, period: 'currenttime' | 'ytdtime', timeZone?: string) =>
  `/contact/${contactId}/${period}${query({ time_zone: timeZone })}`;
export const contactTimeEntriesKey = (contactId: number, fromMonth: string, toMonth: string, timeZone?: string) =>
  `/contact/${contactId}/time${query({ from: fromMonth, to: toMonth, time_zone: timeZone })}`;
export const contactMonthlyTimeKey = (contactId: number, months: number, timeZone?: string) =>
  `/contact/${contactId}/time/monthly${query({ months, time_zone: timeZone })}`;

export interface AgentDashboardApi {
  /** The agent's open tickets (status at most 4 or at least 7), by priority then due date. */
  tickets(contactId: number): Promise<ListedTicket[]>;
  currentTime(contactId: number, timeZone?: string): Promise<ContactTimeTotal>;
  ytdTime(contactId: number, timeZone?: string): Promise<ContactTimeTotal>;
  /** Time entries of the months 'YYYY-MM'..'YYYY-MM', both included. */
  timeEntries(contactId: number, fromMonth: string, toMonth: string, timeZone?: string): Promise<ContactTimeEntry[]>;
  /** Units and pay per month, oldest first (the My Time chart). */
  monthlyTime(contactId: number, months: number, timeZone?: string): Promise<MonthlyTime[]>;
}

export function createAgentDashboardApi(http: Http): AgentDashboardApi {
  return {
    tickets: (contactId) => http('GET', agentTicketsKey(contactId), listedTicket.array()),
    currentTime: (contactId, timeZone) => http('GET', contactTimeTotalKey(contactId, 'currenttime', timeZone), contactTimeTotal),
    ytdTime: (contactId, timeZone) => http('GET', contactTimeTotalKey(contactId, 'ytdtime', timeZone), contactTimeTotal),
    timeEntries: (contactId, fromMonth, toMonth, timeZone) =>
      http('GET', contactTimeEntriesKey(contactId, fromMonth, toMonth, timeZone), contactTimeEntry.array()),
    monthlyTime: (contactId, months, timeZone) => http('GET', contactMonthlyTimeKey(contactId, months, timeZone), monthlyTime.array()),
  };
}

const polled = {
  refreshInterval: AGENT_DASHBOARD_POLL_MS,
  refreshWhenHidden: false,
  shouldRetryOnError: false,
} as const;

/** The agent's tickets and the pay counters, refreshed every 5 seconds. */
export function useAgentDashboard(contactId: number | null | undefined, { timeZone }: { timeZone?: string } = {}) {
  const client = useApiClient();
  const id = contactId ?? 0;
  const tickets = useSWR(id ? agentTicketsKey(id) : null, () => client.agentDashboard.tickets(id), polled);
  const current = useSWR(id ? contactTimeTotalKey(id, 'currenttime', timeZone) : null, () => client.agentDashboard.currentTime(id, timeZone), polled);
  const ytd = useSWR(id ? contactTimeTotalKey(id, 'ytdtime', timeZone) : null, () => client.agentDashboard.ytdTime(id, timeZone), polled);
  return { tickets, current, ytd };
}

/** The time tab: entries of a month range and the monthly series, refreshed every 5 seconds. */
export function useAgentTime(
  contactId: number | null | undefined,
  { fromMonth, toMonth, months, timeZone }: { fromMonth: string; toMonth: string; months: number; timeZone?: string },
) {
  const client = useApiClient();
  const id = contactId ?? 0;
  const entries = useSWR(
    id ? contactTimeEntriesKey(id, fromMonth, toMonth, timeZone) : null,
    () => client.agentDashboard.timeEntries(id, fromMonth, toMonth, timeZone),
    polled,
  );
  const monthly = useSWR(
    id ? contactMonthlyTimeKey(id, months, timeZone) : null,
    () => client.agentDashboard.monthlyTime(id, months, timeZone),
    polled,
  );
  return { entries, monthly };
}
