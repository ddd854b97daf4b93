import { createHash } from 'node:crypto';
import { keyMatches, type Viewer } from '@portal/domain';
import type { PortalConfig } from '../config';
import type { PortalMetrics } from './metrics';
import { under, type Drop } from './poll-cache-invalidation';

// The answers a process keeps in memory (docs/architecture.md#answers-from-memory): each one's body and strong ETag,
// filed by viewer and URL, least recently used first; its body's life (POLL_CACHE_MS, or the month's turn) and its
// ETag's (POLL_ETAG_MS); the caps on bodies (POLL_CACHE_ENTRIES) and ETags. Which change drops what is
// poll-cache-invalidation.ts's; the requests and the sibling processes are poll-cache.ts's.

/** Every zone's offset is a whole quarter hour: a month begins, in any zone, on a quarter hour of UTC. */
const QUARTER_HOUR_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** Zones run from UTC-12 to UTC+14: a month begins somewhere between 14 h before UTC's and 12 h after (an hour's margin each side). */
const MONTH_TURN_BEFORE_MS = 15 * HOUR_MS;
const MONTH_TURN_AFTER_MS = 13 * HOUR_MS;

/**
 * The first moment after `now` (ms) at which the current month may change in some time zone: the next quarter
 * hour while a month is turning somewhere (around UTC's month start), else the start of the next such turn.
 * An answer that depends on the current month ('month') lives until then.
 */
export function nextMonthTurn(now: number): number {
  const date = new Date(now);
  const starts = [-1, 0, 1].map((months) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  if (starts.some((start) => now >= start - MONTH_TURN_BEFORE_MS && now < start + MONTH_TURN_AFTER_MS)) {
    return (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
  }
  return starts.map((start) => start - MONTH_TURN_BEFORE_MS).find((turn) => turn > now)!;
}

/** ETags held at most, per body held at most (POLL_CACHE_ENTRIES): a few hundred bytes each. */
const TAGS_PER_BODY = 10;

export interface Entry {
  /** Its place in the store: viewer fingerprint and URL (entryId). */
  id: string;
  viewerKey: string;
  url: string;
  /** The SWR key: the URL without the /api prefix (with its query), as staleKeysFor names them. */
  key: string;
  etag: string;
  /** Null once the body went (its life or the count of bodies): the ETag alone still answers If-None-Match. */
  body: string | null;
  contentType: string;
  /** The body's end (ms). */
  expires: number;
  /** The ETag's end (ms), at or after `expires`. */
  tagExpires: number;
}

interface ViewerEntries {
  viewer: Viewer;
  entries: Map<string, Entry>;
}

/** Fingerprints of the viewers held with their sessions (a viewer object is never changed, only replaced). */
const fingerprints = new WeakMap<Viewer, string>();

/** Every scope field of the viewer, arrays sorted: two viewers share answers only when all of it is equal. */
export function viewerFingerprint(viewer: Viewer): string {
  let fingerprint = fingerprints.get(viewer);
  if (fingerprint === undefined) fingerprints.set(viewer, (fingerprint = computeFingerprint(viewer)));
  return fingerprint;
}

function computeFingerprint(viewer: Viewer): string {
  const fields = Object.keys(viewer).sort().map((name) => {
    const value = (viewer as unknown as Record<string, unknown>)[name];
    return [name, Array.isArray(value) ? [...(value as number[])].sort((a, b) => a - b) : value];
  });
  return JSON.stringify(fields);
}

/** Where the answer of `url` (as the browser sends it) for the viewer of `viewerKey` is kept. */
export const entryId = (viewerKey: string, url: string) => `${viewerKey}\n${url}`;

/** A strong tag of the exact bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Does If-None-Match name `etag` (a list, weak or not, or `*`)? */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = Array.isArray(header) ? header.join(',') : header;
  return list.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/** Where an entry is filed: its key's path up to its second segment (`/ticket/5`, `/company/3`, `/staff/tickets`). */
export function rootOf(key: string): string {
  const path = key.split('?', 1)[0]!;
  const parts = path.split('/');
  return parts.slice(0, 3).join('/');
}

export interface AnswerStore {
  /** Answers held with their body. */
  readonly size: number;
  /** Answers held, with their body or as their ETag alone. */
  readonly tags: number;
  /** The entry held under `id` at `now`: an expired one goes, and a body past its life leaves its ETag alone. */
  held(id: string, now: number): Entry | undefined;
  /** A hit: the entry moves to the end of the least recently used orders. */
  touch(entry: Entry): void;
  /** Files `entry` under its id, viewer and root, newest last; over the caps the oldest bodies, then ETags, go. */
  file(entry: Entry, viewer: Viewer): void;
  /** Drops what `what` names. */
  drop(what: Drop): void;
  /** Drops everything (a change that drops all, or a resync). */
  dropAll(reason: 'change' | 'resync'): void;
}

/**
 * At most POLL_CACHE_ENTRIES answers kept with their body, TAGS_PER_BODY times as many as their ETag (read at each
 * answer kept: a test lowers it on a running app).
 */
export function answerStore(config: Pick<PortalConfig, 'pollCacheEntries'>, metrics: Pick<PortalMetrics, 'pollCacheAnswers' | 'pollCacheDrops'>): AnswerStore {
  /** Every entry, oldest first: a hit moves its entry to the end, the cap on ETags evicts from the front. */
  const byKey = new Map<string, Entry>();
  /** The entries that still hold their body, in the same order: the cap on bodies takes the body from the front. */
  const withBody = new Map<string, Entry>();
  const byViewer = new Map<string, ViewerEntries>();
  /** Every entry filed by rootOf(its key): a change finds what it makes stale without visiting every viewer. */
  const byRoot = new Map<string, Set<Entry>>();

  /** Unfiles `entry` wherever it is still filed (a newer answer under its id stays); counted unless replaced. */
  const remove = (entry: Entry, reason: 'change' | 'resync' | 'expired' | 'evicted' | 'replaced') => {
    if (byKey.get(entry.id) === entry) byKey.delete(entry.id);
    if (withBody.get(entry.id) === entry) withBody.delete(entry.id);
    const group = byViewer.get(entry.viewerKey);
    if (group?.entries.get(entry.url) === entry) group.entries.delete(entry.url);
    if (group && group.entries.size === 0) byViewer.delete(entry.viewerKey);
    const filed = byRoot.get(rootOf(entry.key));
    filed?.delete(entry);
    if (filed?.size === 0) byRoot.delete(rootOf(entry.key));
    if (reason !== 'replaced') metrics.pollCacheDrops.inc({ reason });
  };
  /** Keeps the entry as its ETag alone. */
  const dropBody = (entry: Entry) => {
    entry.body = null;
    if (withBody.get(entry.id) === entry) withBody.delete(entry.id);
  };
  const dropWhere = (group: ViewerEntries, stale: (key: string) => boolean) => {
    for (const entry of [...group.entries.values()]) if (stale(entry.key)) remove(entry, 'change');
  };
  const dropFiled = (key: string, stale: (entryKey: string) => boolean) => {
    const filed = byRoot.get(rootOf(key));
    if (filed) for (const entry of [...filed]) if (stale(entry.key)) remove(entry, 'change');
  };

  const store: AnswerStore = {
    get size() {
      return withBody.size;
    },
    get tags() {
      return byKey.size;
    },
    held(id, now) {
      const entry = byKey.get(id);
      if (!entry) return undefined;
      if (entry.tagExpires <= now) {
        remove(entry, 'expired');
        return undefined;
      }
      if (entry.body !== null && entry.expires <= now) dropBody(entry);
      return entry;
    },
    touch(entry) {
      byKey.delete(entry.id);
      byKey.set(entry.id, entry);
      if (entry.body !== null) {
        withBody.delete(entry.id);
        withBody.set(entry.id, entry);
      }
      metrics.pollCacheAnswers.inc({ outcome: 'hit' });
    },
    file(entry, viewer) {
      const earlier = byKey.get(entry.id);
      if (earlier) remove(earlier, 'replaced');
      byKey.set(entry.id, entry);
      if (entry.body !== null) withBody.set(entry.id, entry);
      let group = byViewer.get(entry.viewerKey);
      if (!group) {
        group = { viewer, entries: new Map() };
        byViewer.set(entry.viewerKey, group);
      }
      group.entries.set(entry.url, entry);
      const root = rootOf(entry.key);
      let filed = byRoot.get(root);
      if (!filed) byRoot.set(root, (filed = new Set()));
      filed.add(entry);
      while (withBody.size > config.pollCacheEntries) dropBody(withBody.values().next().value as Entry);
      while (byKey.size > config.pollCacheEntries * TAGS_PER_BODY) remove(byKey.values().next().value as Entry, 'evicted');
    },
    drop(what) {
      if ('all' in what) {
        store.dropAll('change');
        return;
      }
      if ('contactId' in what) {
        for (const group of [...byViewer.values()]) if (group.viewer.contactId === what.contactId) dropWhere(group, () => true);
        return;
      }
      for (const key of what.keys) dropFiled(key, (entryKey) => keyMatches(key, entryKey));
      for (const path of what.paths) dropFiled(path, (entryKey) => under(path, entryKey));
    },
    dropAll(reason) {
      if (byKey.size > 0) metrics.pollCacheDrops.inc({ reason }, byKey.size);
      byKey.clear();
      withBody.clear();
      byViewer.clear();
      byRoot.clear();
    },
  };
  return store;
}
