import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

export interface RateLimitCount {
  /** Hits in the key's current window, this one included. */
  hits: number;
  /** When that window ends (epoch ms). */
  expiresAt: number;
}

/**
 * The hit counters behind every rate limit (migration 0008), shared by all processes on the
 * database: one statement per hit, so two processes counting the same key never lose a hit.
 */
export function createRateLimitRepository(db: PortalDb) {
  return {
    /**
     * Counts one hit of `key` at `now`: the first hit, or the first after the window ended, opens
     * a window of `windowMs` with 1; any other adds 1. An atomic upsert, on SQLite and PostgreSQL.
     */
    async hit(key: string, now: number, windowMs: number): Promise<RateLimitCount> {
      const ended = sql<boolean>`rate_limit_hits.expires_at <= ${now}`;
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, window_start: now, hits: 1, expires_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${ended} then 1 else rate_limit_hits.hits + 1 end`,
            window_start: sql<number>`case when ${ended} then ${now} else rate_limit_hits.window_start end`,
            expires_at: sql<number>`case when ${ended} then ${now + windowMs} else rate_limit_hits.expires_at end`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), expiresAt: Number(row.expires_at) };
    },

    /** The count of `key`'s current window without counting a hit; undefined when none is open. */
    async read(key: string, now: number): Promise<RateLimitCount | undefined> {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select(['hits', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { hits: Number(row.hits), expiresAt: Number(row.expires_at) };
    },

    /** Deletes the windows that ended before `now`; answers how many. */
    async prune(now: number): Promise<number> {
      const result = await db.deleteFrom('rate_limit_hits').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
