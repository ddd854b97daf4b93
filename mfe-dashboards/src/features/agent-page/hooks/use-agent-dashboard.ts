import {
  useContactMonthlyTime, useContactTickets, useContactTimeEntries, useContactTimeTotals, useLiveStatus, type ReadOptions,
} from '@portal/api-client';
import { pollInterval } from '@portal/domain';

/** The agent page refreshes every 5 seconds (docs/product/dashboards.md#refresh-and-live-updates) (every 30 s while the live stream is open). */
export const AGENT_DASHBOARD_POLL_MS = 5000;

function usePolled(): ReadOptions {
  return {
    refreshInterval: pollInterval(AGENT_DASHBOARD_POLL_MS, useLiveStatus()),
    refreshWhenHidden: false,
    shouldRetryOnError: false,
  };
}

/** The agent's tickets and the pay counters, refreshed every 5 seconds. */
export function useAgentDashboard(contactId: number | null | undefined, { timeZone }: { timeZone?: string } = {}) {
  const polled = usePolled();
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
  const polled = usePolled();
  const entries = useContactTimeEntries(contactId, { fromMonth, toMonth, timeZone, ...polled });
  const monthly = useContactMonthlyTime(contactId, { months, timeZone, ...polled });
  return { entries, monthly };
}
