import {
  currentMonthPeriod, lastMonthPeriods, monthPeriod, monthRangePeriod, parseYearMonth, periodIndexOf, shortMonthLabel, yearMonthOf, yearToDatePeriod,
} from './periods';

describe("a month's label on stats and charts", () => {
  it("names every month as 'Jul 2026', and leaves what is not a month as it came", () => {
    expect(shortMonthLabel('2026-07')).toBe('Jul 2026');
    expect(shortMonthLabel('2026-01')).toBe('Jan 2026');
    expect(shortMonthLabel('2025-12')).toBe('Dec 2025');
    expect(shortMonthLabel('2026-13')).toBe('2026-13');
  });
});

describe('dashboard periods', () => {
  const now = new Date('2026-03-15T12:00:00.000Z');

  it('reads the calendar month in the given zone', () => {
    expect(yearMonthOf(new Date('2026-04-01T02:00:00.000Z'), 'UTC')).toEqual({ year: 2026, month: 4 });
    expect(yearMonthOf(new Date('2026-04-01T02:00:00.000Z'), 'America/New_York')).toEqual({ year: 2026, month: 3 });
    expect(yearMonthOf(now, 'Not/AZone')).toEqual({ year: 2026, month: 3 });
  });

  it('gives the current month from midnight on the 1st to the next 1st', () => {
    expect(currentMonthPeriod(now, 'UTC')).toEqual({
      month: '2026-03', from: new Date('2026-03-01T00:00:00.000Z'), to: new Date('2026-04-01T00:00:00.000Z'),
    });
    const ny = currentMonthPeriod(now, 'America/New_York');
    expect(ny.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(ny.to.toISOString()).toBe('2026-04-01T04:00:00.000Z');
  });

  it('gives year to date from 1 January to the end of this month', () => {
    const ytd = yearToDatePeriod(now, 'UTC');
    expect(ytd.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(ytd.to.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('lists the last six months oldest first, across a year boundary', () => {
    const months = lastMonthPeriods(now, 6, 'UTC');
    expect(months.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(months[2]!.to).toEqual(months[3]!.from);
    expect(monthPeriod({ year: 2025, month: 12 }, 'UTC').to.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(lastMonthPeriods(now, 0, 'UTC')).toHaveLength(1);
  });

  it('reads month ranges, both ends included, and refuses bad or long ones', () => {
    expect(parseYearMonth('2026-02')).toEqual({ year: 2026, month: 2 });
    expect(parseYearMonth('2026-13')).toBeNull();
    expect(parseYearMonth('26-1')).toBeNull();
    const range = monthRangePeriod('2026-01', '2026-02', 'UTC')!;
    expect(range.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthRangePeriod('2026-03', '2026-02', 'UTC')).toBeNull();
    expect(monthRangePeriod('2020-01', '2026-02', 'UTC')).toBeNull();
    expect(monthRangePeriod('x', '2026-02', 'UTC')).toBeNull();
  });

  it('finds the period a date falls in', () => {
    const months = lastMonthPeriods(now, 3, 'UTC');
    expect(periodIndexOf(months, new Date('2026-02-28T23:59:59.999Z'))).toBe(1);
    expect(periodIndexOf(months, new Date('2026-03-01T00:00:00.000Z'))).toBe(2);
    expect(periodIndexOf(months, new Date('2025-12-31T00:00:00.000Z'))).toBe(-1);
  });
});
