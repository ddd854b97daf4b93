import { createHash } from 'node:crypto';
import cluster from 'node:cluster';
import { GROUP_ADMIN, keyMatches, staleKeysFor, type Change, type Viewer } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clusterAnswerPeers, monotonicMs, type AnswerChannel, type AnswerPeers, type SharedAnswer } from './answer-peers';

// Answers from memory (docs/architecture.md#answers-from-memory). A polled read opts in with its route's
// `config: { pollCache: true }` ('month' when its answer depends on the current month). Its 200 answer is
// kept per process, keyed by the URL and the viewer's whole scope (contact, group, companies), never shared
// between viewers whose scope differs, and answered again without a database read until a change drops it:
// the same changes that drive push (events.ts onChanges: this process's at publish, before the write's reply;
// other processes' through the transport; everything on resync). Each answer carries a strong ETag; a poll
// whose If-None-Match matches gets 304. A read under way while a change arrives is not kept if that change drops it.
// An answer's body is kept POLL_CACHE_MS at most (and POLL_CACHE_ENTRIES bodies at most); its ETag alone stays
// POLL_ETAG_MS, so the safety-net poll of a tab that already holds the answer still gets 304 from memory. Both
// lives are the safety net for a write that would publish nothing. The processes of one machine tell each other the
// ETags they keep (answer-peers.ts): a sibling that heard no change dropping one since its read began keeps it as
// an ETag alone, so a 304 or a check does not depend on which process computed the answer.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET answers kept in memory (plugins/poll-cache.ts): only for a read whose answer depends on nothing but the
     * database, the viewer and the URL, which writes nothing. 'month': it also depends on the current month (expires
     * when a month may begin in some time zone: nextMonthTurn).
     */
    pollCache?: true | 'month';
  }
  interface FastifyInstance {
    pollCache: PollCache;
  }
}

export interface PollCache {
  /** False when POLL_CACHE_MS=0: no route is answered from memory. */
  readonly enabled: boolean;
  /** Answers held now with their body. */
  readonly size: number;
  /** Answers held now, with their body or as their ETag alone. */
  readonly tags: number;
  /**
   * Does this process hold `etag` as the current answer of `url` (as the browser sends it, with /api and its
   * query) for `viewer`? What a poll with that If-None-Match would get a 304 for from memory (POST /events/check).
   */
  holds(viewer: Viewer, url: string, etag: string): boolean;
}

/** Polled answers are revalidated by the browser's HTTP cache (If-None-Match), never used unasked, never shared. */
const CACHE_CONTROL = 'private, no-cache';
/** A larger answer is not kept (memory); it still gets its ETag. */
const MAX_BODY_CHARS = 1_000_000;
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
/** Batches of changes remembered for the reads under way: a read that outlasts more of them is not kept. */
const HEARD_KEPT = 256;
/** ETags held at most, per body held at most (POLL_CACHE_ENTRIES): a few hundred bytes each. */
const TAGS_PER_BODY = 10;

interface Entry {
  /** Its place in `byKey`: viewer fingerprint and URL. */
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

interface RequestState {
  id: string;
  viewerKey: string;
  viewer: Viewer;
  generation: number;
  started: number;
  /** `started` on the machine's monotonic clock: what a sibling compares with when it heard each change. */
  startedMono: number;
  served: boolean;
}

/** This process's siblings on the machine: the cluster's other workers, or none. */
function defaultPeers(log: Parameters<typeof clusterAnswerPeers>[1]): AnswerPeers | undefined {
  return cluster.isWorker && typeof process.send === 'function' ? clusterAnswerPeers(process as AnswerChannel, log) : undefined;
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
const under = (path: string, key: string) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`);

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

/** Where an entry is filed: its key's path up to its second segment (`/ticket/5`, `/company/3`, `/staff/tickets`). */
export function rootOf(key: string): string {
  const path = key.split('?', 1)[0]!;
  const parts = path.split('/');
  return parts.slice(0, 3).join('/');
}

export const pollCachePlugin = fp(
  async (app) => {
    const { config, metrics } = app;
    const maxAgeMs = config.pollCacheMs;
    const enabled = maxAgeMs > 0;
    /** Every entry, oldest first: a hit moves its entry to the end, the cap on ETags evicts from the front. */
    const byKey = new Map<string, Entry>();
    /** The entries that still hold their body, in the same order: the cap on bodies takes the body from the front. */
    const withBody = new Map<string, Entry>();
    const etagMs = Math.max(config.pollEtagMs, maxAgeMs);
    const byViewer = new Map<string, ViewerEntries>();
    /** Every entry filed by rootOf(its key): a change finds what it makes stale without visiting every viewer. */
    const byRoot = new Map<string, Set<Entry>>();
    /** Counts the changes heard (each batch, and each resync). */
    let generation = 0;
    /**
     * What the last HEARD_KEPT batches dropped, oldest first, and when they were heard (monotonicMs): a read that
     * began under an earlier generation is kept only if none of the changes heard since would have dropped it (a
     * read over more batches is not kept); a sibling's answer only if none heard since its read began would have.
     */
    const heard: { generation: number; at: number; drops: Drop[] }[] = [];
    const hear = (drops: Drop[]) => {
      generation += 1;
      heard.push({ generation, at: monotonicMs(), drops });
      if (heard.length > HEARD_KEPT) heard.shift();
    };
    /** Did a change heard after `since` drop the answer of `key` for `viewer`? */
    const changedSince = (since: number, viewer: Viewer, key: string): boolean => {
      if (since === generation) return false;
      if ((heard[0]?.generation ?? Infinity) > since + 1) return true;
      return heard.some((batch) => batch.generation > since && batch.drops.some((drop) => drops(drop, viewer, key)));
    };
    /**
     * Did a change heard at or after `started` (monotonicMs) drop it, or may one have: heard before what is remembered,
     * or before this process began to hear changes at all (`hearingSince`, set once it listens)?
     */
    let hearingSince = Infinity;
    const changedAfter = (started: number, viewer: Viewer, key: string): boolean => {
      if (started < hearingSince) return true;
      if (generation > heard.length && (heard[0]?.at ?? Infinity) >= started) return true;
      return heard.some((batch) => batch.at >= started && batch.drops.some((drop) => drops(drop, viewer, key)));
    };

    /** The entry held under `id` at `now`: an expired one goes, and a body past its life leaves its ETag alone. */
    const held = (id: string, now: number): Entry | undefined => {
      const entry = byKey.get(id);
      if (!entry) return undefined;
      if (entry.tagExpires <= now) {
        remove(entry, 'expired');
        return undefined;
      }
      if (entry.body !== null && entry.expires <= now) dropBody(entry);
      return entry;
    };
    /** A hit: the entry moves to the end of the least recently used orders. */
    const touch = (entry: Entry) => {
      byKey.delete(entry.id);
      byKey.set(entry.id, entry);
      if (entry.body !== null) {
        withBody.delete(entry.id);
        withBody.set(entry.id, entry);
      }
      metrics.pollCacheAnswers.inc({ outcome: 'hit' });
    };

    app.decorate('pollCache', {
      enabled,
      get size() {
        return withBody.size;
      },
      get tags() {
        return byKey.size;
      },
      holds(viewer, url, etag) {
        if (!enabled) return false;
        const entry = held(`${viewerFingerprint(viewer)}\n${url}`, Date.now());
        if (entry?.etag !== etag) return false;
        touch(entry);
        metrics.pollCacheAnswers.inc({ outcome: 'not_modified' });
        return true;
      },
    } satisfies PollCache);
    if (!enabled) return;

    /** Files `entry` under its id, viewer and root, newest last; over the caps the oldest bodies, then ETags, go. */
    const file = (entry: Entry, viewer: Viewer) => {
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
    };

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
    const dropAll = (reason: 'change' | 'resync') => {
      if (byKey.size > 0) metrics.pollCacheDrops.inc({ reason }, byKey.size);
      byKey.clear();
      withBody.clear();
      byViewer.clear();
      byRoot.clear();
    };
    const dropWhere = (group: ViewerEntries, stale: (key: string) => boolean) => {
      for (const entry of [...group.entries.values()]) if (stale(entry.key)) remove(entry, 'change');
    };
    const drop = (what: Drop) => {
      if ('all' in what) {
        dropAll('change');
        return;
      }
      if ('contactId' in what) {
        for (const group of [...byViewer.values()]) if (group.viewer.contactId === what.contactId) dropWhere(group, () => true);
        return;
      }
      const dropFiled = (key: string, stale: (entryKey: string) => boolean) => {
        const filed = byRoot.get(rootOf(key));
        if (filed) for (const entry of [...filed]) if (stale(entry.key)) remove(entry, 'change');
      };
      for (const key of what.keys) dropFiled(key, (entryKey) => keyMatches(key, entryKey));
      for (const path of what.paths) dropFiled(path, (entryKey) => under(path, entryKey));
    };

    app.events.onChanges({
      changes(changes) {
        const what = changes.map(dropOf);
        if (what.some((one) => 'unread' in one)) app.log.warn({ changes }, 'poll cache: a change not understood, every answer dropped');
        hear(what);
        for (const one of what) drop(one);
      },
      resync() {
        hear([{ all: true }]);
        dropAll('resync');
      },
    });
    hearingSince = monotonicMs();

    /** The SWR key of a URL as the browser sends it: without the /api prefix, with its query. */
    const keyOf = (url: string) => url.replace(/^\/api(?=\/)/, '');

    const peers = config.answerPeers ?? defaultPeers(app.log);
    // A sibling's answer: kept as its ETag alone, unless this process holds an answer of its own for it, or heard a
    // change since that read began that drops it (answer-peers.ts).
    peers?.start((answer: SharedAnswer) => {
      const now = Date.now();
      const viewerKey = viewerFingerprint(answer.viewer);
      const id = `${viewerKey}\n${answer.url}`;
      const key = keyOf(answer.url);
      const mine = held(id, now);
      let outcome: 'kept' | 'refused' | 'held';
      if (mine && (mine.etag === answer.etag || mine.body !== null)) outcome = 'held';
      else if (answer.tagExpires <= now || changedAfter(answer.started, answer.viewer, key)) outcome = 'refused';
      else {
        outcome = 'kept';
        file({
          id, viewerKey, url: answer.url, key, etag: answer.etag, body: null, contentType: '',
          expires: now, tagExpires: Math.min(answer.tagExpires, now + etagMs),
        }, answer.viewer);
      }
      metrics.pollCacheShared.inc({ outcome });
    });
    app.addHook('onClose', async () => peers?.close());

    const states = new WeakMap<FastifyRequest, RequestState>();

    // After the auth plugin's hook (registered before this plugin): request.viewer is set, and a viewer the
    // second-factor rule holds back has been refused already.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.pollCache || !request.viewer) return;
      const viewer = request.viewer;
      const viewerKey = viewerFingerprint(viewer);
      const id = `${viewerKey}\n${request.url}`;
      const state: RequestState = { id, viewerKey, viewer, generation, started: Date.now(), startedMono: monotonicMs(), served: false };
      states.set(request, state);
      // Not current: this process may not have heard a change the caller has seen (change-sequence.ts); the database answers.
      const entry = request.current ? held(id, state.started) : undefined;
      if (!entry) return;
      const unchanged = ifNoneMatchHits(request.headers['if-none-match'], entry.etag);
      // The ETag alone answers only a tab that holds this very answer; any other read is computed again.
      if (entry.body === null && !unchanged) return;
      touch(entry);
      state.served = true;
      void reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
      if (unchanged) {
        metrics.pollCacheAnswers.inc({ outcome: 'not_modified' });
        return reply.code(304).send();
      }
      return reply.code(200).type(entry.contentType).send(entry.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const state = states.get(request);
      if (!state || state.served || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      metrics.pollCacheAnswers.inc({ outcome: 'miss' });
      const etag = etagOf(payload);
      void reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      const url = request.url;
      const key = keyOf(url);
      const store = !reply.hasHeader('set-cookie') && payload.length <= MAX_BODY_CHARS && !changedSince(state.generation, state.viewer, key);
      if (store) {
        const mode = request.routeOptions.config.pollCache;
        const monthEnds = mode === 'month' ? nextMonthTurn(state.started) : Infinity;
        const entry: Entry = {
          id: state.id, viewerKey: state.viewerKey, url, key, etag, body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          expires: Math.min(state.started + maxAgeMs, monthEnds), tagExpires: Math.min(state.started + etagMs, monthEnds),
        };
        file(entry, state.viewer);
        peers?.share({ viewer: state.viewer, url, etag, started: state.startedMono, tagExpires: entry.tagExpires });
      }
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
        metrics.pollCacheAnswers.inc({ outcome: 'not_modified' });
        void reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'portal-poll-cache', dependencies: ['portal-config', 'portal-metrics', 'portal-auth', 'portal-events'] },
);
