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

/** The instant a local date ('YYYY-MM-DD') begins in `zone` (its midnight, or the first time after a skipped one). */
export function startOfLocalDate(date: string, zone: string): Date {
  return new Date(instantOf(Date.parse(`${date}T00:00:00.000Z`), zone));
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

const DAY_MS = 86_400_000;
/** Days a calendar reaches back before the first instant asked about when it is first built (a year of open tickets). */
const CALENDAR_BACK_DAYS = 400;
/** Days a calendar holds at most; past that it is built again from the instant asked about. */
const CALENDAR_MAX_DAYS = 20_000;

/**
 * One hours' business windows day by day from `origin` (a local date as UTC midnight ms), with the business time
 * before each day: business time between two instants is then a difference, and an instant so much business time
 * later a search. A list of open tickets asks about the same days once per ticket and target, and reading a day's
 * offsets (Intl) costs far more than the sum (docs/measurements/2026-12-06-sla-lists.md).
 */
interface Calendar {
  origin: number;
  holidays: ReadonlySet<string>;
  /** windows[i]: day origin + i days; null when closed. */
  windows: ({ start: number; end: number } | null)[];
  /** before[i]: business ms of the days before day i (before.length = windows.length + 1). */
  before: number[];
}

/** Calendars by what the hours say (every request reads its own copy of the same settings); the last few kept. */
const calendars = new Map<string, Calendar>();
const CALENDARS_KEPT = 16;
/** What hours say, by object: hours are never changed in place (a save reads new ones). */
const keys = new WeakMap<BusinessHours, string>();

function keyOf(hours: BusinessHours): string {
  let key = keys.get(hours);
  if (key === undefined) {
    key = JSON.stringify([hours.time_zone, hours.days.map((d) => [d.day, d.open, d.close]), hours.holidays]);
    keys.set(hours, key);
  }
  return key;
}

function newCalendar(hours: BusinessHours, origin: number): Calendar {
  const calendar: Calendar = { origin, holidays: new Set(hours.holidays), windows: [], before: [0] };
  const key = keyOf(hours);
  calendars.delete(key);
  if (calendars.size >= CALENDARS_KEPT) calendars.delete(calendars.keys().next().value!);
  calendars.set(key, calendar);
  return calendar;
}

/** Adds days to `calendar` until it holds `toDay` (UTC midnight ms of a local date); never moves its origin. */
function extendTo(calendar: Calendar, hours: BusinessHours, toDay: number): Calendar {
  const last = (toDay - calendar.origin) / DAY_MS;
  while (calendar.windows.length <= last) {
    const open = windowOf(calendar.origin + calendar.windows.length * DAY_MS, hours, calendar.holidays);
    calendar.windows.push(open);
    calendar.before.push(calendar.before[calendar.before.length - 1]! + (open ? open.end - open.start : 0));
  }
  return calendar;
}

/** The calendar of `hours` holding days `fromDay` to `toDay`: the one kept, or a new one reaching back a year before `fromDay`. */
function calendarFor(hours: BusinessHours, fromDay: number, toDay: number): Calendar {
  const kept = calendars.get(keyOf(hours));
  if (kept && fromDay >= kept.origin && (toDay - kept.origin) / DAY_MS < CALENDAR_MAX_DAYS) return extendTo(kept, hours, toDay);
  const back = (toDay - fromDay) / DAY_MS + CALENDAR_BACK_DAYS < CALENDAR_MAX_DAYS ? CALENDAR_BACK_DAYS : 0;
  return extendTo(newCalendar(hours, fromDay - back * DAY_MS), hours, toDay);
}

/**
 * Business ms of `calendar` before the instant `ms`. A local date's window lies within 14 h before its UTC midnight
 * and 36 h after it, so only the windows of the UTC day of `ms` and the days either side can hold it.
 */
function businessBefore(calendar: Calendar, ms: number): number {
  const day = Math.floor((ms - calendar.origin) / DAY_MS);
  let total = calendar.before[day - 1]!;
  for (let i = day - 1; i <= day + 1; i++) {
    const open = calendar.windows[i];
    if (open) total += Math.min(Math.max(ms - open.start, 0), open.end - open.start);
  }
  return total;
}

/** Midnight (UTC ms) of the UTC day of `ms`: a local date near it is at most a day away. */
const utcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The instant `minutes` business minutes after `from` (`from` itself for 0 or less); null when the hours have no working time. */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date | null {
  if (minutes <= 0) return from;
  const fromMs = from.getTime();
  // One calendar for the whole search (extending it never moves its origin, which `target` is counted from).
  const calendar = calendarFor(hours, utcDay(fromMs) - 2 * DAY_MS, utcDay(fromMs) + 2 * DAY_MS);
  const target = businessBefore(calendar, fromMs) + minutes * MINUTE_MS;
  // The first day whose window ends at or past the target, a few weeks at a time; ten years of closed days: none.
  const first = Math.floor((fromMs - calendar.origin) / DAY_MS) - 1;
  let lo = first;
  let hi: number;
  for (;;) {
    hi = Math.min(lo + 63, first + MAX_DAYS);
    extendTo(calendar, hours, calendar.origin + (hi + 1) * DAY_MS);
    if (calendar.before[hi + 1]! >= target) break;
    if (hi >= first + MAX_DAYS) return null;
    lo = hi + 1;
  }
  // The least day i in [lo, hi] with before[i + 1] >= target: its window holds the instant.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (calendar.before[mid + 1]! >= target) hi = mid;
    else lo = mid + 1;
  }
  return new Date(calendar.windows[lo]!.start + (target - calendar.before[lo]!));
}

/** Business minutes between two instants (0 when `to` is not after `from`); fractional minutes are kept. */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours): number {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (toMs <= fromMs) return 0;
  const calendar = calendarFor(hours, utcDay(fromMs) - 2 * DAY_MS, utcDay(toMs) + 2 * DAY_MS);
  return (businessBefore(calendar, toMs) - businessBefore(calendar, fromMs)) / MINUTE_MS;
}
