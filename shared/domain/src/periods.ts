import { isValidTimeZone, zonedDateAt } from './dates';

/**
 * Calendar months as the dashboards count them: 'this month', 'year to date' and 'the last six
 * months' start at midnight on the 1st in the business's (or the user's) time zone, not in UTC, so
 * an entry logged late on the 31st in New York still belongs to the 31st's month.
 */
export interface MonthPeriod {
  /** 'YYYY-MM'. */
  month: string;
  /** First instant of the month (inclusive). */
  from: Date;
  /** First instant of the next month (exclusive). */
  to: Date;
}

export interface Period {
  from: Date;
  to: Date;
}

export interface YearMonth {
  year: number;
  month: number;
}

/** Longest month range a time report may ask for. */
export const MONTH_RANGE_MAX = 24;

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

function zone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** The calendar year and month (1-12) of an instant in `timeZone`. */
export function yearMonthOf(date: Date, timeZone: string): YearMonth {
  const name = zone(timeZone);
  let formatter = monthFormatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: name, year: 'numeric', month: 'numeric' });
    monthFormatters.set(name, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) };
}

function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function formatYearMonth({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** 'YYYY-MM' -> its year and month, or null. */
export function parseYearMonth(text: unknown): YearMonth | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1970 && month >= 1 && month <= 12 ? { year, month } : null;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * 'YYYY-MM' as the stats and charts name a month: 'Jul 2026' (one format on every chart, axis and
 * stats table; docs/product/dashboards.md#stats). Anything else is shown as it came.
 */
export function shortMonthLabel(month: string): string {
  const parsed = parseYearMonth(month);
  return parsed ? `${SHORT_MONTHS[parsed.month - 1]} ${parsed.year}` : month;
}

export function monthPeriod(yearMonth: YearMonth, timeZone: string): MonthPeriod {
  const next = shiftMonth(yearMonth, 1);
  return {
    month: formatYearMonth(yearMonth),
    from: zonedDateAt(yearMonth.year, yearMonth.month, 1, 0, 0, zone(timeZone)),
    to: zonedDateAt(next.year, next.month, 1, 0, 0, zone(timeZone)),
  };
}

/** 'Current': the calendar month `now` falls in. */
export function currentMonthPeriod(now: Date, timeZone: string): MonthPeriod {
  return monthPeriod(yearMonthOf(now, timeZone), timeZone);
}

/** 'YTD': from 1 January of `now`'s year to the end of the current month. */
export function yearToDatePeriod(now: Date, timeZone: string): Period {
  const current = yearMonthOf(now, timeZone);
  return { from: monthPeriod({ year: current.year, month: 1 }, timeZone).from, to: monthPeriod(current, timeZone).to };
}

/** The last `count` calendar months, oldest first, the current month last (the My Time chart: 6). */
export function lastMonthPeriods(now: Date, count: number, timeZone: string): MonthPeriod[] {
  const current = yearMonthOf(now, timeZone);
  const periods: MonthPeriod[] = [];
  for (let back = Math.max(1, Math.floor(count)) - 1; back >= 0; back -= 1) {
    periods.push(monthPeriod(shiftMonth(current, -back), timeZone));
  }
  return periods;
}

/**
 * A month range 'YYYY-MM'..'YYYY-MM' (both included) as one period; null when either end is not
 * a month, the range runs backwards or spans more than MONTH_RANGE_MAX months.
 */
export function monthRangePeriod(fromMonth: unknown, toMonth: unknown, timeZone: string): Period | null {
  const from = parseYearMonth(fromMonth);
  const to = parseYearMonth(toMonth);
  if (!from || !to) return null;
  const span = (to.year * 12 + to.month) - (from.year * 12 + from.month) + 1;
  if (span < 1 || span > MONTH_RANGE_MAX) return null;
  return { from: monthPeriod(from, timeZone).from, to: monthPeriod(to, timeZone).to };
}

/** The index of the period holding `date` in `periods` (sorted, non-overlapping), or -1. */
export function periodIndexOf(periods: readonly Period[], date: Date): number {
  const time = date.getTime();
  return periods.findIndex((period) => time >= period.from.getTime() && time < period.to.getTime());
}

/** Longest look back of the admin invoices screen (offset in months). */
export const MONTH_OFFSET_MAX = 120;

/**
 * The calendar month `offset` months before the one `now` falls in (0 = this month), as the admin
 * invoices screen and GET /company/-1/prevmonthtime/:offset count it; null for a negative, fractional
 * or too large offset.
 */
export function monthsBackPeriod(now: Date, offset: number, timeZone: string): MonthPeriod | null {
  if (!Number.isInteger(offset) || offset < 0 || offset > MONTH_OFFSET_MAX) return null;
  return monthPeriod(shiftMonth(yearMonthOf(now, timeZone), -offset), timeZone);
}
