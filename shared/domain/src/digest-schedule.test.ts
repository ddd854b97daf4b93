import { DIGEST_KINDS, digestKindsOf, digestPeriodStart, isDigestDue, nextDigestTime } from './digest-schedule';

const at = (iso: string) => new Date(iso);
const start = (kind: 'hourly' | 'daily' | 'weekly', now: string, zone: string) => digestPeriodStart(kind, at(now), zone).toISOString();

describe('digest schedule', () => {
  it('reads the kinds from note_prefs', () => {
    expect(digestKindsOf({ sendHourly: true, sendDaily: false, sendWeekly: true })).toEqual(['hourly', 'weekly']);
    expect(digestKindsOf({ sendHourly: false, sendDaily: false, sendWeekly: false })).toEqual([]);
    expect(DIGEST_KINDS).toEqual(['hourly', 'daily', 'weekly']);
  });

  it('hourly: the top of the hour on the contact clock, also in a half-hour zone', () => {
    expect(start('hourly', '2025-03-12T10:59:59.900Z', 'UTC')).toBe('2025-03-12T10:00:00.000Z');
    expect(start('hourly', '2025-03-12T11:00:00.000Z', 'UTC')).toBe('2025-03-12T11:00:00.000Z');
    // Kolkata is UTC+5:30: its hours start at half past on the UTC clock.
    expect(start('hourly', '2025-03-12T11:10:00.000Z', 'Asia/Kolkata')).toBe('2025-03-12T10:30:00.000Z');
    expect(nextDigestTime('hourly', at('2025-03-12T11:10:00.000Z'), 'Asia/Kolkata').toISOString()).toBe('2025-03-12T11:30:00.000Z');
  });

  it('daily: 07:00 on the contact clock, yesterday before it', () => {
    expect(start('daily', '2025-03-12T06:59:00.000Z', 'UTC')).toBe('2025-03-11T07:00:00.000Z');
    expect(start('daily', '2025-03-12T07:00:00.000Z', 'UTC')).toBe('2025-03-12T07:00:00.000Z');
    // New York in March 2025 is UTC-4 after the 9th: 07:00 there is 11:00 UTC.
    expect(start('daily', '2025-03-12T10:59:00.000Z', 'America/New_York')).toBe('2025-03-11T11:00:00.000Z');
    expect(start('daily', '2025-03-12T11:00:00.000Z', 'America/New_York')).toBe('2025-03-12T11:00:00.000Z');
    expect(nextDigestTime('daily', at('2025-03-12T11:00:00.000Z'), 'America/New_York').toISOString()).toBe('2025-03-13T11:00:00.000Z');
  });

  it('daily across a DST change keeps 07:00 on the wall clock', () => {
    // 2025-03-09: New York moves from UTC-5 to UTC-4.
    expect(start('daily', '2025-03-09T12:00:00.000Z', 'America/New_York')).toBe('2025-03-09T11:00:00.000Z');
    expect(start('daily', '2025-03-09T10:30:00.000Z', 'America/New_York')).toBe('2025-03-08T12:00:00.000Z');
  });

  it('weekly: Monday 07:00 on the contact clock', () => {
    // 2025-03-10 is a Monday.
    expect(start('weekly', '2025-03-10T06:59:00.000Z', 'UTC')).toBe('2025-03-03T07:00:00.000Z');
    expect(start('weekly', '2025-03-10T07:00:00.000Z', 'UTC')).toBe('2025-03-10T07:00:00.000Z');
    expect(start('weekly', '2025-03-16T23:00:00.000Z', 'UTC')).toBe('2025-03-10T07:00:00.000Z');
    // Sunday 22:00 UTC is already Monday 09:00 in Sydney (UTC+11): its week started at 07:00 there.
    expect(start('weekly', '2025-03-09T22:00:00.000Z', 'Australia/Sydney')).toBe('2025-03-09T20:00:00.000Z');
    expect(nextDigestTime('weekly', at('2025-03-09T22:00:00.000Z'), 'Australia/Sydney').toISOString()).toBe('2025-03-16T20:00:00.000Z');
  });

  it('an unknown zone counts as UTC', () => {
    expect(start('daily', '2025-03-12T08:00:00.000Z', 'Mars/Base')).toBe('2025-03-12T07:00:00.000Z');
  });

  it('is due once per period', () => {
    const now = at('2025-03-12T10:20:00.000Z');
    expect(isDigestDue('hourly', null, now, 'UTC')).toBe(true);
    expect(isDigestDue('hourly', '2025-03-12T09:00:00.000Z', now, 'UTC')).toBe(true);
    expect(isDigestDue('hourly', '2025-03-12T10:00:00.000Z', now, 'UTC')).toBe(false);
    expect(isDigestDue('daily', '2025-03-12T07:00:00.000Z', now, 'UTC')).toBe(false);
    expect(isDigestDue('daily', '2025-03-11T07:00:00.000Z', now, 'UTC')).toBe(true);
  });
});
