import type { ServiceContext } from '../service-context';

// What the admin screen reads of the fetcher (GET /mail-in, mail-in-status.ts): when it last connected and fetched,
// and the last error. An error a clean pass settles (a lost connection, a message that will be tried again) is cleared
// by the next clean pass; one that must stay (a message skipped for good) stays until the next connection.

/** Failed tries of one message in this process before it is skipped, so that one poison message does not block the mailbox. */
export const MAIL_IN_MAX_TRIES = 5;

export interface FetchStatus {
  /** Connected (and logged in, the folder open): any stored error is over. */
  connected(): Promise<void>;
  /** A pass read the folder. */
  fetched(): Promise<void>;
  /** An error the next clean pass clears. */
  passingError(message: string): Promise<void>;
  /** An error that stays until the next connection. */
  lastingError(message: string): Promise<void>;
  /** A pass without a failed message: a passing error is cleared. */
  clean(): Promise<void>;
}

export function fetchStatus(ctx: ServiceContext): FetchStatus {
  const { repos, clock } = ctx;
  /** The stored error is one a clean pass settles. */
  let errorToClear = false;
  return {
    async connected() {
      errorToClear = false;
      await repos.mailInState.markConnected(clock());
      await repos.mailInState.clearError();
    },
    async fetched() {
      await repos.mailInState.markFetched(clock());
    },
    // Each flag is set before the write: when the write fails, the pass fails and its error is a passing one.
    async passingError(message) {
      errorToClear = true;
      await repos.mailInState.markError(message, clock());
    },
    async lastingError(message) {
      errorToClear = false;
      await repos.mailInState.markError(message, clock());
    },
    async clean() {
      if (!errorToClear) return;
      errorToClear = false;
      await repos.mailInState.clearError();
    },
  };
}

export type TryOutcome = { retry: true; tries: number } | { retry: false; tries: number };

/**
 * Failed tries per message (UIDVALIDITY:UID), in this process's memory only: a restart gives a message its tries
 * again, which costs a few passes, and keeps the table free of bookkeeping for the rare message that fails.
 */
export function messageTries() {
  const failures = new Map<string, number>();
  return {
    /** One more failed try of `key`: tried again until MAIL_IN_MAX_TRIES, then skipped (and forgotten). */
    failed(key: string): TryOutcome {
      const tries = (failures.get(key) ?? 0) + 1;
      if (tries < MAIL_IN_MAX_TRIES) {
        failures.set(key, tries);
        return { retry: true, tries };
      }
      failures.delete(key);
      return { retry: false, tries };
    },
    succeeded(key: string) {
      failures.delete(key);
    },
  };
}

export type MessageTries = ReturnType<typeof messageTries>;
