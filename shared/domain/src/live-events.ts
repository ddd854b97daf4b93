import { isDefaultListName } from './default-lists';
import { isStaff } from './groups';
import { canSeeInternalNotes } from './note-visibility';
import { parseYearMonth, yearMonthOf } from './periods';
import type { PresenceActivity } from './presence';
import {
  canReadCompanyInvoices, canReadNotifications, canReadOption, canReadOptionUsage, canSeeTicketValue, canUseMessageCenter, canViewBilling,
  canListStaff, canReadHourBank, canViewCompany, canViewContact, canViewStats, canViewTicket, type Viewer,
} from './policy';

/** GET /events: one Server-Sent Events stream per signed-in tab (docs/decisions/0001-server-sent-events-for-live-updates.md). */
export const LIVE_EVENTS_PATH = '/events';

/** SSE event names: `stale` names SWR keys to revalidate; `ready` opens the stream (the client catches up on it). */
export const LIVE_EVENT_STALE = 'stale';
export const LIVE_EVENT_READY = 'ready';

/**
 * Live updates (docs/architecture.md#a-live-update): what changed, as the API publishes it after a write commits,
 * and which SWR keys that makes stale for one viewer. SWR keys are API paths (the api-client's key
 * builders); a stale key `p` matches every cached key equal to `p` or starting with `p?`, so one key
 * covers its query-string variants (time zones, list views). Only keys the viewer may read are named.
 */
export type Change =
  /** A ticket's fields, status or assignee (create, update, bulk, delete). `assignees`: old and new, for the agents' lists. */
  | { kind: 'ticket'; ticketId: number; companyId: number; assignees: number[] }
  /** A note added or deleted on a ticket. `internal`: an internal note, told to staff only (canSeeInternalNotes). */
  | { kind: 'activity'; ticketId: number; companyId: number; internal?: true }
  /**
   * Time logged, edited or deleted on a ticket by `contactId` (the worker's totals change too).
   * `monthsBack`: the admin invoices screen's months it touches (0 = this month, the default; see monthsBackOf).
   */
  | { kind: 'time'; ticketId: number; companyId: number; contactId: number; monthsBack?: readonly number[] }
  | { kind: 'tasks'; ticketId: number; companyId: number }
  /** A ticket's followers or its Cc addresses not yet invited (docs/product/tickets.md#followers-and-cc). */
  | { kind: 'followers'; ticketId: number; companyId: number }
  /** `internal`: files added with an internal note, told to staff only. */
  | { kind: 'attachments'; ticketId: number; companyId: number; internal?: true }
  /** A contact's notifications (created, deleted, cleared). */
  | { kind: 'notifications'; contactId: number }
  /** A staff member's timer started, paused, resumed, stopped or discarded (docs/product/time-and-billing.md#timers): their own tabs re-read it. */
  | { kind: 'timer'; contactId: number }
  /**
   * A contact's record: added, or its name, title, e-mail, phone or (an agent's) pay rate changed. The
   * name shows in many answers (assignees, authors, contact lists, payroll): the poll cache drops every
   * answer on it (a rare admin write); open streams are told the contact's own record and the staff's
   * lists, and other screens show the new name at their next poll.
   */
  | { kind: 'contact'; contactId: number }
  /**
   * A company's record, meta, contacts or mode (the mode side effect closes its tickets; each closed
   * ticket is a `ticket` change of its own). `metaKeys`: the meta entries saved, if any. `members`:
   * contacts linked to or unlinked from the company, or whose link changed (primary): the streams
   * of each re-read whom they may see and catch up at once (docs/architecture.md#a-live-update).
   */
  | { kind: 'company'; companyId: number; metaKeys?: string[]; members?: number[] }
  /** An option saved (POST /options): a default list, the type assignments or the rates. */
  | { kind: 'option'; name: string }
  /** The message centre's saved templates. */
  | { kind: 'templates' }
  /** A message-centre send queued (or sent again): the sent list and that send's progress. */
  | { kind: 'message'; messageId: number }
  /**
   * An invoice issued or its status changed. `offset`: its month as the admin invoices screen counts
   * it, months back from the one it was published in (invoiceChange works it out).
   */
  | { kind: 'invoice'; companyId: number; invoiceId: number; offset: number }
  /**
   * Who a session is, or whether it lives, changed for `contactId`: a session ended (sign-out, the
   * sessions page, an admin), a new password, the contact deactivated or reactivated, its group, its
   * second factors. `'all'`: every contact's (the staff second-factor policy switched). Each process
   * drops the sessions it holds in memory for them, and their open streams re-read their viewer
   * (docs/architecture.md#sessions-in-memory). It makes no SWR key stale by itself.
   */
  | { kind: 'session'; contactId: number | 'all' }
  /**
   * Not a change of data: which keys one open stream's tab shows now (POST /events/watch, which may reach
   * another process than the stream's, so it travels with the changes). `keys`: the paths of the SWR keys
   * mounted in the tab; null: every key. `seq` counts the tab's lists, so one overtaken on its way is
   * ignored. The stream `stream` of `contactId` is told only of those from then on (docs/architecture.md#a-live-update). It makes nothing stale and no in-memory answer is dropped for it.
   */
  | { kind: 'watch'; contactId: number; stream: string; seq: number; keys: readonly string[] | null }
  /**
   * Not a change of data either: what the tab of stream `stream` does on ticket `ticketId` of `companyId`
   * (docs/product/tickets.md#who-is-on-the-ticket), null when it left; said again while the stream is open, and
   * forgotten when it is not (PRESENCE_TTL_MS). Told as `presence` events to the tabs showing the ticket.
   */
  | {
    kind: 'presence'; contactId: number; stream: string; ticketId: number; companyId: number; name: string; groupId: number;
    activity: PresenceActivity | null;
  };

export type ChangeKind = Change['kind'];

/** Each contact's notifications once. */
export function notificationChanges(contactIds: Iterable<number>): Change[] {
  return [...new Set(contactIds)].map((contactId) => ({ kind: 'notifications', contactId }));
}

/** Each contact's sessions once: what a write that ends sessions or changes who they are publishes. */
export function sessionChanges(contactIds: Iterable<number>): Change[] {
  return [...new Set(contactIds)].map((contactId) => ({ kind: 'session', contactId }));
}

/** A ticket's fields changed: its lists, the agent lists of its old and new assignees, and the notifications written with it. */
export function ticketChanges(
  ticket: { ticket_id: number; company_id: number },
  assignees: readonly (number | null | undefined)[],
  notified: readonly { contact_id: number }[] = [],
): Change[] {
  const agents = [...new Set(assignees.filter((id): id is number => typeof id === 'number' && id > 0))];
  return [
    { kind: 'ticket', ticketId: ticket.ticket_id, companyId: ticket.company_id, assignees: agents },
    ...notificationChanges(notified.map((n) => n.contact_id)),
  ];
}

/**
 * An invoice's change: its month as months back from `now`'s month in the zone it was issued in
 * (the admin invoices screen's offset; 0 for this month, never negative).
 */
export function invoiceChange(
  invoice: { company_id: number; invoice_id: number; month: string; time_zone: string }, now: Date,
): Extract<Change, { kind: 'invoice' }> {
  const month = parseYearMonth(invoice.month);
  const current = yearMonthOf(now, invoice.time_zone);
  const offset = month ? Math.max(0, (current.year * 12 + current.month) - (month.year * 12 + month.month)) : 0;
  return { kind: 'invoice', companyId: invoice.company_id, invoiceId: invoice.invoice_id, offset };
}

/** POST /events/watch: which keys a tab's stream is to be told of (the tab's mounted SWR keys). */
export const LIVE_WATCH_PATH = '/events/watch';
/**
 * Bounds of one watch list: the keys, each key's length, and their total length (a list travels between
 * processes in one PostgreSQL notification, under 8,000 bytes). A tab with more watches every key (null).
 */
export const LIVE_WATCH_MAX_KEYS = 100;
export const LIVE_WATCH_KEY_MAX_CHARS = 200;
export const LIVE_WATCH_MAX_CHARS = 4000;
/** A stream's id, as `ready` gives it to its tab: 22 URL-safe characters (128 random bits). */
export const LIVE_STREAM_ID = /^[A-Za-z0-9_-]{22}$/;

/** What a tab watches of a cached SWR key: its path, without the query (a stale key names a path). */
export function watchPathOf(key: string): string {
  return key.split('?', 1)[0]!;
}

/**
 * The watch list of a tab's mounted SWR keys: their paths, each once, sorted; null (every key) when they are
 * over the bounds above or one is not an API path.
 */
export function watchListOf(keys: Iterable<string>): string[] | null {
  const paths = [...new Set([...keys].map(watchPathOf))].sort();
  const fits = paths.length <= LIVE_WATCH_MAX_KEYS
    && paths.every((path) => path.startsWith('/') && path.length <= LIVE_WATCH_KEY_MAX_CHARS)
    && paths.reduce((total, path) => total + path.length, 0) <= LIVE_WATCH_MAX_CHARS;
  return fits ? paths : null;
}

/** Is `keys` a watch list as a tab sends it: within the bounds, API paths without queries, each once? */
export function isWatchList(keys: readonly string[]): boolean {
  return keys.every((key) => !key.includes('?')) && watchListOf(keys)?.length === keys.length;
}

/** Is a tab that watches `watched` (null: everything) to be told that `stale` went stale? */
export function isWatched(stale: string, watched: ReadonlySet<string> | null): boolean {
  return watched === null || watched.has(watchPathOf(stale));
}

/** Does the cached SWR key `key` fall under the stale key `stale`? */
export function keyMatches(stale: string, key: string): boolean {
  return key === stale || key.startsWith(`${stale}?`);
}

/** A staff member's saved views carry live counts of the lists (docs/product/tags-and-views.md#saved-views): they go stale with them. */
const SAVED_VIEWS_KEY = '/saved-views';
const companyLists = (companyId: number) => [`/company/${companyId}/tickets`, `/company/${companyId}/tickets/history`];
/** The totals of a company's time, its plan hours (docs/product/hour-banks.md) among them: time and company writes move them. */
const companyTotals = (companyId: number) => [`/company/${companyId}/currenttime`, `/company/${companyId}/ytdtime`, `/company/${companyId}/hour-bank`];
const staffLists = (viewer: Viewer, assignees: readonly number[]) =>
  isStaff(viewer.groupId) ? ['/staff/tickets', '/staff/tickets/list', ...assignees.map((id) => `/contact/${id}/tickets`), SAVED_VIEWS_KEY] : [];
/** The ticket stats (the kanban's counters, the agent page's, /admins/stats) count tickets by their dates. */
const ticketStats = (viewer: Viewer) => (canViewStats(viewer) ? ['/stats/tickets'] : []);

/** The SWR keys `change` makes stale for `viewer`: none when the viewer may not read what changed. */
export function staleKeysFor(change: Change, viewer: Viewer): string[] {
  switch (change.kind) {
    case 'notifications':
      return viewer.contactId === change.contactId && canReadNotifications(viewer, change.contactId) ? [`/contact/${change.contactId}/notifications`] : [];
    case 'company':
      if (!canViewCompany(viewer, change.companyId)) return [];
      return [
        '/company',
        `/company/${change.companyId}`,
        `/company/${change.companyId}/contacts`,
        ...(change.metaKeys ?? []).map((key) => `/company/${change.companyId}/meta/${encodeURIComponent(key)}`),
        ...companyLists(change.companyId),
        ...companyTotals(change.companyId),
        ...staffLists(viewer, []),
      ];
    case 'option': {
      const option = `/options/${encodeURIComponent(change.name)}`;
      const keys = canReadOption(viewer) ? [option] : [];
      if (isDefaultListName(change.name) && canReadOptionUsage(viewer)) keys.push(`${option}/usage`);
      if (change.name === 'rates') {
        // Ticket values (admins and clients see them) and this month's invoice totals are priced at the rates.
        if (canSeeTicketValue(viewer)) keys.push(...(isStaff(viewer.groupId) ? staffLists(viewer, []) : viewer.companyIds.flatMap(companyLists)));
        if (canViewBilling(viewer)) keys.push('/company/-1/invoiceitems/0');
      }
      return keys;
    }
    case 'timer':
      return viewer.contactId === change.contactId ? ['/timer'] : [];
    case 'templates':
      return canUseMessageCenter(viewer) ? ['/sendmail/templates'] : [];
    case 'message':
      return canUseMessageCenter(viewer) ? ['/sendmail', `/sendmail/${change.messageId}`] : [];
    case 'session':
    case 'watch':
    case 'presence':
      return [];
    case 'contact': {
      const contact = `/contact/${change.contactId}`;
      // The record, and the pay counters a new pay rate changes (it applies from this month: payroll offset 0).
      const keys = canViewContact(viewer, change.contactId)
        ? [contact, `${contact}/currenttime`, `${contact}/ytdtime`, `${contact}/time`, `${contact}/time/monthly`] : [];
      if (canListStaff(viewer)) keys.push('/contact', ...staffLists(viewer, [change.contactId]));
      if (canViewBilling(viewer)) keys.push('/time/payroll/0');
      return keys;
    }
    case 'invoice': {
      const keys: string[] = [];
      if (canViewBilling(viewer)) {
        keys.push(`/company/-1/invoiceitems/${change.offset}`, `/company/${change.companyId}/invoiceitems/${change.offset}`);
      }
      if (canReadCompanyInvoices(viewer, change.companyId)) {
        keys.push(`/company/${change.companyId}/invoices`, `/company/${change.companyId}/invoices/${change.invoiceId}`);
      }
      return keys;
    }
    default: {
      if (!canViewTicket(viewer, { company_id: change.companyId })) return [];
      // An internal note or its files changed nothing a client reads, and must not say that something was written.
      if ((change.kind === 'activity' || change.kind === 'attachments') && change.internal && !canSeeInternalNotes(viewer)) return [];
      const ticket = `/ticket/${change.ticketId}`;
      switch (change.kind) {
        case 'ticket':
          // Staff also read the ticket's history (the History tab), which every ticket change adds to.
          return [
            ticket, ...(canReadHourBank(viewer, change.companyId) ? [`${ticket}/overage-approval`] : []), ...companyLists(change.companyId),
            ...staffLists(viewer, change.assignees), ...ticketStats(viewer),
            ...(isStaff(viewer.groupId) ? [`${ticket}/audit`] : []),
          ];
        case 'activity':
          return [`${ticket}/activity`];
        case 'tasks':
          return [`${ticket}/tasks`];
        case 'followers':
          return [`${ticket}/followers`];
        case 'attachments':
          return [`${ticket}/attachments`];
        case 'time': {
          const keys = [`${ticket}/time`, ticket, ...companyLists(change.companyId), ...companyTotals(change.companyId)];
          const worker = `/contact/${change.contactId}`;
          if (viewer.contactId === change.contactId || canViewBilling(viewer)) {
            keys.push(`${worker}/currenttime`, `${worker}/ytdtime`, `${worker}/time`, `${worker}/time/monthly`);
          }
          // Time logged now belongs to this month (offset 0) of the admin invoices screen; an edited or deleted entry to its own months.
          if (canViewBilling(viewer)) {
            for (const offset of change.monthsBack ?? [0]) {
              keys.push(`/time/payroll/${offset}`, `/company/-1/invoiceitems/${offset}`, `/company/${change.companyId}/invoiceitems/${offset}`);
            }
          }
          return keys;
        }
      }
    }
  }
}

/**
 * On `ready`, a key on screen whose first answer is still on its way is checked this long after, with
 * that answer's ETag, instead of being read a second time at once (docs/architecture.md#a-live-update):
 * the answer in flight may predate the stream, so it is checked, but a check reads nothing from the
 * database. A key still without an answer then is read again, as before.
 */
export const LIVE_CATCH_UP_WAIT_MS = 1_000;

/** While the live stream is open, polling slows to this safety net; when it drops, each screen's own interval resumes (docs/product/dashboards.md#refresh-and-live-updates). */
export const LIVE_SAFETY_POLL_MS = 30_000;
/** The stream's heartbeat comment, so proxies keep it open and the client notices a dead one. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** The polling interval of a screen: its documented interval, or the slow safety net while the stream is live. */
export function pollInterval(specMs: number, live: boolean): number {
  if (specMs <= 0) return 0;
  return live ? Math.max(specMs, LIVE_SAFETY_POLL_MS) : specMs;
}

/**
 * Is a hook's `refreshInterval` the safety net (the stream is live, and the screen's own interval is no slower)?
 * Then the tab does not poll that key alone: it asks for all such keys at once (POST /events/check).
 */
export function isSafetyNetPoll(refreshInterval: unknown, live: boolean): boolean {
  return live && refreshInterval === LIVE_SAFETY_POLL_MS;
}

/**
 * POST /events/check: the tab's safety net in one request. It names the keys it would poll at the safety net, each
 * with the ETag of the answer it shows; the answer names those that may have changed, which the tab reads again.
 */
export const LIVE_CHECK_PATH = '/events/check';
/** Bounds of one check: its keys (a tab with more sends several checks), a key with its query, and an ETag. */
export const LIVE_CHECK_MAX_KEYS = 100;
export const LIVE_CHECK_KEY_MAX_CHARS = 500;
export const LIVE_CHECK_ETAG_MAX_CHARS = 100;

export interface LiveCheckEntry {
  /** The SWR key: an API path with its query. */
  key: string;
  /** The ETag of the answer the tab shows for it; null when it has none (it is then read again). */
  etag: string | null;
}

/**
 * The checks a tab sends for `entries`: batches within the bounds; `readAgain` holds the keys no check can ask
 * (not an API path, or too long), which the tab reads again as it would have polled them.
 */
export function checkBatchesOf(entries: readonly LiveCheckEntry[]): { batches: LiveCheckEntry[][]; readAgain: string[] } {
  const readAgain: string[] = [];
  const fits: LiveCheckEntry[] = [];
  for (const entry of entries) {
    if (!entry.key.startsWith('/') || entry.key.length > LIVE_CHECK_KEY_MAX_CHARS) readAgain.push(entry.key);
    else fits.push({ key: entry.key, etag: entry.etag !== null && entry.etag.length <= LIVE_CHECK_ETAG_MAX_CHARS ? entry.etag : null });
  }
  const batches: LiveCheckEntry[][] = [];
  for (let at = 0; at < fits.length; at += LIVE_CHECK_MAX_KEYS) batches.push(fits.slice(at, at + LIVE_CHECK_MAX_KEYS));
  return { batches, readAgain };
}
