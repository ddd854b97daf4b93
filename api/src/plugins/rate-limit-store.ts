import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitRepository } from '../repositories/rate-limit-repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child()`: the merged limit options, with the route when there is one. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Ended windows are deleted on a hit, at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * @fastify/rate-limit's custom store on the database (docs/architecture.md#scale), so N processes or machines
 * allow what one did, not N times that: each route's counters live under its method and URL, the limiters of
 * `app.createRateLimit` (no route) under 'keyed', where the key names the limit. A window opens at a key's
 * first hit, as in the plugin's in-memory and Redis stores.
 */
export function databaseRateLimitStore(
  repo: RateLimitRepository,
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  let lastPrune = clock();
  const pruneNowAndThen = (now: number) => {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    repo.prune(now).catch((error: unknown) => log.warn({ err: error }, 'pruning ended rate-limit windows failed'));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock();
      repo.hit(`${this.namespace}|${key}`, now, timeWindow).then(
        ({ hits, expiresAt }) => {
          callback(null, { current: hits, ttl: Math.max(0, expiresAt - now) });
          pruneNowAndThen(now);
        },
        (error: Error) => callback(error),
      );
    }

    /** A look without a hit (`createRateLimit(...)(request, { increment: false })`). */
    read(key: string, callback: Callback): void {
      const now = clock();
      repo.read(`${this.namespace}|${key}`, now).then(
        (count) => callback(null, count ? { current: count.hits, ttl: Math.max(0, count.expiresAt - now) } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const route = (options as ChildOptions).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new DatabaseRateLimitStore(options, route?.url ? `${method ?? ''} ${route.url}` : 'keyed');
    }
  }
  return DatabaseRateLimitStore;
}
