import { daysAheadAt, DUE_HOUR, isValidTimeZone, zonedDateAt } from './dates';

export const DUE_DATE_MIN_YEAR = 1900;
export const DUE_DATE_MAX_YEAR = 2099;
/** Spec 000 §5: an invalid entry becomes "about 6 days ahead" at 16:00. */
export const INVALID_DUE_DATE_DAYS_AHEAD = 6;

export type DueDateInputResult = { kind: 'cleared'; date: null } | { kind: 'set'; date: Date } | { kind: 'defaulted'; date: Date };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validCalendarDay(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

function inPickerRange(year: number): boolean {
  return year >= DUE_DATE_MIN_YEAR && year <= DUE_DATE_MAX_YEAR;
}

function calendarDayOf(date: Date, timeZone: string): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day')];
}

/**
 * The due date picker's value (a 'YYYY-MM-DD' day or a full timestamp) as the stored due date:
 * that day at 16:00 in the user's zone. Empty clears it; anything invalid or outside 1900-2099
 * becomes 6 days from now at 16:00.
 */
export function dueDateFromInput(value: string | null | undefined, now: Date, timeZone: string): DueDateInputResult {
  if (value === null || value === undefined || value.trim() === '' || value.trim() === 'null') return { kind: 'cleared', date: null };
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  let day: [number, number, number] | null = null;
  if (dateOnly) {
    const candidate: [number, number, number] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    if (validCalendarDay(...candidate)) day = candidate;
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(new Date(text).getTime())) {
    day = calendarDayOf(new Date(text), isValidTimeZone(timeZone) ? timeZone : 'UTC');
  }
  if (day === null || !inPickerRange(day[0])) {
    return { kind: 'defaulted', date: daysAheadAt(now, INVALID_DUE_DATE_DAYS_AHEAD, DUE_HOUR, 0, timeZone) };
  }
  return { kind: 'set', date: zonedDateAt(day[0], day[1], day[2], DUE_HOUR, 0, timeZone) };
}
