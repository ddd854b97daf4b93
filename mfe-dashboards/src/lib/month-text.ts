import { intlLocale, parseYearMonth, type Locale } from '@portal/domain';

// Month names as the reader writes them: 'Jul 2026' / 'Juli 2026' on charts and in the stats table,
// 'November 2026' / 'November 2026' in sentences. Anything that is not 'YYYY-MM' is shown as it came.
const formatters = new Map<string, Intl.DateTimeFormat>();

function monthText(month: string, locale: Locale, style: 'short' | 'long'): string {
  const parsed = parseYearMonth(month);
  if (!parsed) return month;
  const tag = intlLocale(locale);
  const key = `${tag}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { month: style, year: 'numeric', timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(parsed.year, parsed.month - 1, 1)));
}

/** 'Jul 2026' for '2026-07' (en), 'Juli 2026' (de): as every chart, axis and stats table names a month. */
export const shortMonthText = (month: string, locale: Locale): string => monthText(month, locale, 'short');

/** 'November 2026' for '2026-11'. */
export const longMonthText = (month: string, locale: Locale): string => monthText(month, locale, 'long');

/** A figure as the reader writes its decimals, without grouping ('3.5', '3,5'; '1000'), as the durations show it. */
const plainFormats = new Map<string, Intl.NumberFormat>();
export function plainNumber(value: number, locale: Locale): string {
  const tag = intlLocale(locale);
  let formatter = plainFormats.get(tag);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, { maximumFractionDigits: 3, useGrouping: false });
    plainFormats.set(tag, formatter);
  }
  return formatter.format(value);
}
