import { addBusinessDays, atDueHour, defaultDueDate, zonedDateAt, isBusinessDay, isValidTimeZone, parseDate } from './dates';
import { formatDateTimeUs, formatDateUs } from './formats';

const NY = 'America/New_York';

describe('defaultDueDate', () => {
  it('is now plus the priority id in days, at 16:00 UTC', () => {
    const now = new Date('2026-03-02T09:30:00Z');
    expect(defaultDueDate(1, now, 'UTC').toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(defaultDueDate(4, now, 'UTC').toISOString()).toBe('2026-03-06T16:00:00.000Z');
  });

  it('uses 16:00 on the New York clock (EST is UTC-5)', () => {
    const now = new Date('2026-01-15T15:00:00Z');
    expect(defaultDueDate(2, now, NY).toISOString()).toBe('2026-01-17T21:00:00.000Z');
  });

  it('counts days from the calendar day of the zone, not of UTC', () => {
    // 02:00 UTC on 16 Jan is still 15 Jan in New York.
    const now = new Date('2026-01-16T02:00:00Z');
    expect(defaultDueDate(1, now, NY).toISOString()).toBe('2026-01-16T21:00:00.000Z');
    expect(defaultDueDate(1, now, 'UTC').toISOString()).toBe('2026-01-17T16:00:00.000Z');
  });

  it('crosses the spring DST change: 16:00 EDT is 20:00 UTC', () => {
    // DST starts 8 March 2026 in New York.
    const now = new Date('2026-03-06T17:00:00Z');
    expect(defaultDueDate(3, now, NY).toISOString()).toBe('2026-03-09T20:00:00.000Z');
  });

  it('crosses the autumn DST change: back to 21:00 UTC', () => {
    // DST ends 1 November 2026.
    const now = new Date('2026-10-31T14:00:00Z');
    expect(defaultDueDate(2, now, NY).toISOString()).toBe('2026-11-02T21:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(defaultDueDate(4, new Date('2026-12-30T10:00:00Z'), 'UTC').toISOString()).toBe('2027-01-03T16:00:00.000Z');
  });

  it('falls back to UTC for an unknown zone and to today for a bad priority', () => {
    const now = new Date('2026-03-02T09:30:00Z');
    expect(defaultDueDate(1, now, 'Mars/Olympus').toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(defaultDueDate(Number.NaN, now, 'UTC').toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });

  it('moves any date to 16:00 of its day', () => {
    expect(atDueHour(new Date('2026-07-04T03:00:00Z'), NY).toISOString()).toBe('2026-07-03T20:00:00.000Z');
  });
});

describe('business days', () => {
  it('tells weekdays from weekends', () => {
    expect(isBusinessDay(new Date('2026-03-06T12:00:00Z'))).toBe(true); // Friday
    expect(isBusinessDay(new Date('2026-03-07T12:00:00Z'))).toBe(false); // Saturday
    expect(isBusinessDay(new Date('2026-03-08T12:00:00Z'))).toBe(false); // Sunday
    // 01:00 UTC Saturday is still Friday evening in New York.
    expect(isBusinessDay(new Date('2026-03-07T01:00:00Z'), NY)).toBe(true);
  });

  it('skips weekends going forward and back', () => {
    const friday = new Date('2026-03-06T16:00:00Z');
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-03-13T16:00:00.000Z');
    expect(addBusinessDays(new Date('2026-03-09T16:00:00Z'), -1).toISOString()).toBe('2026-03-06T16:00:00.000Z');
    expect(addBusinessDays(friday, 0).toISOString()).toBe(friday.toISOString());
  });

  it('keeps the local time across DST in the zone', () => {
    const fridayFourPm = new Date('2026-03-06T21:00:00Z'); // 16:00 EST
    expect(addBusinessDays(fridayFourPm, 1, NY).toISOString()).toBe('2026-03-09T20:00:00.000Z'); // 16:00 EDT
  });
});

describe('formatting and parsing', () => {
  it('formats dates in en-US in the zone', () => {
    expect(formatDateUs('2026-11-21T16:00:00.000Z', 'UTC')).toBe('11/21/2026');
    expect(formatDateUs('2026-11-21T02:00:00.000Z', NY)).toBe('11/20/2026');
    expect(formatDateUs(new Date('2026-01-05T00:00:00Z'))).toBe('1/5/2026');
    expect(formatDateTimeUs('2026-11-21T21:00:00.000Z', NY)).toBe('11/21/2026, 4:00 PM');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDateUs(null)).toBe('');
    expect(formatDateUs('')).toBe('');
    expect(formatDateUs('not a date')).toBe('');
    expect(parseDate('nope')).toBeNull();
  });

  it('validates zone names', () => {
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Nowhere/Land')).toBe(false);
    expect(isValidTimeZone(3)).toBe(false);
  });
});

describe('zonedDateAt', () => {
  it('builds a wall time in a zone', () => {
    expect(zonedDateAt(2026, 7, 4, 16, 0, NY).toISOString()).toBe('2026-07-04T20:00:00.000Z');
    expect(zonedDateAt(2026, 1, 4, 16, 0, NY).toISOString()).toBe('2026-01-04T21:00:00.000Z');
    expect(zonedDateAt(2026, 1, 4, 16, 0, 'UTC').toISOString()).toBe('2026-01-04T16:00:00.000Z');
  });
});
