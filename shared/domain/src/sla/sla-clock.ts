import { type LookupItem, STATUS } from '../lookups';
import { addBusinessMinutes, businessMinutesBetween, type BusinessHours } from './business-hours';

// A ticket's response-time clock (docs/product/response-times.md#the-clock): business minutes since the ticket was
// opened, paused while it waits on the client (Need More Info, Testing); first the first response is due, then
// the resolution. Everything is computed from the ticket, its status lines and its notes at an instant `now`.

export type SlaTarget = 'first_response' | 'resolution';
export type SlaLevel = 'ok' | 'at-risk' | 'breached';

/** One priority's promise, in business minutes; null: no promise of that kind. */
export interface PriorityTarget {
  priority_id: number;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

/** The share of a target used from which a ticket is at risk (turns amber). */
export const SLA_AT_RISK_SHARE = 0.75;
/** The longest target an admin may set: a year of business minutes is far beyond any promise. */
export const SLA_TARGET_MAX_MINUTES = 525_600;

/** Statuses in which the ticket waits on the client and its clock stands still. */
export const SLA_PAUSED_STATUSES: readonly number[] = [STATUS.needMoreInfo, STATUS.testing];

export interface SlaState {
  target: SlaTarget;
  /** When the target is (or was) reached; while paused, when it would be if the clock ran again now. */
  due_at: string;
  /** When the ticket turns at risk (75 % of the target used), on the same terms. */
  at_risk_at: string;
  /** Business minutes left (negative: over by that much). */
  left_minutes: number;
  state: SlaLevel;
  /** The ticket waits on the client: the clock stands still. */
  paused: boolean;
}

/** A status the ticket entered at an instant (a status line's). */
export interface StatusEntry {
  at: string;
  status_id: number;
}

export interface SlaTicket {
  priority_id: number;
  status_id: number;
  date_created: string;
  /** The status before the first change (none known: the current one). */
  initial_status_id: number;
  /** The changes, oldest first. */
  changes: readonly StatusEntry[];
  /** The first public note by staff, or null. */
  first_response_at: string | null;
}

/** A target of the list by priority (a company's own list replaces the whole default list). */
export function targetFor(targets: readonly PriorityTarget[], priorityId: number): PriorityTarget | null {
  return targets.find((t) => t.priority_id === priorityId) ?? null;
}

/** The spans in which the clock ran, from the ticket's opening to `now`: never while waiting on the client or closed. */
export function runningSpans(ticket: SlaTicket, now: Date): { from: Date; to: Date }[] {
  const spans: { from: Date; to: Date }[] = [];
  let status = ticket.initial_status_id;
  let since = Date.parse(ticket.date_created);
  const end = now.getTime();
  const entries = [...ticket.changes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const close = (until: number) => {
    if (hasSlaClock(status) && !SLA_PAUSED_STATUSES.includes(status) && until > since) spans.push({ from: new Date(since), to: new Date(until) });
  };
  for (const entry of entries) {
    const at = Math.min(Math.max(Date.parse(entry.at), since), end);
    close(at);
    status = entry.status_id;
    since = at;
  }
  status = ticket.status_id;
  close(end);
  return spans;
}

/** A ticket's clock runs until it is completed or cancelled (Need More Info and Ready To Launch are still open). */
export function hasSlaClock(statusId: number): boolean {
  return statusId !== STATUS.complete && statusId !== STATUS.cancelled;
}

/**
 * The ticket's next due target at `now` and how it stands; null for a closed ticket or one with no promise.
 * Until staff first answer in public, the first response is due; then the resolution.
 */
export function slaStateOf(ticket: SlaTicket, targets: readonly PriorityTarget[], hours: BusinessHours, now: Date): SlaState | null {
  if (!hasSlaClock(ticket.status_id)) return null;
  const target = targetFor(targets, ticket.priority_id);
  if (!target) return null;
  const responded = ticket.first_response_at !== null && Date.parse(ticket.first_response_at) <= now.getTime();
  const kind: SlaTarget | null = !responded && target.first_response_minutes !== null ? 'first_response'
    : target.resolution_minutes !== null ? 'resolution' : null;
  if (kind === null) return null;
  const minutes = (kind === 'first_response' ? target.first_response_minutes : target.resolution_minutes)!;
  const spans = runningSpans(ticket, now);
  const paused = SLA_PAUSED_STATUSES.includes(ticket.status_id);
  const used = spans.reduce((sum, span) => sum + businessMinutesBetween(span.from, span.to, hours), 0);
  const dueAt = instantAfter(spans, minutes, hours, now) ?? now;
  const atRiskAt = instantAfter(spans, minutes * SLA_AT_RISK_SHARE, hours, now) ?? now;
  const left = Math.ceil(minutes - used - 1e-9) || 0;
  const state: SlaLevel = used >= minutes ? 'breached' : used >= minutes * SLA_AT_RISK_SHARE ? 'at-risk' : 'ok';
  return { target: kind, due_at: dueAt.toISOString(), at_risk_at: atRiskAt.toISOString(), left_minutes: left, state, paused };
}

/** The instant the clock reached (or will reach, running again from `now`) `minutes` business minutes. */
export function instantAfter(spans: readonly { from: Date; to: Date }[], minutes: number, hours: BusinessHours, now: Date): Date | null {
  let left = minutes;
  for (const span of spans) {
    const inSpan = businessMinutesBetween(span.from, span.to, hours);
    if (inSpan >= left) return addBusinessMinutes(span.from, left, hours);
    left -= inSpan;
  }
  return addBusinessMinutes(now, left, hours);
}

const CHANGED = /^(?:Status changed|Ticket reopened): (.+) → (.+)\.$/;
const CLOSED = /^Ticket (cancelled|completed) \(was (.+)\)\.$/;

function statusIdOf(name: string, statuses: readonly LookupItem[]): number | null {
  const listed = statuses.find((s) => s.name === name);
  if (listed) return listed.id;
  const unnamed = /^status (\d+)$/.exec(name);
  return unnamed ? Number(unnamed[1]) : null;
}

/**
 * A status line's move (the lines statusLineNote writes, docs/product/tickets.md#status-lines), read back: the
 * status left and the one entered; null for a line that is not one.
 */
export function statusMoveOf(note: string, statuses: readonly LookupItem[]): { from: number | null; to: number } | null {
  const closed = CLOSED.exec(note);
  if (closed) return { from: statusIdOf(closed[2]!, statuses), to: closed[1] === 'cancelled' ? STATUS.cancelled : STATUS.complete };
  const changed = CHANGED.exec(note);
  if (!changed) return null;
  const to = statusIdOf(changed[2]!, statuses);
  return to === null ? null : { from: statusIdOf(changed[1]!, statuses), to };
}

/** A note of the feed as the clock reads it. */
export interface SlaNote {
  date_created: string;
  note: string;
  /** 'status' for a status line. */
  source?: string | null;
  /** The writer is staff. */
  by_staff: boolean;
  /** A staff-only note; missing reads as public. */
  internal?: boolean | number | null;
}

/** The clock's reading of a ticket from its row and its notes (any order). */
export function slaTicketOf(
  ticket: { priority_id: number; status_id: number; date_created: string },
  notes: readonly SlaNote[],
  statuses: readonly LookupItem[],
): SlaTicket {
  const ordered = [...notes].sort((a, b) => Date.parse(a.date_created) - Date.parse(b.date_created));
  const changes: StatusEntry[] = [];
  let initial: number | null = null;
  let firstResponse: string | null = null;
  for (const item of ordered) {
    if (item.source === 'status') {
      const move = statusMoveOf(item.note, statuses);
      if (!move) continue;
      if (changes.length === 0 && move.from !== null) initial = move.from;
      changes.push({ at: item.date_created, status_id: move.to });
    } else if (firstResponse === null && item.by_staff && !item.internal) {
      firstResponse = item.date_created;
    }
  }
  return { ...ticket, initial_status_id: initial ?? ticket.status_id, changes, first_response_at: firstResponse };
}
