import {
  useContactMonthlyTime, useContactTickets, useContactTimeEntries, useContactTimeTotals, type ReadOptions,
} from '@portal/api-client';

/** Spec 001 §7: the agent page refreshes every 5 seconds. */
export const AGENT_DASHBOARD_POLL_MS = 5000;

const polled: ReadOptions = {
  refreshInterval: AGENT_DASHBOARD_POLL_MS,
  refreshWhenHidden: false,
  shouldRetryOnError: false,
};

/** The agent's tickets and the pay counters, refreshed every 5 seconds. */
export function useAgentDashboard(contactId: number | null | undefined, { timeZone }: { timeZone?: string } = {}) {
  const tickets = useContactTickets(contactId, polled);
  const current = useContactTimeTotals(contactId, 'currenttime', { timeZone, ...polled });
  const ytd = useContactTimeTotals(contactId, 'ytdtime', { timeZone, ...polled });
  return { tickets, current, ytd };
}

/** The time tab: entries of a month range and the monthly series, refreshed every 5 seconds. */
export function useAgentTime(
  contactId: number | null | undefined,
  { fromMonth, toMonth, months, timeZone }: { fromMonth: string; toMonth: string; months: number; timeZone?: string },
) {
  const entries = useContactTimeEntries(contactId, { fromMonth, toMonth, timeZone, ...polled });
  const monthly = useContactMonthlyTime(contactId, { months, timeZone, ...polled });
  return { entries, monthly };
}
