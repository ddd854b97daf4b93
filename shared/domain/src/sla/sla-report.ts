import { monthLabel } from '../billing';
import { isAdmin } from '../groups';
import { parseYearMonth } from '../periods';
import { businessMinutesBetween, startOfLocalDate, type BusinessHours } from './business-hours';
import { instantAfter, runningSpans, targetFor, type PriorityTarget, type SlaTarget, type SlaTicket } from './sla-clock';

// How each promise of a ticket turned out, the warnings before a breach and the monthly report
// (docs/product/response-times.md#warnings-and-breaches, #the-monthly-report).

/** The monthly report is the admins' (docs/product/response-times.md#the-monthly-report). */
export function canReadSlaReport(reader: { groupId: number }): boolean {
  return isAdmin(reader.groupId);
}

/** met: answered or completed in time; missed: the target was used up; pending: still running (or never decided). */
export type SlaOutcomeState = 'met' | 'missed' | 'pending';

export interface SlaOutcome {
  target: SlaTarget;
  target_minutes: number;
  /** Business minutes the clock ran until the target was met, or until now while it was not. */
  used_minutes: number;
  /** The first response came (or, for the resolution, the ticket was completed). */
  done: boolean;
  state: SlaOutcomeState;
  /** When the target fell (or falls, the clock running on) due. */
  due_at: string;
}

const usedOf = (spans: readonly { from: Date; to: Date }[], hours: BusinessHours) =>
  spans.reduce((sum, span) => sum + businessMinutesBetween(span.from, span.to, hours), 0);

/**
 * Each promise of the ticket at `now`, first response then resolution: met when answered (or completed) within its
 * minutes, missed once its minutes were used up (answered late, or still not), pending otherwise.
 */
export function slaOutcomesOf(
  ticket: SlaTicket & { completed: boolean }, targets: readonly PriorityTarget[], hours: BusinessHours, now: Date,
): SlaOutcome[] {
  const target = targetFor(targets, ticket.priority_id);
  if (!target) return [];
  const outcomes: SlaOutcome[] = [];
  const outcome = (kind: SlaTarget, minutes: number, end: Date, done: boolean): SlaOutcome => {
    const spans = runningSpans(ticket, end);
    const used = usedOf(spans, hours);
    const state: SlaOutcomeState = done ? (used <= minutes ? 'met' : 'missed') : used >= minutes ? 'missed' : 'pending';
    const due = instantAfter(spans, minutes, hours, end) ?? end;
    return { target: kind, target_minutes: minutes, used_minutes: used, done, state, due_at: due.toISOString() };
  };
  if (target.first_response_minutes !== null) {
    const answered = ticket.first_response_at !== null && Date.parse(ticket.first_response_at) <= now.getTime();
    outcomes.push(outcome('first_response', target.first_response_minutes, answered ? new Date(ticket.first_response_at!) : now, answered));
  }
  if (target.resolution_minutes !== null) outcomes.push(outcome('resolution', target.resolution_minutes, now, ticket.completed));
  return outcomes;
}

/** A ticket of the report: who it is and how its promises turned out. */
export interface SlaReportTicket {
  ticket_id: number;
  title: string;
  company_id: number;
  company_name: string;
  outcomes: readonly SlaOutcome[];
}

export interface SlaTargetSummary {
  met: number;
  missed: number;
  /** Met of the decided ones (met and missed), one decimal; null when none was decided. */
  met_percent: number | null;
  /** The median business minutes to the first response (or to completion), whole minutes; null when none came. */
  median_minutes: number | null;
}

export interface SlaBreach {
  ticket_id: number;
  title: string;
  company_id: number;
  company_name: string;
  target: SlaTarget;
  /** When the target fell due. */
  due_at: string;
}

export interface SlaReportPart {
  /** Tickets with a promise. */
  tickets: number;
  first_response: SlaTargetSummary;
  resolution: SlaTargetSummary;
  breaches: SlaBreach[];
}

export interface SlaReport {
  companies: (SlaReportPart & { company_id: number; company_name: string })[];
  total: SlaReportPart;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summaryOf(outcomes: readonly SlaOutcome[]): SlaTargetSummary {
  const met = outcomes.filter((o) => o.state === 'met').length;
  const missed = outcomes.filter((o) => o.state === 'missed').length;
  const middle = median(outcomes.filter((o) => o.done).map((o) => o.used_minutes));
  return {
    met,
    missed,
    met_percent: met + missed === 0 ? null : Math.round((met / (met + missed)) * 1000) / 10,
    median_minutes: middle === null ? null : Math.round(middle),
  };
}

function partOf(tickets: readonly SlaReportTicket[]): SlaReportPart {
  const promised = tickets.filter((t) => t.outcomes.length > 0);
  const all = promised.flatMap((t) => t.outcomes.map((o) => ({ ticket: t, outcome: o })));
  const breaches = all
    .filter(({ outcome }) => outcome.state === 'missed')
    .map(({ ticket, outcome }) => ({
      ticket_id: ticket.ticket_id, title: ticket.title, company_id: ticket.company_id, company_name: ticket.company_name, target: outcome.target, due_at: outcome.due_at,
    }))
    .sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || a.ticket_id - b.ticket_id);
  return {
    tickets: promised.length,
    first_response: summaryOf(all.filter(({ outcome }) => outcome.target === 'first_response').map(({ outcome }) => outcome)),
    resolution: summaryOf(all.filter(({ outcome }) => outcome.target === 'resolution').map(({ outcome }) => outcome)),
    breaches,
  };
}

/** The report over the tickets opened in a month: one part per company with a promised ticket (by name), and the total. */
export function slaReportOf(tickets: readonly SlaReportTicket[]): SlaReport {
  const byCompany = new Map<number, SlaReportTicket[]>();
  for (const ticket of tickets) {
    if (ticket.outcomes.length === 0) continue;
    byCompany.set(ticket.company_id, [...(byCompany.get(ticket.company_id) ?? []), ticket]);
  }
  const companies = [...byCompany.values()]
    .map((list) => ({ company_id: list[0]!.company_id, company_name: list[0]!.company_name, ...partOf(list) }))
    .sort((a, b) => a.company_name.localeCompare(b.company_name) || a.company_id - b.company_id);
  return { companies, total: partOf(tickets) };
}

/** The instants a month ('YYYY-MM') begins and ends in the business hours' zone; null for a text that is not a month. */
export function monthBoundsIn(month: string, zone: string): { from: Date; to: Date } | null {
  const parsed = parseYearMonth(month);
  if (!parsed) return null;
  const next = parsed.month === 12 ? { year: parsed.year + 1, month: 1 } : { year: parsed.year, month: parsed.month + 1 };
  const first = (ym: { year: number; month: number }) => `${String(ym.year).padStart(4, '0')}-${String(ym.month).padStart(2, '0')}-01`;
  return { from: startOfLocalDate(first(parsed), zone), to: startOfLocalDate(first(next), zone) };
}

/** The texts of the report page (warnings and breaches are worded by the API in their reader's language). */
export const SLA_NOTICES = {
  /** The report's empty state: 'No tickets with response-time promises in March 2026'. */
  reportEmpty: (month: string) => `No tickets with response-time promises in ${monthLabel(month)}`,
} as const;
