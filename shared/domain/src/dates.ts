/** Default due time (docs/product/tickets.md#due-dates): 16:00 in the user's time zone. */
export const DUE_HOUR = 16;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    wallFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** An unknown zone name falls back to UTC rather than throwing in the middle of a form. */
function zoneOrUtc(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

function wallTimeIn(date: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
    hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0,
  };
}

function wallAsUtcMs(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallAsUtcMs(wallTimeIn(new Date(wholeSecond), timeZone)) - wholeSecond;
}

/** The instant at which the clocks of `timeZone` show `wall` (the later offset wins in a DST gap). */
function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtcMs(wall);
  const firstGuess = asUtc - zoneOffsetMs(asUtc, timeZone);
  const corrected = asUtc - zoneOffsetMs(firstGuess, timeZone);
  return new Date(corrected);
}

/** Calendar arithmetic on a wall date; Date.UTC normalises month and year overflow. */
function shiftWallDays(wall: WallTime, days: number): WallTime {
  const shifted = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The calendar day `days` ahead of `now` in `timeZone`, at hour:minute on that zone's clock. */
export function daysAheadAt(now: Date, days: number, hour: number, minute: number, timeZone: string): Date {
  const zone = zoneOrUtc(timeZone);
  const day = shiftWallDays(wallTimeIn(now, zone), days);
  return instantOfWallTime({ ...day, hour, minute, second: 0 }, zone);
}

/** The instant of hour:minute on the calendar day year-month-day in `timeZone`. */
export function zonedDateAt(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  return instantOfWallTime({ year, month, day, hour, minute, second: 0 }, zoneOrUtc(timeZone));
}

/** Now plus the priority id in days, at 16:00 in the user's time zone (docs/product/tickets.md#due-dates). */
export function defaultDueDate(priorityId: number, now: Date, timeZone: string): Date {
  const days = Number.isFinite(priorityId) ? Math.max(0, Math.trunc(priorityId)) : 0;
  return daysAheadAt(now, days, DUE_HOUR, 0, timeZone);
}

/** Moves a date to 16:00 on the same calendar day in the user's time zone. */
export function atDueHour(date: Date, timeZone: string): Date {
  return daysAheadAt(date, 0, DUE_HOUR, 0, timeZone);
}

function weekdayIn(date: Date, timeZone: string): number {
  const wall = wallTimeIn(date, timeZone);
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}

/** Monday to Friday in the given time zone (UTC by default). */
export function isBusinessDay(date: Date, timeZone = 'UTC'): boolean {
  const weekday = weekdayIn(date, zoneOrUtc(timeZone));
  return weekday !== 0 && weekday !== 6;
}

/**
 * Moves `n` business days forward (or back when negative), skipping Saturdays and Sundays and
 * keeping the wall-clock time in the zone across DST changes.
 */
export function addBusinessDays(date: Date, n: number, timeZone = 'UTC'): Date {
  const zone = zoneOrUtc(timeZone);
  const step = n < 0 ? -1 : 1;
  let wall = wallTimeIn(date, zone);
  let remaining = Math.abs(Math.trunc(n));
  while (remaining > 0) {
    wall = shiftWallDays(wall, step);
    const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) remaining -= 1;
  }
  const shifted = instantOfWallTime(wall, zone);
  return new Date(shifted.getTime() + (date.getTime() % 1000 + 1000) % 1000);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseDate(value: string | Date | null | undefined): Date | null {
  return toDate(value);
}

export function daysBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / MS_PER_DAY;
}
