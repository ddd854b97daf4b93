import { intlLocale, parseYearMonth, type Locale } from '@portal/domain';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'November 2026' (en), 'November 2026' (de), 'Oktober 2026' for '2026-10': a month in the reader's language; the text itself when not a month. */
export function monthName(month: string, locale: Locale): string {
  const parsed = parseYearMonth(month);
  if (!parsed) return month;
  const tag = intlLocale(locale);
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    formatters.set(tag, formatter);
  }
  return formatter.format(new Date(Date.UTC(parsed.year, parsed.month - 1, 1)));
}
