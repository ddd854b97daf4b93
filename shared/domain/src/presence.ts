import { parseDate } from './dates';
import { isStaff } from './groups';
import { isStatusLine } from './ticket-history';

/**
 * Who is on a ticket now (docs/product/tickets.md#who-is-on-the-ticket): the people whose open ticket screen
 * shows it, and whether they are typing a reply or an internal note. It rides the live stream (a `presence`
 * event to the tabs showing the ticket); nothing is stored and nothing is polled.
 */

/** SSE event name: who is on one ticket, as the stream's viewer may see it. */
export const LIVE_EVENT_PRESENCE = 'presence';
/** POST /events/presence: a tab says it shows a ticket, types on it, or left it. */
export const LIVE_PRESENCE_PATH = '/events/presence';

/** What a person does on the ticket: has it open, types a reply, or types an internal note. */
export type PresenceActivity = 'viewing' | 'replying' | 'noting';
export const PRESENCE_ACTIVITIES = ['viewing', 'replying', 'noting'] as const satisfies readonly PresenceActivity[];

/**
 * A presence not heard of again for this long is gone (a closed tab, a dropped stream, a stopped process): the
 * process holding a tab's stream says it again every PRESENCE_REFRESH_MS while the stream is open.
 */
export const PRESENCE_TTL_MS = 30_000;
export const PRESENCE_REFRESH_MS = 10_000;
/** A tab tells a change of what it does at most once in this long (typing, stopping): one request, not one per key. */
export const PRESENCE_SEND_GAP_MS = 3_000;
/** Typing stops counting after this long without a keystroke. */
export const PRESENCE_TYPING_IDLE_MS = 6_000;
/** A name as presence carries it (from one stream's process to the others), at most this long. */
export const PRESENCE_NAME_MAX_CHARS = 120;

/** One tab's presence on a ticket, as every process holds it. */
export interface PresenceEntry {
  contactId: number;
  name: string;
  groupId: number;
  activity: PresenceActivity;
}

/** A person as one viewer is told of them; `contactId` and `name` are null for "an agent" (a client's view). */
export interface PresencePerson {
  contactId: number | null;
  name: string | null;
  activity: PresenceActivity;
}

/** Of one person's tabs, the one that says most: typing over viewing. */
const WEIGHT: Record<PresenceActivity, number> = { viewing: 0, noting: 1, replying: 2 };

/**
 * Who `viewer` is told is on the ticket, never themselves (any of their tabs). Staff see everyone: staff and
 * clients, viewing or typing, internal notes included. A client sees only that an agent is typing a reply,
 * unnamed: not who reads the ticket, not other contacts, never an internal note being written.
 */
export function presenceSeenBy(viewer: { contactId: number; groupId: number }, entries: Iterable<PresenceEntry>): PresencePerson[] {
  const others = [...entries].filter((entry) => entry.contactId !== viewer.contactId);
  if (!isStaff(viewer.groupId)) {
    return others.some((entry) => isStaff(entry.groupId) && entry.activity === 'replying')
      ? [{ contactId: null, name: null, activity: 'replying' }] : [];
  }
  const people = new Map<number, PresencePerson>();
  for (const entry of others) {
    const known = people.get(entry.contactId);
    if (!known || WEIGHT[entry.activity] > WEIGHT[known.activity]) {
      people.set(entry.contactId, { contactId: entry.contactId, name: entry.name, activity: entry.activity });
    }
  }
  return [...people.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || (a.contactId ?? 0) - (b.contactId ?? 0));
}

function namesOf(names: readonly string[]): string {
  if (names.length <= 3) return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
}

/** The lines the ticket screen shows: who is typing (each), then who is viewing (together). */
export function presenceLines(people: readonly PresencePerson[]): string[] {
  const lines: string[] = [];
  for (const person of people) {
    if (person.activity === 'replying') lines.push(`${person.name ?? 'An agent'} is typing a reply…`);
    if (person.activity === 'noting') lines.push(`${person.name ?? 'An agent'} is writing an internal note…`);
  }
  const viewing = people.filter((person) => person.activity === 'viewing').map((person) => person.name ?? 'An agent');
  if (viewing.length > 0) lines.push(`${namesOf(viewing)} ${viewing.length === 1 ? 'is' : 'are'} viewing`);
  return lines;
}

/** "20 s ago", "3 min ago", "2 h ago": how long before now a note came. */
export function timeAgo(elapsedMs: number): string {
  const seconds = Math.max(1, Math.floor(elapsedMs / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** A note as the feed has it. */
export interface FeedNote {
  activity_id: number;
  contact_id: number | null;
  contact_name: string | null;
  date_created: string;
  internal?: boolean;
  source?: string | null;
}

/**
 * The notes to see before sending (docs/product/tickets.md#who-is-on-the-ticket): public notes someone else
 * wrote after the newest one the feed held when the editor was opened (`seenUpTo`, an id: notes are numbered as
 * they are written, so older notes loaded later do not count), newest first as the feed lists them. Status lines
 * and internal notes do not count.
 */
export function repliesToSeeFirst<T extends FeedNote>(items: readonly T[], seenUpTo: number, contactId: number): T[] {
  return items.filter((item) => item.activity_id > seenUpTo && !item.internal && !isStatusLine(item) && item.contact_id !== contactId);
}

/** The newest note of a feed, as `seenUpTo` counts it (0: none). */
export function newestNoteId(items: readonly { activity_id: number }[]): number {
  return items.reduce((newest, item) => Math.max(newest, item.activity_id), 0);
}

/** The warning before sending: "Casey replied 20 s ago: view it first" (the author's first name; the support team for a note without one). */
export function repliedWarning(note: FeedNote, now: Date): string {
  const first = note.contact_name?.trim().split(/\s+/)[0];
  const elapsed = now.getTime() - (parseDate(note.date_created)?.getTime() ?? now.getTime());
  return `${first || 'The support team'} replied ${timeAgo(elapsed)}: view it first`;
}
