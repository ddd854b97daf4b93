import { daysAheadAt, DUE_HOUR, isValidTimeZone, zonedDateAt } from './dates';

/**
 * The due date (docs/product/tickets.md#due-dates): one rule for the picker and the server. A day 'YYYY-MM-DD' is 16:00
 * of that day in the user's zone; its year must lie in the picker's 1900-2099; the form turns
 * anything else into its default (dueDateFromInput), the server refuses it (dueDateFromRequest).
 */
export const DUE_DATE_MIN_YEAR = 1900;
export const DUE_DATE_MAX_YEAR = 2099;
/** An invalid entry becomes "about 6 days ahead" at 16:00 (docs/product/tickets.md#due-dates). */
export const INVALID_DUE_DATE_DAYS_AHEAD = 6;

/** 'YYYY-MM-DD': the calendar day of `date` in `timeZone` (UTC for an unknown zone), as a date picker shows it. */
export function dayInZone(date: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export type DueDateProblem = 'invalid' | 'outOfRange';
export type DueDateRequestResult = { ok: true; date: Date } | { ok: false; problem: DueDateProblem };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

function instantOf(text: string, timeZone: string): Date | null {
  const day = DATE_ONLY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const probe = new Date(Date.UTC(year, month - 1, date));
    if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== date) return null;
    return zonedDateAt(year, month, date, DUE_HOUR, 0, timeZone);
  }
  const instant = TIMESTAMP.test(text) ? new Date(text) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant : null;
}

/**
 * A due date sent to the server (docs/product/tickets.md#due-dates), read as the picker reads it: a day 'YYYY-MM-DD' is
 * 16:00 of that day in `timeZone`, a timestamp is the instant sent. Its calendar day in `timeZone`
 * must lie in the picker's years (DUE_DATE_MIN_YEAR-DUE_DATE_MAX_YEAR). The form turns anything
 * else into its default before sending (dueDateFromInput); the server refuses it.
 */
export function dueDateFromRequest(value: string, timeZone: string): DueDateRequestResult {
  const instant = instantOf(value.trim(), timeZone);
  if (instant === null) return { ok: false, problem: 'invalid' };
  const year = Number(dayInZone(instant, timeZone).slice(0, 4));
  if (year < DUE_DATE_MIN_YEAR || year > DUE_DATE_MAX_YEAR) return { ok: false, problem: 'outOfRange' };
  return { ok: true, date: instant };
}

/** What is wrong with a sent due date, or null when the server stores it. */
export function dueDateProblem(value: string, timeZone: string): DueDateProblem | null {
  const result = dueDateFromRequest(value, timeZone);
  return result.ok ? null : result.problem;
}

export type DueDateInputResult = { kind: 'cleared'; date: null } | { kind: 'set'; date: Date } | { kind: 'defaulted'; date: Date };

/**
 * The due date picker's value (a 'YYYY-MM-DD' day or a full timestamp) as the stored due date:
 * that day at 16:00 in the user's zone. Empty clears it; anything the server would refuse becomes
 * 6 days from now at 16:00.
 */
export function dueDateFromInput(value: string | null | undefined, now: Date, timeZone: string): DueDateInputResult {
  const text = (value ?? '').trim();
  if (text === '' || text === 'null') return { kind: 'cleared', date: null };
  // A timestamp counts as its calendar day in the zone, so the picker always stores 16:00.
  const timestamp = TIMESTAMP.test(text) ? new Date(text) : null;
  const day = timestamp && !Number.isNaN(timestamp.getTime()) ? dayInZone(timestamp, timeZone) : text;
  const read = dueDateFromRequest(day, isValidTimeZone(timeZone) ? timeZone : 'UTC');
  if (!read.ok) return { kind: 'defaulted', date: daysAheadAt(now, INVALID_DUE_DATE_DAYS_AHEAD, DUE_HOUR, 0, timeZone) };
  return { kind: 'set', date: read.date };
}
