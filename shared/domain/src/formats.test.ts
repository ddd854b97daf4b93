import { formatDate, formatDateTime, formatMoney, formatNumber, formatUsd, formatUsdWhole, formatWholeMoney, type Formats } from './formats';

const english: Formats = { locale: 'en', timeZone: 'America/New_York', currency: 'USD' };
const german: Formats = { locale: 'de', timeZone: 'Europe/Berlin', currency: 'EUR' };
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formats', () => {
  it('writes money in the agency currency as the person reads it, never converted', () => {
    expect(formatMoney(1234.5, english)).toBe('$1,234.50');
    expect(nbsp(formatMoney(1234.5, german))).toBe('1.234,50 €');
    expect(formatMoney(1234.5, { locale: 'en', currency: 'GBP' })).toBe('£1,234.50');
    expect(nbsp(formatMoney(1234.5, { locale: 'de', currency: 'USD' }))).toBe('1.234,50 $');
    expect(nbsp(formatWholeMoney(1234.01, german))).toBe('1.235 €');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsdWhole(1234.01)).toBe('$1,235');
  });

  it('writes dates and times on the person’s clock in their language', () => {
    const instant = '2026-11-21T15:00:00.000Z';
    expect(formatDate(instant, english)).toBe('11/21/2026');
    expect(formatDate(instant, german)).toBe('21.11.2026');
    expect(nbsp(formatDateTime(instant, english))).toBe('11/21/2026, 10:00 AM');
    expect(formatDateTime(instant, german)).toBe('21.11.2026, 16:00');
    expect(formatDate(null, german)).toBe('');
    expect(formatDate('2026-11-21T15:00:00.000Z', { locale: 'en', timeZone: 'Not/AZone' })).toBe('11/21/2026');
  });

  it('writes numbers with the person’s separators', () => {
    expect(formatNumber(1234.5, english)).toBe('1,234.5');
    expect(formatNumber(1234.5, german)).toBe('1.234,5');
  });
});
