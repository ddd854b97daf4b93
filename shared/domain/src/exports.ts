// Who exports what as CSV (docs/product/integrations.md#exports): staff the ticket list they see and time, an agent
// only its own time (as its agent page shows it), admins everyone's time and the invoices (billing is theirs).
import { canListStaffTickets, canViewBilling, type Viewer } from './policy';
import { isAdmin, isStaff } from './groups';

export const canExportTickets = canListStaffTickets;
export const canExportTime = (viewer: Viewer): boolean => isStaff(viewer.groupId);
export const canExportInvoices = canViewBilling;

/**
 * Whose entries a time export holds: an admin's, the worker asked for or everyone's (null); an agent's, its own, and
 * another worker asked for is refused ('refused').
 */
export function timeExportWorker(viewer: Viewer, requested?: number): number | null | 'refused' {
  if (isAdmin(viewer.groupId)) return requested ?? null;
  return requested === undefined || requested === viewer.contactId ? viewer.contactId : 'refused';
}

export const EXPORT_MESSAGES = {
  badRange: 'Choose a range of days: from a day (YYYY-MM-DD) to the same or a later day.',
} as const;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function calendarDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

/** `from` to `to`, both days included: the first day and the day after the last; not ok for a bad day or a backward range. */
export function exportDayRange(from: string, to: string): { ok: true; from: CalendarDay; toExclusive: CalendarDay } | { ok: false } {
  const first = calendarDay(from);
  const last = calendarDay(to);
  if (!first || !last || from > to) return { ok: false };
  const after = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  return { ok: true, from: first, toExclusive: { year: after.getUTCFullYear(), month: after.getUTCMonth() + 1, day: after.getUTCDate() } };
}
