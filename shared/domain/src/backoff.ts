// The one retry back-off: the outbox's retries, the live stream's reconnects, the mailbox's and the
// events listener's reconnects, the cluster's worker restarts, the events' publish retries.

export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

/**
 * The wait before trying again after `attempt` failures in a row (1-based; 0 counts as 1): `baseMs`,
 * then twice that after each further failure, at most `maxMs`.
 */
export function backoffDelay(attempt: number, { baseMs, maxMs }: Backoff): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
