import type { FastifyBaseLogger } from 'fastify';
import type { CachedSession } from './session-cache';

// A session in use has its last_seen renewed at most once a minute (docs/architecture.md#sessions-in-memory).
// Each renewal was its own commit, and on SQLite (synchronous = FULL) each commit syncs the log to disk on the
// event loop: ~0.5 ms a session a minute, ~80 ms a second at 10,000 signed-in users, and far more when the
// disk is busy. The renewals of each TOUCH_FLUSH_MS are written together, in one transaction (one sync). A
// session whose stored last_seen is more than half its idle limit old is written at once instead: waiting
// could let another process, reading the database, find it idle although it was just used.

/** How long a renewal may wait to be written with others. */
export const TOUCH_FLUSH_MS = 2000;

export interface SessionTouches {
  /** Marks the session used at `now`, unless this process did within `renewEveryMs`: batched, or written at once near its idle limit. */
  use(session: CachedSession, now: Date): Promise<void>;
  /** Writes the waiting renewals now (the timer calls it; so does closing). A failure is logged, not thrown. */
  flush(): Promise<void>;
  /** Renewals waiting. */
  readonly pending: number;
}

export interface SessionTouchesOptions {
  /** Marks the sessions used at `now`, each unless it was since `unlessSince`, in one transaction. */
  write(sessionIds: readonly number[], now: Date, unlessSince: Date): Promise<void>;
  clock(): Date;
  idleMs: number;
  renewEveryMs: number;
  log: FastifyBaseLogger;
}

export function createSessionTouches(options: SessionTouchesOptions): SessionTouches {
  const { write, clock, idleMs, renewEveryMs, log } = options;
  let waiting = new Set<number>();
  /** The batch being written: a flush ends only once every renewal handed to a flush before it is written. */
  let writing: Promise<void> = Promise.resolve();

  return {
    get pending() {
      return waiting.size;
    },
    async use(session, now) {
      const at = now.getTime();
      if (session.lastSeenMs > at - renewEveryMs) return;
      const storedAgeMs = at - session.lastSeenMs;
      session.lastSeenMs = at;
      if (storedAgeMs > idleMs / 2) await write([session.sessionId], now, new Date(at - renewEveryMs));
      else waiting.add(session.sessionId);
    },
    async flush() {
      const earlier = writing;
      if (waiting.size === 0) return earlier;
      const ids = [...waiting];
      waiting = new Set();
      const now = clock();
      writing = (async () => {
        await earlier;
        try {
          await write(ids, now, new Date(now.getTime() - renewEveryMs));
        } catch (error) {
          // A lost renewal costs at most a minute of last_seen: the session's next use queues it again.
          log.warn({ err: error, sessions: ids.length }, 'sessions: last use not written');
        }
      })();
      return writing;
    },
  };
}
