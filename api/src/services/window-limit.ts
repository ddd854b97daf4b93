/**
 * Calls each key may make within a fixed window, counted in this process only. For the live stream's
 * watch lists and checks, which must stay off the database (each is answered from memory, and a check
 * comes from every open tab every 30 s): @fastify/rate-limit's store here is the database, shared by
 * the processes. Memory stays bounded: the counts start over each window.
 */
export interface WindowLimit {
  /** Counts a call by `key`; false when it is over the limit for this window. */
  take(key: string | number): boolean;
}

export function createWindowLimit(limit: { max: number; timeWindowMs: number }, clock: () => number = Date.now): WindowLimit {
  let windowStart = clock();
  let counts = new Map<string | number, number>();
  return {
    take(key) {
      const now = clock();
      if (now - windowStart >= limit.timeWindowMs) {
        windowStart = now;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count <= limit.max;
    },
  };
}
