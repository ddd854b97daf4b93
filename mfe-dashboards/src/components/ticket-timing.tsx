import type { TicketStatsMonth } from '@portal/contract';
import { roundHours } from '@portal/domain';
import { useDurations } from '../lib/use-durations';
import { useT } from '../messages';
import type { Counter } from './counter-strip';

/** Months of ticket stats behind the timing counters and the stats page. */
export const STATS_MONTHS = 12;

/** The mean over several months, each month's mean weighted by how many tickets it covers. */
function weightedMean(months: readonly TicketStatsMonth[], count: 'assigned' | 'closed', mean: 'avg_hours_to_assignment' | 'avg_hours_to_completion') {
  let weight = 0;
  let sum = 0;
  for (const month of months) {
    const value = month[mean];
    if (value === null || month[count] === 0) continue;
    weight += month[count];
    sum += value * month[count];
  }
  return weight === 0 ? null : roundHours(sum / weight);
}

/** 'Time to Assignment' and 'Time to Completion' from the real dates, never a fixed placeholder (docs/product/dashboards.md#staff-list-and-kanban). */
export function useTicketTimingCounters(months: readonly TicketStatsMonth[] | undefined): Counter[] {
  const t = useT();
  const durations = useDurations();
  return [
    { label: t('timing.toAssignment'), value: months ? durations.hours(weightedMean(months, 'assigned', 'avg_hours_to_assignment')) : '…' },
    { label: t('timing.toCompletion'), value: months ? durations.hours(weightedMean(months, 'closed', 'avg_hours_to_completion')) : '…' },
  ];
}
