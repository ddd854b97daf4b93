import type { ListPrefs, ListSortField } from './list-prefs';
import { type LookupItem, lookupName, STATUS } from './lookups';

// Reaching all history (docs/product/dashboards.md#ticket-history, docs/product/tickets.md#status-lines):
// the client dashboard's history list, the staff list's pages and the activity feed's older notes.

/** Tickets listed in a company's history: Complete and Cancelled (a cancelled ticket never vanishes). */
export const HISTORY_STATUSES: readonly number[] = [STATUS.complete, STATUS.cancelled];

export function isHistoryTicket(statusId: number): boolean {
  return HISTORY_STATUSES.includes(statusId);
}

/** How many tickets one "Show more" adds to the history list and to the staff list. */
export const HISTORY_PAGE_SIZE = 20;
export const STAFF_LIST_PAGE_SIZE = 50;
/** The most a list answers at once (the page a person has shown by pressing "Show more"). */
export const LIST_LIMIT_MAX = 1000;

/** The limit after one more "Show more": one page more, never above the maximum. */
export function nextListLimit(current: number, pageSize: number): number {
  return Math.min(LIST_LIMIT_MAX, Math.max(0, current) + pageSize);
}

/** 'Showing 20 of 57' and whether "Show more" has anything left to show. */
export function listProgress(shown: number, total: number): { text: string; hasMore: boolean } {
  return { text: `Showing ${Math.min(shown, total)} of ${total}`, hasMore: shown < total && shown < LIST_LIMIT_MAX };
}

/** The badge a history entry carries: its status name for a cancelled ticket ('Cancelled'); none for a completed one. */
export function historyBadge(statusId: number, statuses: readonly LookupItem[]): string | null {
  return statusId === STATUS.cancelled ? lookupName(statuses, statusId, 'Cancelled') : null;
}

/** A history entry's date: the completion for a completed ticket, the cancellation (its last change) for a cancelled one. */
export interface ClosedTicket {
  ticket_id: number;
  date_closed: string;
}

/** History order: newest closing first, then the newer ticket. */
export function compareHistory(a: ClosedTicket, b: ClosedTicket): number {
  if (a.date_closed !== b.date_closed) return a.date_closed < b.date_closed ? 1 : -1;
  return b.ticket_id - a.ticket_id;
}

/**
 * The staff list's order as the server applies it (docs/product/dashboards.md#list-preferences), the same
 * order compareTickets gives a loaded list: the sorted value in the saved direction (priority DESC is
 * the most urgent first), tickets without the value last either way, ties by ticket number.
 */
export interface ListOrderTerm {
  column: 'priority_id' | 'date_created' | 'date_due' | 'company_name';
  direction: 'asc' | 'desc';
  nullsLast: boolean;
}

export function staffListOrder(prefs: Pick<ListPrefs, 'sortBy' | 'direction'>): ListOrderTerm[] {
  const descending = prefs.direction === 'DESC';
  const columns: Record<ListSortField, ListOrderTerm['column']> = {
    priorityId: 'priority_id', dateCreated: 'date_created', dateDue: 'date_due', company: 'company_name',
  };
  // Priority ids run from 1 Urgent to 4 Low: "highest first" is the smallest id first.
  const flip = prefs.sortBy === 'priorityId';
  return [{ column: columns[prefs.sortBy], direction: descending !== flip ? 'desc' : 'asc', nullsLast: prefs.sortBy === 'dateDue' }];
}

// Status lines: a status change written into the activity feed by the change itself.

/** activity.source of a status line (a note a person wrote has none, or 'mail'). */
export const STATUS_LINE_SOURCE = 'status';

export function isStatusLine(item: { source?: string | null }): boolean {
  return item.source === STATUS_LINE_SOURCE;
}

/**
 * The line a status change writes, or null when the status did not change: cancelling, completing and
 * reopening say so; any other move names both statuses.
 */
export function statusLineNote(fromId: number, toId: number, statuses: readonly LookupItem[]): string | null {
  if (fromId === toId) return null;
  const from = lookupName(statuses, fromId, `status ${fromId}`);
  const to = lookupName(statuses, toId, `status ${toId}`);
  if (toId === STATUS.cancelled) return `Ticket cancelled (was ${from}).`;
  if (toId === STATUS.complete) return `Ticket completed (was ${from}).`;
  if (isHistoryTicket(fromId)) return `Ticket reopened: ${from} → ${to}.`;
  return `Status changed: ${from} → ${to}.`;
}

/** What a status line says, for a screen to say it in its reader's language: which kind of move, from and to which status (as named). */
export interface StatusLineParts {
  kind: 'cancelled' | 'completed' | 'reopened' | 'changed';
  from: string;
  to: string;
}

const STATUS_LINE_FORMS: readonly [StatusLineParts['kind'], RegExp][] = [
  ['cancelled', /^Ticket cancelled \(was (.+)\)\.$/s],
  ['completed', /^Ticket completed \(was (.+)\)\.$/s],
  ['reopened', /^Ticket reopened: (.+) → (.+)\.$/s],
  ['changed', /^Status changed: (.+) → (.+)\.$/s],
];

/** A stored status line (statusLineNote's words) read back into its parts; null for any other text (shown as it is). */
export function statusLineParts(note: string): StatusLineParts | null {
  for (const [kind, form] of STATUS_LINE_FORMS) {
    const found = form.exec(note);
    if (found) return { kind, from: found[1]!, to: found[2] ?? '' };
  }
  return null;
}

// The activity feed's pages: newest first, older notes by a cursor (the last item's date and id).

export const ACTIVITY_PAGE_SIZE = 20;

export interface ActivityPosition {
  activity_id: number;
  date_created: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_(\d+)$/;

/** The cursor after `item`: the notes older than it come next. */
export function activityCursor(item: ActivityPosition): string {
  return `${item.date_created}_${item.activity_id}`;
}

export function parseActivityCursor(text: string): ActivityPosition | null {
  const match = CURSOR.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { date_created: match[1]!, activity_id: Number(match[2]) };
}

/** Feed order: newest first, the later id first at the same instant. */
export function compareActivity(a: ActivityPosition, b: ActivityPosition): number {
  if (a.date_created !== b.date_created) return a.date_created < b.date_created ? 1 : -1;
  return b.activity_id - a.activity_id;
}
