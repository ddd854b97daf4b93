import { backoffDelay, type Change } from '@portal/domain';
import type { ServiceContext } from '../service-context';
import { fetchStatus, messageTries } from './fetch-status';
import { describeMailboxError, parseMailboxUrl } from './imap-mailbox';
import { mailboxConnection } from './mailbox-connection';
import { LeaseLost, mailboxLease } from './mailbox-lease';
import { processMail } from './process-mail';
import { readNewMail, type MailFetchSummary, type MailProcessor } from './read-new-mail';

export type { MailFetchSummary, MailProcessor } from './read-new-mail';

// Keeps the support mailbox (docs/product/notifications-and-mail.md#reading-the-mailbox): holds the lease
// (mailbox-lease.ts) and a connection (mailbox-connection.ts), and runs a pass (read-new-mail.ts) when mail is
// announced, when the poll interval is up, or when asked; waits longer after each failure in a row. Passes run one at
// a time, whoever asks for them.

/** A message larger than this is not downloaded whole: its header and first text part are (see `downloadMessage`). */
export const MAIL_IN_MAX_BYTES = 25 * 1024 * 1024;
const LEASE_MS = 60_000;
/** With IDLE, new mail is announced; a pass this often anyway catches an announcement lost on the way. */
const IDLE_SAFETY_PASS_MS = 5 * 60_000;
const RETRY = { firstMs: 1000, maxMs: 60_000 };
/** How long stop() lets the message in hand finish before it cuts the connection. */
const STOP_GRACE_MS = 10_000;

export interface MailFetcherDeps {
  ctx: ServiceContext;
  /** MAIL_IN_URL: imap://user:password@host:143/INBOX (STARTTLS required), imaps://… for TLS. */
  url: string;
  /** imap:// may go on without STARTTLS: MAIL_IN_ALLOW_PLAINTEXT=1, for a server on this machine or network only. */
  allowPlaintext?: boolean;
  /** How often to look for new mail when the server offers no IDLE. */
  pollMs: number;
  /** Publishes the live changes of a processed message (its transaction has committed). */
  publish(changes: readonly Change[]): void;
  /** Names this process in the lease. */
  owner: string;
  process?: MailProcessor;
  leaseMs?: number;
  maxMessageBytes?: number;
  /** Waits after a lost connection or a failed message: firstMs, doubling up to maxMs. */
  retry?: { firstMs: number; maxMs: number };
}

export interface MailFetcher {
  readonly owner: string;
  /** Keeps the mailbox: holds the lease, stays connected, reads new mail as it comes. */
  start(): void;
  /** Lets the message in hand finish, then logs out and releases the lease. */
  stop(): Promise<void>;
  /** One pass now: every new message. Nothing when another process holds the mailbox. Throws when the server cannot be reached. */
  fetchNow(): Promise<MailFetchSummary>;
}

const delay = (retry: { firstMs: number; maxMs: number }, tries: number) => backoffDelay(tries, { baseMs: retry.firstMs, maxMs: retry.maxMs });

export function createMailFetcher(deps: MailFetcherDeps): MailFetcher {
  const { ctx, owner } = deps;
  const { log, clock } = ctx;
  const mailbox = parseMailboxUrl(deps.url);
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const maxBytes = deps.maxMessageBytes ?? MAIL_IN_MAX_BYTES;
  const retry = deps.retry ?? RETRY;
  const describe = (error: unknown) => describeMailboxError(error, mailbox);
  const lease = mailboxLease(ctx, { owner, leaseMs, mailbox: mailbox.identity });
  const status = fetchStatus(ctx);
  const tries = messageTries();

  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let nextPassAt = 0;
  let wakeUp: (() => void) | undefined;
  const wake = () => wakeUp?.();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      wakeUp = done;
    });

  const connection = mailboxConnection({
    mailbox, maxBytes, log, describe, allowPlaintext: deps.allowPlaintext, onConnected: () => status.connected(), wake,
  });

  // Passes, whoever asks for them, run one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  const nothing = (): MailFetchSummary => ({ processed: 0, failed: 0 });

  /** Holds the lease and a connection (opening them when needed), then one pass. */
  async function leasedPass(): Promise<MailFetchSummary> {
    if (!(await lease.claim())) {
      await connection.logout();
      return nothing();
    }
    const open = await connection.open();
    const { summary, retryAfterTries } = await readNewMail(open, {
      ctx, folder: mailbox.folder, maxBytes, process: deps.process ?? processMail, publish: deps.publish, lease, status, tries, describe,
      began: () => connection.takeNews(),
      stopping: () => stopping,
    });
    // A message failed and is tried again: not before this.
    if (retryAfterTries !== undefined) nextPassAt = clock().getTime() + delay(retry, retryAfterTries);
    return summary;
  }

  async function recordFailure(error: unknown) {
    if (error instanceof LeaseLost) {
      // Not a failure: our lease ran out (a stalled process) and another process reads the mailbox now.
      log.info({ owner }, 'mail in: another process took over the mailbox');
      lease.forget();
      return;
    }
    const reason = describe(error);
    log.warn({ mailbox: mailbox.identity, err: reason }, 'mail in: cannot read the mailbox');
    await status.passingError(reason).catch((failure: unknown) => log.error({ err: failure }, 'mail in: cannot record the error'));
  }

  /** With IDLE the server announces new mail; without, we look every pollMs. */
  const pollInterval = () => (connection.idle ? Math.max(deps.pollMs, IDLE_SAFETY_PASS_MS) : deps.pollMs);

  async function run() {
    /** Connections lost or refused in a row: the wait before the next try grows with them. */
    let failuresInARow = 0;
    nextPassAt = 0;
    while (running) {
      try {
        if (connection.lost) throw new Error('the connection to the mailbox was closed');
        if (!connection.usable || connection.news || clock().getTime() >= nextPassAt) {
          const summary = await serial(leasedPass);
          if (!lease.holding) {
            // Another process reads the mailbox: look again when its lease may have run out.
            await sleep(leaseMs / 2);
            continue;
          }
          failuresInARow = 0;
          // After a failed message, leasedPass has set when to try it again.
          if (summary.failed === 0) nextPassAt = clock().getTime() + pollInterval();
        } else if (lease.renewalDue() && !(await lease.claim())) {
          await connection.logout();
          continue;
        }
        if (!connection.news && running) await sleep(Math.min(nextPassAt - clock().getTime(), leaseMs / 3));
      } catch (error) {
        connection.cut();
        connection.forgetLoss();
        if (!running) break;
        await recordFailure(error);
        if (error instanceof LeaseLost) continue;
        failuresInARow += 1;
        await sleep(delay(retry, failuresInARow));
      }
    }
  }

  return {
    owner,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      wake();
      const grace = setTimeout(() => connection.cut(), STOP_GRACE_MS);
      try {
        await loop;
        await queue;
      } finally {
        clearTimeout(grace);
      }
      loop = undefined;
      await connection.logout();
      // With the database unavailable the lease runs out by itself (leaseMs) and the stop goes on.
      await lease.release().catch((error: unknown) => log.warn({ err: error }, 'mail in: the mailbox lease was not handed back'));
      lease.forget();
      stopping = false;
    },
    async fetchNow() {
      try {
        return await serial(leasedPass);
      } catch (error) {
        connection.cut();
        await recordFailure(error);
        throw error;
      } finally {
        // Not started: nothing keeps the connection or the lease after this pass.
        if (!running) {
          await connection.logout();
          await lease.release();
        }
      }
    },
  };
}
