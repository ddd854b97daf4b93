import { isValidTimeZone, parseDate } from './dates';
import { toCents } from './money';
import { DEFAULT_CURRENCY, intlLocale, type Currency, type Locale } from './languages';

/** How one person reads dates, times, numbers and money: their language's conventions, their clock, the agency's currency. */
export interface Formats {
  locale: Locale;
  timeZone: string;
  currency: Currency;
}

/** The product documents' own formats: en-US, UTC, US dollars. */
export const US_FORMATS: Formats = { locale: 'en', timeZone: 'UTC', currency: DEFAULT_CURRENCY };

// Intl formatters cost milliseconds to build: one per locale, zone and style, made on first use.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const zoneOrUtc = (timeZone: string): string => (isValidTimeZone(timeZone) ? timeZone : 'UTC');

/** Money to the cent in the agency's currency: '$1,234.50' (en), '1.234,50 €' (de). */
export function formatMoney(amount: number, { locale, currency }: Pick<Formats, 'locale' | 'currency'>): string {
  const tag = intlLocale(locale);
  return cached(`money:${tag}:${currency}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }))
    .format(toCents(amount) || 0);
}

/** A ticket value: whole units of the currency, always rounded up ('$1,235', '1.235 €'). */
export function formatWholeMoney(amount: number, { locale, currency }: Pick<Formats, 'locale' | 'currency'>): string {
  const tag = intlLocale(locale);
  return cached(`whole:${tag}:${currency}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }))
    .format(Math.ceil(toCents(amount)) || 0);
}

/** A plain number as the person writes it ('1,234.5', '1.234,5'). */
export function formatNumber(value: number, { locale }: Pick<Formats, 'locale'>, maximumFractionDigits = 2): string {
  const tag = intlLocale(locale);
  return cached(`number:${tag}:${maximumFractionDigits}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits })).format(value);
}

/** A date on the person's clock ('11/21/2026', '21.11.2026'); '' for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined, { locale, timeZone }: Pick<Formats, 'locale' | 'timeZone'>): string {
  const date = parseDate(value);
  if (!date) return '';
  const tag = intlLocale(locale);
  const zone = zoneOrUtc(timeZone);
  return cached(`date:${tag}:${zone}`, () => new Intl.DateTimeFormat(tag, { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })).format(date);
}

/** A date and time on the person's clock ('11/21/2026, 4:00 PM', '21.11.2026, 16:00'); '' for a missing or invalid value. */
export function formatDateTime(value: string | Date | null | undefined, { locale, timeZone }: Pick<Formats, 'locale' | 'timeZone'>): string {
  const date = parseDate(value);
  if (!date) return '';
  const tag = intlLocale(locale);
  const zone = zoneOrUtc(timeZone);
  return cached(`datetime:${tag}:${zone}`, () => new Intl.DateTimeFormat(tag, {
    timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit',
  })).format(date);
}

/** '$1,234.50': the product documents' money. */
export const formatUsd = (amount: number): string => formatMoney(amount, US_FORMATS);

/** '$1,235' for 1234.01: whole dollars are always rounded up, as the ticket value is. */
export const formatUsdWhole = (amount: number): string => formatWholeMoney(amount, US_FORMATS);

/** en-US date such as '11/21/2026' in the given zone; '' for a missing or invalid value. */
export const formatDateUs = (iso: string | Date | null | undefined, timeZone = 'UTC'): string => formatDate(iso, { locale: 'en', timeZone });

/** en-US date and time such as '11/21/2026, 4:00 PM'; '' for a missing or invalid value. */
export const formatDateTimeUs = (iso: string | Date | null | undefined, timeZone = 'UTC'): string => formatDateTime(iso, { locale: 'en', timeZone });
