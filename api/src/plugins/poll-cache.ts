import cluster from 'node:cluster';
import type { Viewer } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clusterAnswerPeers, monotonicMs, type AnswerChannel, type AnswerPeers, type SharedAnswer } from './answer-peers';
import { changesHeard, dropOf } from './poll-cache-invalidation';
import { answerStore, entryId, etagOf, ifNoneMatchHits, nextMonthTurn, viewerFingerprint, type Entry } from './poll-cache-store';

// Answers from memory (docs/architecture.md#answers-from-memory). A polled read opts in with its route's
// `config: { pollCache: true }` ('month' when its answer depends on the current month). Its 200 answer is
// kept per process, keyed by the URL as the router read it (routedUrl) and the viewer's whole scope (contact, group,
// companies), never shared between viewers whose scope differs, and answered again without a database read until a
// change drops it: the same changes that drive push (events.ts onChanges: this process's at publish, before the write's reply;
// other processes' through the transport; everything on resync). Each answer carries a strong ETag; a poll
// whose If-None-Match matches gets 304. A read under way while a change arrives is not kept if that change drops it.
// An answer's body is kept POLL_CACHE_MS at most (and POLL_CACHE_ENTRIES bodies at most); its ETag alone stays
// POLL_ETAG_MS, so the safety-net poll of a tab that already holds the answer still gets 304 from memory. Both
// lives are the safety net for a write that would publish nothing. The processes of one machine tell each other the
// ETags they keep (answer-peers.ts): a sibling that heard no change dropping one since its read began keeps it as
// an ETag alone, so a 304 or a check does not depend on which process computed the answer.
// This file: the requests and the siblings; what is kept and for how long: poll-cache-store.ts; which change drops
// what: poll-cache-invalidation.ts.

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
  /**
   * This request's answer goes stale by time alone `ms` from now (a response-time clock turning amber or red,
   * nextSlaChangeAt): it is kept in memory, and its ETag answered with 304, until then at most, here and by the siblings
   * it is shared with. Called several times, the earliest holds.
   */
  expireIn(request: FastifyRequest, ms: number): void;
}

/** Polled answers are revalidated by the browser's HTTP cache (If-None-Match), never used unasked, never shared. */
const CACHE_CONTROL = 'private, no-cache';
/** A larger answer is not kept (memory); it still gets its ETag. */
const MAX_BODY_CHARS = 1_000_000;

interface RequestState {
  id: string;
  /** routedUrl: what the answer is kept under. */
  url: string;
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

/** The SWR key of a URL as the browser sends it: without the /api prefix, with its query. */
const keyOf = (url: string) => url.replace(/^\/api(?=\/)/, '');

/**
 * The URL an answer is kept under: the route the router matched, with its parameters written as the browser's client
 * writes them (encodeURIComponent, contract pathOf) and the query as sent. Not the raw URL: the router reads escapes
 * the URL's text does not show, and an answer kept under another spelling of its path would be missed by the changes
 * that drop it (canonical-path.ts refuses the spellings it knows of before this).
 */
function routedUrl(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const path = route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = request.url.indexOf('?');
  return query === -1 ? path : `${path}${request.url.slice(query)}`;
}

export const pollCachePlugin = fp(
  async (app) => {
    const { config, metrics } = app;
    const maxAgeMs = config.pollCacheMs;
    const enabled = maxAgeMs > 0;
    const etagMs = Math.max(config.pollEtagMs, maxAgeMs);
    const store = answerStore(config, metrics);
    const heard = changesHeard();
    /** Requests whose answer holds for a shorter time than the cache's (expireIn): until this Date.now(). */
    const shortLived = new WeakMap<FastifyRequest, number>();

    app.decorate('pollCache', {
      enabled,
      get size() {
        return store.size;
      },
      get tags() {
        return store.tags;
      },
      holds(viewer, url, etag) {
        if (!enabled) return false;
        const entry = store.held(entryId(viewerFingerprint(viewer), url), Date.now());
        if (entry?.etag !== etag) return false;
        store.touch(entry);
        metrics.pollCacheAnswers.inc({ outcome: 'not_modified' });
        return true;
      },
      expireIn(request, ms) {
        const until = Date.now() + Math.max(0, ms);
        shortLived.set(request, Math.min(shortLived.get(request) ?? Infinity, until));
      },
    } satisfies PollCache);
    if (!enabled) return;

    app.events.onChanges({
      changes(changes) {
        const what = changes.map(dropOf);
        if (what.some((one) => 'unread' in one)) app.log.warn({ changes }, 'poll cache: a change not understood, every answer dropped');
        heard.hear(what);
        for (const one of what) store.drop(one);
      },
      resync() {
        heard.hear([{ all: true }]);
        store.dropAll('resync');
      },
    });
    heard.listening();

    const peers = config.answerPeers ?? defaultPeers(app.log);
    // A sibling's answer: kept as its ETag alone, unless this process holds an answer of its own for it, or heard a
    // change since that read began that drops it (answer-peers.ts).
    peers?.start((answer: SharedAnswer) => {
      const now = Date.now();
      const viewerKey = viewerFingerprint(answer.viewer);
      const id = entryId(viewerKey, answer.url);
      const key = keyOf(answer.url);
      const mine = store.held(id, now);
      let outcome: 'kept' | 'refused' | 'held';
      if (mine && (mine.etag === answer.etag || mine.body !== null)) outcome = 'held';
      else if (answer.tagExpires <= now || heard.changedAfter(answer.started, answer.viewer, key)) outcome = 'refused';
      else {
        outcome = 'kept';
        store.file({
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
      // A token limited to one company may be answered less than its owner's viewer is (a narrowed list): never from
      // nor into memory kept under that viewer (docs/decisions/0020-api-tokens.md).
      if ((request.apiToken?.companyId ?? null) !== null) return;
      const viewer = request.viewer;
      const viewerKey = viewerFingerprint(viewer);
      const url = routedUrl(request);
      const id = entryId(viewerKey, url);
      const state: RequestState = { id, url, viewerKey, viewer, generation: heard.generation, started: Date.now(), startedMono: monotonicMs(), served: false };
      states.set(request, state);
      // Not current: this process may not have heard a change the caller has seen (change-sequence.ts); the database answers.
      const entry = request.current ? store.held(id, state.started) : undefined;
      if (!entry) return;
      const unchanged = ifNoneMatchHits(request.headers['if-none-match'], entry.etag);
      // The ETag alone answers only a tab that holds this very answer; any other read is computed again.
      if (entry.body === null && !unchanged) return;
      store.touch(entry);
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
      const url = state.url;
      const key = keyOf(url);
      const keep = !reply.hasHeader('set-cookie') && payload.length <= MAX_BODY_CHARS && !heard.changedSince(state.generation, state.viewer, key);
      if (keep) {
        const mode = request.routeOptions.config.pollCache;
        const endsBy = Math.min(mode === 'month' ? nextMonthTurn(state.started) : Infinity, shortLived.get(request) ?? Infinity);
        const entry: Entry = {
          id: state.id, viewerKey: state.viewerKey, url, key, etag, body: payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          expires: Math.min(state.started + maxAgeMs, endsBy), tagExpires: Math.min(state.started + etagMs, endsBy),
        };
        store.file(entry, state.viewer);
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
