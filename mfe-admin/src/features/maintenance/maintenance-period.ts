import { intlLocale, parseYearMonth, type Locale } from '@portal/domain';
import type { useT } from '../../messages';

type Translate = ReturnType<typeof useT>;

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** '2026-12' as the reader names the month: 'December 2026', 'Dezember 2026'. */
function monthText(year: number, month: number, locale: Locale): string {
  const tag = intlLocale(locale);
  let format = monthFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(tag, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, 1)));
}

/**
 * A maintenance period as the reader names it (the domain's maintenancePeriodLabel, in their language): 'December 2026',
 * 'Q4 2026', '2nd half 2026' ('Dezember 2026', '4. Quartal 2026', '2. Halbjahr 2026'). A period not written 'YYYY-MM'
 * shows as it came.
 */
export function maintenancePeriodText(period: { start: string; end: string }, t: Translate, locale: Locale): string {
  const start = parseYearMonth(period.start);
  const end = parseYearMonth(period.end);
  if (!start || !end) return period.start;
  const months = (end.year - start.year) * 12 + (end.month - start.month) + 1;
  // The year as text: a number argument would be written with grouping ('2,026').
  const year = String(start.year);
  if (months === 3) return t('maintenance.periodQuarter', { quarter: String(Math.floor((start.month - 1) / 3) + 1), year });
  if (months === 6) return t('maintenance.periodHalf', { half: start.month <= 6 ? 'first' : 'second', year });
  return monthText(start.year, start.month, locale);
}
