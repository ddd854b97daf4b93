import { GROUP_ADMIN, keyMatches, staleKeysFor, type Change, type Viewer } from '@portal/domain';
import { monotonicMs } from './answer-peers';

// Which change drops which answer from memory (docs/architecture.md#answers-from-memory): the map from a published
// change to the keys it makes stale, and the record of the changes heard lately, by which a read under way while a
// change arrived (or a sibling process's answer) is not kept if that change drops it. What is kept and for how long
// is poll-cache-store.ts's.

/** What one change drops: everything, one contact's answers, or what lies under the keys and paths it names. */
export type Drop = { all: true; unread?: true } | { contactId: number } | { keys: string[]; paths: string[] };

/**
 * What `change` drops (docs/architecture.md#answers-from-memory). A company's record, links or mode, an option (rates,
 * service lists, lookups) and a contact's record (names, pay) show in many answers: rare writes, so everything goes.
 * Who a contact is changed (group, deactivated, second factors): its answers go. A change this process cannot
 * read (another version's): nothing kept may outlive it, so everything goes.
 */
export function dropOf(change: Change): Drop {
  if (change.kind === 'company' || change.kind === 'option' || change.kind === 'contact') return { all: true };
  if (change.kind === 'session') return change.contactId === 'all' ? { all: true } : { contactId: change.contactId };
  try {
    const { keys, paths } = everyonesStaleKeys(change);
    if (!Array.isArray(keys)) return { all: true, unread: true };
    return { keys, paths };
  } catch {
    return { all: true, unread: true };
  }
}

/** Does `drop` drop the answer of `key` for `viewer`? */
export function drops(drop: Drop, viewer: Viewer, key: string): boolean {
  if ('all' in drop) return true;
  if ('contactId' in drop) return viewer.contactId === drop.contactId;
  return drop.keys.some((stale) => keyMatches(stale, key)) || drop.paths.some((path) => under(path, key));
}

/** `key` is `path` or one of its sub-resources (with or without a query). */
export const under = (path: string, key: string) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`);

/**
 * Beyond what push names (the keys each viewer's screens show), what a change makes stale for every viewer who may
 * read it some other way: everything under its ticket (status lines, history, and a ticket that moved company, whose
 * old company's viewers staleKeysFor no longer names), a contact's notifications (an admin may read anyone's) and
 * the worker's time (an admin reads anyone's totals).
 */
export function everyonesStalePaths(change: Change): string[] {
  const paths: string[] = [];
  if ('ticketId' in change && Number.isInteger(change.ticketId)) paths.push(`/ticket/${change.ticketId}`);
  if (change.kind === 'notifications' && Number.isInteger(change.contactId)) paths.push(`/contact/${change.contactId}/notifications`);
  if (change.kind === 'time' && Number.isInteger(change.contactId)) {
    for (const name of ['currenttime', 'ytdtime', 'time']) paths.push(`/contact/${change.contactId}/${name}`);
  }
  return paths;
}

/**
 * Every SWR key a change can make stale for anyone: what it makes stale for an admin who is also the contact it
 * names (an admin reads every company, list, total and invoice; the owner alone reads its notifications), and
 * everyonesStalePaths. A superset of staleKeysFor(change, viewer) for every viewer (poll-cache.test.ts), so
 * dropping by it never keeps a stale answer; it drops a little more than needed, never less. Company, option and
 * contact changes drop everything and are not asked here.
 */
export function everyonesStaleKeys(change: Change): { keys: string[]; paths: string[] } {
  const contactId = 'contactId' in change && typeof change.contactId === 'number' ? change.contactId : -1;
  const companyIds = 'companyId' in change && Number.isInteger(change.companyId) ? [change.companyId] : [];
  const seesAll: Viewer = { contactId, groupId: GROUP_ADMIN, companyIds, primaryCompanyIds: companyIds };
  return { keys: staleKeysFor(change, seesAll), paths: everyonesStalePaths(change) };
}

/** Batches of changes remembered for the reads under way: a read that outlasts more of them is not kept. */
const HEARD_KEPT = 256;

export interface ChangesHeard {
  /** Counts the changes heard (each batch, and each resync): what a read notes when it begins. */
  readonly generation: number;
  /** A batch of changes (or a resync: `[{ all: true }]`) was heard, dropping these. */
  hear(drops: Drop[]): void;
  /** From now on every change is heard (the process listens); a read that began before may have missed one. */
  listening(): void;
  /** Did a change heard after generation `since` drop the answer of `key` for `viewer` (or may one have)? */
  changedSince(since: number, viewer: Viewer, key: string): boolean;
  /**
   * Did a change heard at or after `started` (monotonicMs) drop it, or may one have: heard before what is remembered,
   * or before this process began to hear changes at all?
   */
  changedAfter(started: number, viewer: Viewer, key: string): boolean;
}

/**
 * What the last HEARD_KEPT batches dropped, oldest first, and when they were heard (monotonicMs): a read that began
 * under an earlier generation is kept only if none of the changes heard since would have dropped it (a read over more
 * batches is not kept); a sibling's answer only if none heard since its read began would have.
 */
export function changesHeard(): ChangesHeard {
  let generation = 0;
  let hearingSince = Infinity;
  const heard: { generation: number; at: number; drops: Drop[] }[] = [];
  return {
    get generation() {
      return generation;
    },
    hear(batch) {
      generation += 1;
      heard.push({ generation, at: monotonicMs(), drops: batch });
      if (heard.length > HEARD_KEPT) heard.shift();
    },
    listening() {
      hearingSince = monotonicMs();
    },
    changedSince(since, viewer, key) {
      if (since === generation) return false;
      if ((heard[0]?.generation ?? Infinity) > since + 1) return true;
      return heard.some((batch) => batch.generation > since && batch.drops.some((drop) => drops(drop, viewer, key)));
    },
    changedAfter(started, viewer, key) {
      if (started < hearingSince) return true;
      if (generation > heard.length && (heard[0]?.at ?? Infinity) >= started) return true;
      return heard.some((batch) => batch.at >= started && batch.drops.some((drop) => drops(drop, viewer, key)));
    },
  };
}
