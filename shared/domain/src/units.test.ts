import { formatUnitsHhmm, hoursMinutesToUnits, hoursToUnits, UNIT_MINUTES, unitsToHours, unitsToHoursMinutes } from './units';

describe('time units', () => {
  it('is 6 minutes', () => expect(UNIT_MINUTES).toBe(6));

  it('converts hours and minutes to units as hours*60/6 + minutes/6', () => {
    expect(hoursMinutesToUnits(0, 0)).toBe(0);
    expect(hoursMinutesToUnits(0, 6)).toBe(1);
    expect(hoursMinutesToUnits(1, 30)).toBe(15);
    expect(hoursMinutesToUnits(12, 54)).toBe(129);
    expect(hoursMinutesToUnits(8, 0)).toBe(80);
    expect(hoursToUnits(2.5)).toBe(25);
  });

  it('rounds minutes that are not a multiple of 6 to the nearest unit', () => {
    expect(hoursMinutesToUnits(0, 7)).toBe(1);
    expect(hoursMinutesToUnits(0, 10)).toBe(2);
    expect(hoursMinutesToUnits(0, 2)).toBe(0);
  });

  it('splits units back into hours and minutes', () => {
    expect(unitsToHoursMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(unitsToHoursMinutes(1)).toEqual({ hours: 0, minutes: 6 });
    expect(unitsToHoursMinutes(15)).toEqual({ hours: 1, minutes: 30 });
    expect(unitsToHoursMinutes(129)).toEqual({ hours: 12, minutes: 54 });
    expect(unitsToHoursMinutes(-15)).toEqual({ hours: -1, minutes: -30 });
  });

  it('formats units as hh:mm', () => {
    expect(formatUnitsHhmm(0)).toBe('00:00');
    expect(formatUnitsHhmm(1)).toBe('00:06');
    expect(formatUnitsHhmm(25)).toBe('02:30');
    expect(formatUnitsHhmm(1234)).toBe('123:24');
    expect(formatUnitsHhmm(-5)).toBe('-00:30');
  });

  it('gives hours as tenths', () => {
    expect(unitsToHours(0)).toBe(0);
    expect(unitsToHours(3)).toBe(0.3);
    expect(unitsToHours(25)).toBe(2.5);
  });
});
