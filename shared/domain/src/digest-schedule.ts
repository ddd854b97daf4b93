import { daysAheadAt, isValidTimeZone } from './dates';
import type { NotePrefs } from './note-prefs';

// Notification digests (docs/product/notifications-and-mail.md#digests): a digest per period of each kind the contact
// switched on, sent when its period starts on the contact's clock: the top of every hour, 07:00
// every day, Monday 07:00 every week.

export type DigestKind = 'hourly' | 'daily' | 'weekly';

export const DIGEST_KINDS: readonly DigestKind[] = ['hourly', 'daily', 'weekly'];

/** The hour of the daily and weekly digests, on the contact's clock. */
export const DIGEST_HOUR = 7;

const PREF_OF: Record<DigestKind, keyof NotePrefs> = { hourly: 'sendHourly', daily: 'sendDaily', weekly: 'sendWeekly' };

/** The kinds a contact's note_prefs switch on. */
export function digestKindsOf(prefs: NotePrefs): DigestKind[] {
  return DIGEST_KINDS.filter((kind) => prefs[PREF_OF[kind]]);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes, seconds and weekday (0 = Sunday) of `date` on the clocks of `timeZone`. */
function clockIn(date: Date, timeZone: string): { minute: number; second: number; weekday: number } {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', minute: 'numeric', second: 'numeric' });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return { minute: Number(parts.minute), second: Number(parts.second), weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '') };
}

/**
 * The start of the period `now` falls in: the top of the current hour, the last 07:00, the last
 * Monday 07:00 (on the clock of `timeZone`; an unknown zone counts as UTC). The digest of a period
 * is due from its start.
 */
export function digestPeriodStart(kind: DigestKind, now: Date, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const clock = clockIn(now, zone);
  if (kind === 'hourly') {
    // Counting back the minutes shown is exact across DST changes (zones differ by whole minutes).
    return new Date(now.getTime() - (clock.minute * 60 + clock.second) * 1000 - now.getUTCMilliseconds());
  }
  const daysBack = kind === 'daily' ? 0 : (clock.weekday + 6) % 7;
  const step = kind === 'daily' ? 1 : 7;
  const start = daysAheadAt(now, -daysBack, DIGEST_HOUR, 0, zone);
  return start.getTime() <= now.getTime() ? start : daysAheadAt(now, -daysBack - step, DIGEST_HOUR, 0, zone);
}

/** When the next digest of `kind` is due after `now`. */
export function nextDigestTime(kind: DigestKind, now: Date, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const start = digestPeriodStart(kind, now, zone);
  if (kind === 'hourly') return new Date(start.getTime() + 60 * 60 * 1000);
  return daysAheadAt(start, kind === 'daily' ? 1 : 7, DIGEST_HOUR, 0, zone);
}

/** A digest is due when the period `now` is in started after the last one sent (or none was). */
export function isDigestDue(kind: DigestKind, lastPeriodStart: Date | string | null, now: Date, timeZone: string): boolean {
  if (lastPeriodStart === null) return true;
  return digestPeriodStart(kind, now, timeZone).getTime() > new Date(lastPeriodStart).getTime();
}
