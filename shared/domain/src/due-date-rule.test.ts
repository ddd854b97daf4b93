import { dayInZone, dueDateFromInput, dueDateFromRequest, dueDateProblem } from './due-date-rule';

describe('dayInZone', () => {
  it("is the instant's calendar day on the zone's clock", () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(dayInZone(instant, 'UTC')).toBe('2026-03-01');
    expect(dayInZone(instant, 'America/New_York')).toBe('2026-02-28');
    expect(dayInZone(instant, 'Not/A_Zone')).toBe('2026-03-01');
  });
});

describe('dueDateFromRequest', () => {
  it('keeps a timestamp as the instant sent', () => {
    expect(dueDateFromRequest('2031-05-06T20:00:00.000Z', 'UTC')).toEqual({ ok: true, date: new Date('2031-05-06T20:00:00.000Z') });
  });

  it('reads a picker day as 16:00 in the zone, as the form does', () => {
    const result = dueDateFromRequest('2030-07-04', 'America/New_York');
    expect(result).toEqual({ ok: true, date: new Date('2030-07-04T20:00:00.000Z') });
    expect(result.ok && result.date).toEqual(dueDateFromInput('2030-07-04', new Date(), 'America/New_York').date);
  });

  it("refuses text that is no date, and days outside the picker's years in the zone", () => {
    expect(dueDateProblem('soon', 'UTC')).toBe('invalid');
    expect(dueDateProblem('2030-02-30', 'UTC')).toBe('invalid');
    expect(dueDateProblem('2150-01-01T16:00:00Z', 'UTC')).toBe('outOfRange');
    expect(dueDateProblem('1850-01-01', 'UTC')).toBe('outOfRange');
    // 2100-01-01 01:00 UTC is still 31 December 2099 in New York: the zone decides, as on the screen.
    expect(dueDateProblem('2100-01-01T01:00:00Z', 'America/New_York')).toBeNull();
    expect(dueDateProblem('2100-01-01T01:00:00Z', 'UTC')).toBe('outOfRange');
  });
});

const inputNow = new Date('2026-03-02T15:00:00Z');
const NY = 'America/New_York';

describe('dueDateFromInput', () => {
  it('stores a picked day at 16:00 in the zone', () => {
    expect(dueDateFromInput('2026-07-04', inputNow, NY)).toEqual({ kind: 'set', date: new Date('2026-07-04T20:00:00.000Z') });
    expect(dueDateFromInput('2026-01-04', inputNow, 'UTC')).toEqual({ kind: 'set', date: new Date('2026-01-04T16:00:00.000Z') });
  });

  it('takes the calendar day of a full timestamp in the zone', () => {
    expect(dueDateFromInput('2026-07-05T02:00:00Z', inputNow, NY).date?.toISOString()).toBe('2026-07-04T20:00:00.000Z');
  });

  it('accepts the range ends 1900 and 2099', () => {
    expect(dueDateFromInput('1900-01-01', inputNow, 'UTC').kind).toBe('set');
    expect(dueDateFromInput('2099-12-31', inputNow, 'UTC').kind).toBe('set');
  });

  it.each([null, undefined, '', '  ', 'null'])('clears the due date for %p', (value) => {
    expect(dueDateFromInput(value, inputNow, NY)).toEqual({ kind: 'cleared', date: null });
  });

  it.each(['1899-12-31', '2100-01-01', '2026-02-30', 'tomorrow', '07/04/2026', '2026-13-01'])(
    'defaults %p to 6 days ahead at 16:00',
    (value) => {
      expect(dueDateFromInput(value, inputNow, NY)).toEqual({ kind: 'defaulted', date: new Date('2026-03-08T20:00:00.000Z') });
      expect(dueDateFromInput(value, inputNow, 'UTC').date?.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    },
  );
});
