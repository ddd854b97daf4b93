import { MESSAGES } from '../messages';
import {
  addBusinessMinutes, businessHoursProblem, businessMinutesBetween, DEFAULT_BUSINESS_HOURS, type BusinessHours, type Weekday,
} from './business-hours';

// Business time across daylight-saving changes and holidays (docs/product/response-times.md#business-hours),
// with fixed instants only.

const weekdays = (open: string, close: string, days: Weekday[] = [1, 2, 3, 4, 5]) => days.map((day) => ({ day, open, close }));
const berlin: BusinessHours = { time_zone: 'Europe/Berlin', days: weekdays('09:00', '17:00'), holidays: [] };
const at = (iso: string) => new Date(iso);
const add = (from: string, minutes: number, hours: BusinessHours) => addBusinessMinutes(at(from), minutes, hours)?.toISOString();

describe('addBusinessMinutes', () => {
  test('stays within a day and carries the rest to the next working day', () => {
    // Tue 10 Mar 2026, 10:00 in Berlin (CET, UTC+1) = 09:00Z.
    expect(add('2026-03-10T09:00:00.000Z', 60, berlin)).toBe('2026-03-10T10:00:00.000Z');
    // 7 h left that day, 1 h the next morning.
    expect(add('2026-03-10T09:00:00.000Z', 8 * 60, berlin)).toBe('2026-03-11T09:00:00.000Z');
    // Before opening: the clock starts at 09:00.
    expect(add('2026-03-10T05:00:00.000Z', 30, berlin)).toBe('2026-03-10T08:30:00.000Z');
  });

  test('over the weekend of the change to summer time (Europe/Berlin, 29 Mar 2026)', () => {
    // Fri 27 Mar 16:00 CET (15:00Z) + 2 h: one hour on Friday, one on Monday 30 Mar from 09:00 CEST (07:00Z).
    expect(add('2026-03-27T15:00:00.000Z', 120, berlin)).toBe('2026-03-30T08:00:00.000Z');
  });

  test('over the weekend of the change back to winter time (Europe/Berlin, 25 Oct 2026)', () => {
    // Fri 23 Oct 16:00 CEST (14:00Z) + 2 h: Monday 26 Oct opens at 09:00 CET (08:00Z).
    expect(add('2026-10-23T14:00:00.000Z', 120, berlin)).toBe('2026-10-26T09:00:00.000Z');
  });

  test('skips holidays (Good Friday and Easter Monday 2026)', () => {
    const easter = { ...berlin, holidays: ['2026-04-03', '2026-04-06'] };
    // Thu 2 Apr 16:00 CEST (14:00Z) + 2 h: one hour on Thursday, the next on Tuesday 7 Apr.
    expect(add('2026-04-02T14:00:00.000Z', 120, easter)).toBe('2026-04-07T08:00:00.000Z');
    expect(add('2026-04-02T14:00:00.000Z', 120, berlin)).toBe('2026-04-03T08:00:00.000Z');
  });

  test('a day with a gap or a repeated hour counts the hours that really pass (America/New_York)', () => {
    const sundays: BusinessHours = { time_zone: 'America/New_York', days: weekdays('01:00', '05:00', [7]), holidays: [] };
    // Sun 8 Mar 2026 01:00 EST (06:00Z) to 05:00 EDT (09:00Z): 2:00 to 3:00 never happens, 3 h.
    expect(businessMinutesBetween(at('2026-03-08T00:00:00.000Z'), at('2026-03-09T00:00:00.000Z'), sundays)).toBe(180);
    // Sun 1 Nov 2026 01:00 EDT (05:00Z) to 05:00 EST (10:00Z): 1:00 to 2:00 happens twice, 5 h.
    expect(businessMinutesBetween(at('2026-11-01T00:00:00.000Z'), at('2026-11-02T00:00:00.000Z'), sundays)).toBe(300);
    expect(add('2026-11-01T05:00:00.000Z', 299, sundays)).toBe('2026-11-01T09:59:00.000Z');
  });

  test('no working time at all: null; zero minutes: the instant itself', () => {
    expect(addBusinessMinutes(at('2026-03-10T09:00:00.000Z'), 10, { ...berlin, days: [] })).toBeNull();
    expect(add('2026-03-14T09:00:00.000Z', 0, berlin)).toBe('2026-03-14T09:00:00.000Z');
  });
});

describe('businessMinutesBetween', () => {
  test('counts only open hours, and is the inverse of addBusinessMinutes across the change to summer time', () => {
    const from = at('2026-03-27T15:00:00.000Z');
    expect(businessMinutesBetween(from, at('2026-03-30T08:00:00.000Z'), berlin)).toBe(120);
    expect(businessMinutesBetween(from, at('2026-03-28T12:00:00.000Z'), berlin)).toBe(60);
    for (const minutes of [1, 59, 480, 481, 2000]) {
      expect(businessMinutesBetween(from, addBusinessMinutes(from, minutes, berlin)!, berlin)).toBe(minutes);
    }
    expect(businessMinutesBetween(at('2026-03-30T08:00:00.000Z'), from, berlin)).toBe(0);
  });

  test('a holiday counts nothing', () => {
    const goodFriday = { ...berlin, holidays: ['2026-04-03'] };
    expect(businessMinutesBetween(at('2026-04-03T00:00:00.000Z'), at('2026-04-04T00:00:00.000Z'), goodFriday)).toBe(0);
    expect(businessMinutesBetween(at('2026-04-03T00:00:00.000Z'), at('2026-04-04T00:00:00.000Z'), berlin)).toBe(480);
  });
});

describe('many clocks on one set of hours (a list of tickets reads them all at once)', () => {
  // A fixed pseudo-random walk of instants over three years, both daylight-saving changes and holidays.
  const hours: BusinessHours = { time_zone: 'America/New_York', days: weekdays('08:30', '18:00', [1, 2, 3, 4, 6]), holidays: ['2026-07-03', '2025-12-25'] };
  const instants = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + ((i * 7_919_777_113) % (3 * 365 * 86_400_000))));

  test('business time adds up, and adding it back lands on an instant with the same business time', () => {
    for (const [i, a] of instants.entries()) {
      const b = instants[(i * 17 + 5) % instants.length]!;
      const [from, to] = a < b ? [a, b] : [b, a];
      const middle = new Date((from.getTime() + to.getTime()) / 2);
      const whole = businessMinutesBetween(from, to, hours);
      expect(businessMinutesBetween(from, middle, hours) + businessMinutesBetween(middle, to, hours)).toBeCloseTo(whole, 6);
      const back = addBusinessMinutes(from, whole, hours)!;
      expect(back.getTime()).toBeLessThanOrEqual(to.getTime());
      expect(businessMinutesBetween(from, back, hours)).toBeCloseTo(whole, 6);
    }
  });

  test('the same answers from hours read once and from a fresh copy each time, whatever was asked before', () => {
    const shared = { ...berlin, holidays: ['2026-04-03', '2026-04-06'] };
    for (const iso of ['2026-11-30T10:00:00.000Z', '2021-03-26T15:00:00.000Z', '2026-03-27T15:30:00.000Z', '2011-01-03T08:00:00.000Z']) {
      const fresh = { ...shared };
      expect(add(iso, 600, shared)).toBe(add(iso, 600, fresh));
      expect(businessMinutesBetween(at(iso), at('2026-12-06T12:00:00.000Z'), shared)).toBe(businessMinutesBetween(at(iso), at('2026-12-06T12:00:00.000Z'), { ...shared }));
    }
  });
});

describe('businessHoursProblem', () => {
  test('accepts the defaults and names what is wrong', () => {
    expect(businessHoursProblem(DEFAULT_BUSINESS_HOURS)).toBeNull();
    expect(businessHoursProblem({ ...berlin, time_zone: 'Mars/Olympus' })).toBe(MESSAGES.slaTimeZoneUnknown);
    expect(businessHoursProblem({ ...berlin, days: [{ day: 1, open: '17:00', close: '09:00' }] })).toBe(MESSAGES.slaHoursInvalid);
    expect(businessHoursProblem({ ...berlin, days: [{ day: 2, open: '9:00', close: '17:00' }] })).toBe(MESSAGES.slaHoursInvalid);
    expect(businessHoursProblem({ ...berlin, days: [...berlin.days, { day: 1, open: '10:00', close: '11:00' }] })).toBe(MESSAGES.slaHoursInvalid);
    expect(businessHoursProblem({ ...berlin, holidays: ['2026-02-30'] })).toBe(MESSAGES.slaHolidayInvalid);
  });
});
