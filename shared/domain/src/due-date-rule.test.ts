import { dayInZone, dueDateFromRequest, dueDateProblem } from './due-date-rule';
import { dueDateFromInput } from './due-date-input';

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
