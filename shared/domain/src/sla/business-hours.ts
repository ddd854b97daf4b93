import { isValidTimeZone } from '../dates';
import { MESSAGES } from '../messages';

// Business time (docs/product/response-times.md#business-hours): the hours a support team works, in one IANA time
// zone, on its working days, never on a holiday. The offsets come from the platform's time-zone data
// (Intl.DateTimeFormat with timeZone), so daylight-saving changes follow the zone's own rules.

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One working day's hours, local 'HH:MM' (24 h); `close` after `open`. */
export interface WorkingDay {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: number;
  open: string;
  close: string;
}

export interface BusinessHours {
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  time_zone: string;
  /** The working days, at most one entry per weekday; a weekday not listed is closed. */
  days: readonly WorkingDay[];
  /** Closed dates, local 'YYYY-MM-DD'. */
  holidays: readonly string[];
}

/** Monday to Friday, 09:00 to 17:00 UTC, no holidays: what applies until an admin saves hours. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  time_zone: 'UTC',
  days: ([1, 2, 3, 4, 5] as const).map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [],
};

export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday',
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;
/** How far a search for business time goes: ten years of closed days means there is none. */
const MAX_DAYS = 3660;

/** Minutes after midnight of a local 'HH:MM', or null when it is not one. */
export function minutesOfDay(text: string): number | null {
  const match = TIME.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return at.toISOString().slice(0, 10) === text;
}

/** What is wrong with `hours` (a catalogue text), or null when they can be saved. */
export function businessHoursProblem(hours: BusinessHours): string | null {
  if (!isValidTimeZone(hours.time_zone)) return MESSAGES.slaTimeZoneUnknown;
  const seen = new Set<number>();
  for (const day of hours.days) {
    const open = minutesOfDay(day.open);
    const close = minutesOfDay(day.close);
    if (!Number.isInteger(day.day) || day.day < 1 || day.day > 7 || seen.has(day.day) || open === null || close === null || close <= open) return MESSAGES.slaHoursInvalid;
    seen.add(day.day);
  }
  return hours.holidays.every(isValidDate) ? null : MESSAGES.slaHolidayInvalid;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of `zone` at `ms`, read as if it were UTC (ms). */
function wallClockMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at the instant `ms`, in ms (Berlin in summer: +2 h). */
function offsetMs(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(whole, zone) - whole;
}

/**
 * The instant a local wall-clock time (as UTC ms) happens in `zone`: the earlier of two when the clock is turned back,
 * and the same time after the gap when it is skipped by the change to summer time (02:30 reads as 03:30).
 */
function instantOf(wallMs: number, zone: string): number {
  const before = wallMs - offsetMs(wallMs - 86_400_000, zone);
  const after = wallMs - offsetMs(wallMs + 86_400_000, zone);
  const happens = [before, after].filter((ms) => wallClockMs(ms, zone) === wallMs);
  return happens.length > 0 ? Math.min(...happens) : before;
}

/** The local date of `ms` in `zone` as UTC midnight ms. */
function localDayMs(ms: number, zone: string): number {
  const wall = wallClockMs(ms, zone);
  return wall - (wall % 86_400_000);
}

function isoDateOf(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

function weekdayOf(dayMs: number): Weekday {
  const sunday0 = new Date(dayMs).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** The business window of one local date (UTC midnight ms), as instants; null when closed. */
function windowOf(dayMs: number, hours: BusinessHours, holidays: ReadonlySet<string>): { start: number; end: number } | null {
  if (holidays.has(isoDateOf(dayMs))) return null;
  const weekday = weekdayOf(dayMs);
  const day = hours.days.find((d) => d.day === weekday);
  if (!day) return null;
  const open = minutesOfDay(day.open);
  const close = minutesOfDay(day.close);
  if (open === null || close === null || close <= open) return null;
  const zone = hours.time_zone;
  // The same offset a day before and two days after: no change of the clock near this day (the usual case, two
  // Intl reads); else each time is placed on its own.
  const offset = offsetMs(dayMs - 86_400_000, zone);
  const steady = offset === offsetMs(dayMs + 2 * 86_400_000, zone);
  const start = steady ? dayMs + open * MINUTE_MS - offset : instantOf(dayMs + open * MINUTE_MS, zone);
  const end = steady ? dayMs + close * MINUTE_MS - offset : instantOf(dayMs + close * MINUTE_MS, zone);
  return end > start ? { start, end } : null;
}

/** The business windows from `fromMs` on (the first one cut at `fromMs`), in order, until `untilMs` or for ten years at most. */
function* windowsFrom(fromMs: number, hours: BusinessHours, untilMs = Infinity): Generator<{ start: number; end: number }> {
  const holidays = new Set(hours.holidays);
  // A day's window may begin before the local midnight of `fromMs` only by an offset; start a day early to be safe.
  let day = localDayMs(fromMs, hours.time_zone) - 86_400_000;
  for (let i = 0; i < MAX_DAYS && day <= untilMs + 86_400_000; i++, day += 86_400_000) {
    const open = windowOf(day, hours, holidays);
    if (open && open.end > fromMs) yield { start: Math.max(open.start, fromMs), end: open.end };
  }
}

/** The instant `minutes` business minutes after `from` (`from` itself for 0 or less); null when the hours have no working time. */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date | null {
  if (minutes <= 0) return from;
  let left = minutes * MINUTE_MS;
  for (const { start, end } of windowsFrom(from.getTime(), hours)) {
    if (end - start >= left) return new Date(start + left);
    left -= end - start;
  }
  return null;
}

/** Business minutes between two instants (0 when `to` is not after `from`); fractional minutes are kept. */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours): number {
  const toMs = to.getTime();
  if (toMs <= from.getTime()) return 0;
  let total = 0;
  for (const { start, end } of windowsFrom(from.getTime(), hours, toMs)) {
    if (start >= toMs) break;
    total += Math.min(end, toMs) - start;
    if (end >= toMs) break;
  }
  return total / MINUTE_MS;
}
