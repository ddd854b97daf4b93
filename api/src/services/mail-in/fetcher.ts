import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { Change } from '@portal/domain';
import type { ServiceContext, Written } from '../service-context';
import { downloadMessage, openConnection, parseMailboxUrl } from './imap-mailbox';
import { processMail, type ProcessedMail } from './process-mail';

// Reads the support mailbox (docs/product/notifications-and-mail.md#reading-the-mailbox) and hands each new message,
// in UID order, to the processor. A message is done (\Seen set, last_uid advanced) only after the processor returned,
// that is after its note or ticket committed; a crash in between reads it again and the processor finds its
// Message-ID already recorded (docs/product/notifications-and-mail.md#exactly-once).

/** A message larger than this is not downloaded whole: its header and first text part are (see `downloadMessage`). */
export const MAIL_IN_MAX_BYTES = 25 * 1024 * 1024;
const LEASE_MS = 60_000;
/** With IDLE, new mail is announced; a pass this often anyway catches an announcement lost on the way. */
const IDLE_SAFETY_PASS_MS = 5 * 60_000;
/** Tries of one message in this process before it is skipped, so that one poison message does not block the mailbox. */
export const MAIL_IN_MAX_TRIES = 5;
const RETRY = { firstMs: 1000, maxMs: 60_000 };
/** How long stop() lets the message in hand finish before it cuts the connection. */
const STOP_GRACE_MS = 10_000;

export type MailProcessor = (ctx: ServiceContext, message: { raw: Buffer; uid: number | null }) => Promise<Written<ProcessedMail>>;

export interface MailFetchSummary {
  processed: number;
  failed: number;
}

export interface MailFetcherDeps {
  ctx: ServiceContext;
  /** MAIL_IN_URL: imap://user:password@host:143/INBOX, imaps://… for TLS. */
  url: string;
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

const delay = (retry: { firstMs: number; maxMs: number }, tries: number) => Math.min(retry.firstMs * 2 ** Math.max(0, tries - 1), retry.maxMs);

class LeaseLost extends Error {
  constructor() {
    super('another process took over the mailbox');
  }
}

export function createMailFetcher(deps: MailFetcherDeps): MailFetcher {
  const { ctx, owner, publish } = deps;
  const { repos, log, clock } = ctx;
  const mailbox = parseMailboxUrl(deps.url);
  const processMessage = deps.process ?? processMail;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const maxBytes = deps.maxMessageBytes ?? MAIL_IN_MAX_BYTES;
  const retry = deps.retry ?? RETRY;
  // Failed tries per message (UIDVALIDITY:UID), in this process's memory only: a restart gives a message its tries
  // again, which costs a few passes, and keeps the table free of bookkeeping for the rare message that fails.
  const failures = new Map<string, number>();
  // Server answers do not repeat the password, but an error must never carry it to the admin screen.
  const redact = (text: string) => (mailbox.password.length >= 4 ? text.split(mailbox.password).join('***') : text);
  const describe = (error: unknown) => {
    const base = error instanceof Error ? error.message : String(error);
    const response = (error as { responseText?: unknown } | null)?.responseText;
    return redact(typeof response === 'string' && response && !base.includes(response) ? `${base}: ${response}` : base);
  };

  let client: ImapFlow | undefined;
  /** A connection being opened: stop() may have to cut it too. */
  let opening: ImapFlow | undefined;
  /** The connection closed without us closing it. */
  let lost = false;
  let holding = false;
  let lastRenewal = 0;
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  /** New mail was announced (EXISTS) since the last pass began. */
  let news = false;
  let nextPassAt = 0;
  /** The stored error is one a clean pass settles (a lost connection, a message that will be tried again). */
  let errorToClear = false;
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

  // Passes, whoever asks for them, run one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  async function claim(): Promise<boolean> {
    const now = clock();
    holding = holding ? await repos.mailInState.renewLease(owner, now, leaseMs) : await repos.mailInState.claimLease(owner, now, leaseMs, mailbox.identity);
    if (holding) lastRenewal = now.getTime();
    return holding;
  }

  /** Renews the lease when a third of it has passed; throws when another process has it now. */
  async function keepLease(): Promise<void> {
    if (clock().getTime() - lastRenewal < leaseMs / 3) return;
    if (!(await claim())) throw new LeaseLost();
  }

  async function connect(): Promise<ImapFlow> {
    if (client?.usable && !lost) return client;
    disconnectNow();
    const next = openConnection(mailbox, { maxBytes, log });
    next.on('error', (error: Error) => log.warn({ err: describe(error) }, 'mail in: connection error'));
    next.on('close', () => {
      if (client !== next) return;
      log.warn({ mailbox: mailbox.identity }, 'mail in: connection lost');
      lost = true;
      wake();
    });
    next.on('exists', () => {
      news = true;
      wake();
    });
    opening = next;
    try {
      await next.connect();
      await next.mailboxOpen(mailbox.folder);
    } catch (error) {
      next.close();
      throw error;
    } finally {
      opening = undefined;
    }
    client = next;
    lost = false;
    const now = clock();
    await repos.mailInState.markConnected(now);
    await repos.mailInState.clearError();
    errorToClear = false;
    log.info({ mailbox: mailbox.identity, idle: next.capabilities.has('IDLE') }, 'mail in: connected');
    return next;
  }

  function disconnectNow() {
    const open = client;
    client = undefined;
    open?.close();
    opening?.close();
  }

  async function logout() {
    const open = client;
    client = undefined;
    if (open?.usable) await open.logout().catch(() => open.close());
    else open?.close();
  }

  async function saveProgress(uidValidity: string, uid: number) {
    if (!(await repos.mailInState.saveProgress(owner, uidValidity, uid))) throw new LeaseLost();
  }

  /** Every message after last_uid, in UID order, until one fails (or the fetcher stops). */
  async function pass(connection: ImapFlow): Promise<MailFetchSummary> {
    const summary: MailFetchSummary = { processed: 0, failed: 0 };
    /** What became of the messages read: a note, a ticket, held or ignored (rejected), a duplicate. */
    const outcomes: Partial<Record<ProcessedMail['status'], number>> = {};
    const lock = await connection.getMailboxLock(mailbox.folder);
    try {
      news = false;
      // Without IDLE the server tells of new mail only when asked: NOOP brings the message count up to date.
      await connection.noop();
      if (!connection.mailbox) throw new Error(`mailbox ${mailbox.folder} is not open`);
      const uidValidity = connection.mailbox.uidValidity.toString();
      const state = await repos.mailInState.get();
      let lastUid = state?.uid_validity === uidValidity ? state.last_uid : 0;
      if (state?.uid_validity !== uidValidity) {
        // A new UIDVALIDITY numbers the folder afresh: read it all again (the processor skips what it has seen).
        if (state?.uid_validity) log.warn({ was: state.uid_validity, now: uidValidity }, 'mail in: UIDVALIDITY changed, reading the folder again');
        await saveProgress(uidValidity, 0);
      }
      // The first time a mailbox is read, only its unread mail is new: a mailbox with years of read mail in it must not
      // become years of tickets and acknowledgements.
      const firstRead = !state?.uid_validity;
      const found = connection.mailbox.exists === 0
        ? []
        : await connection.fetchAll(firstRead ? { seen: false } : `${lastUid + 1}:*`, { uid: true, size: true }, { uid: true });
      // "n:*" answers the last message even when its UID is below n.
      const pending = found.filter((message: FetchMessageObject) => message.uid > lastUid).sort((a, b) => a.uid - b.uid);
      for (const message of pending) {
        if (stopping) break;
        await keepLease();
        const key = `${uidValidity}:${message.uid}`;
        const raw = await downloadMessage(connection, message.uid, message.size ?? 0, maxBytes, log);
        if (raw) {
          let written: Written<ProcessedMail>;
          try {
            written = await processMessage(ctx, { raw, uid: message.uid });
          } catch (error) {
            summary.failed += 1;
            const tries = (failures.get(key) ?? 0) + 1;
            const reason = describe(error);
            if (tries < MAIL_IN_MAX_TRIES) {
              failures.set(key, tries);
              log.warn({ uid: message.uid, tries, err: reason }, 'mail in: processing a message failed, it is tried again');
              await repos.mailInState.markError(`message UID ${message.uid} (try ${tries} of ${MAIL_IN_MAX_TRIES}): ${reason}`, clock());
              errorToClear = true;
              nextPassAt = clock().getTime() + delay(retry, tries);
              break;
            }
            failures.delete(key);
            log.error({ uid: message.uid, tries, err: reason }, 'mail in: skipping a message that failed every try');
            // Stays for the admin screen until the next connection: the message is left unread in the mailbox.
            await repos.mailInState.markError(`message UID ${message.uid} skipped after ${tries} failed tries: ${reason}`, clock());
            errorToClear = false;
            await saveProgress(uidValidity, message.uid);
            lastUid = message.uid;
            continue;
          }
          failures.delete(key);
          outcomes[written.result.status] = (outcomes[written.result.status] ?? 0) + 1;
          publish(written.changes);
          // imapflow answers false rather than throwing. A dead connection leaves the message for the next pass (the processor
          // finds it done); a server that refuses the flag (a read-only folder) must not make us read the message forever.
          if (!(await connection.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true }))) {
            if (!connection.usable) throw new Error(`the connection closed before message UID ${message.uid} was marked as read`);
            log.warn({ uid: message.uid }, 'mail in: the server did not mark the message as read');
          }
          summary.processed += 1;
        }
        await saveProgress(uidValidity, message.uid);
        lastUid = message.uid;
      }
      await repos.mailInState.markFetched(clock());
      if (summary.failed === 0 && errorToClear) {
        await repos.mailInState.clearError();
        errorToClear = false;
      }
      if (summary.processed + summary.failed > 0) log.info({ ...summary, outcomes }, 'mail in: messages read');
      return summary;
    } finally {
      lock.release();
    }
  }

  const nothing = (): MailFetchSummary => ({ processed: 0, failed: 0 });

  /** Holds the lease and a connection (opening them when needed), then one pass. */
  async function leasedPass(): Promise<MailFetchSummary> {
    if (!(await claim())) {
      await logout();
      return nothing();
    }
    const connection = await connect();
    return pass(connection);
  }

  async function recordFailure(error: unknown) {
    if (error instanceof LeaseLost) {
      // Not a failure: our lease ran out (a stalled process) and another process reads the mailbox now.
      log.info({ owner }, 'mail in: another process took over the mailbox');
      holding = false;
      return;
    }
    const reason = describe(error);
    log.warn({ mailbox: mailbox.identity, err: reason }, 'mail in: cannot read the mailbox');
    await repos.mailInState.markError(reason, clock()).catch((failure: unknown) => log.error({ err: failure }, 'mail in: cannot record the error'));
    errorToClear = true;
  }

  /** With IDLE the server announces new mail; without, we look every pollMs. */
  const pollInterval = () => (client?.capabilities.has('IDLE') ? Math.max(deps.pollMs, IDLE_SAFETY_PASS_MS) : deps.pollMs);

  async function run() {
    /** Connections lost or refused in a row: the wait before the next try grows with them. */
    let failuresInARow = 0;
    nextPassAt = 0;
    while (running) {
      try {
        if (lost) throw new Error('the connection to the mailbox was closed');
        if (!client?.usable || news || clock().getTime() >= nextPassAt) {
          const summary = await serial(leasedPass);
          if (!holding) {
            // Another process reads the mailbox: look again when its lease may have run out.
            await sleep(leaseMs / 2);
            continue;
          }
          failuresInARow = 0;
          // After a failed message, `pass` has set when to try it again.
          if (summary.failed === 0) nextPassAt = clock().getTime() + pollInterval();
        } else if (clock().getTime() - lastRenewal >= leaseMs / 3 && !(await claim())) {
          await logout();
          continue;
        }
        if (!news && running) await sleep(Math.min(nextPassAt - clock().getTime(), leaseMs / 3));
      } catch (error) {
        disconnectNow();
        lost = false;
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
      const grace = setTimeout(disconnectNow, STOP_GRACE_MS);
      try {
        await loop;
        await queue;
      } finally {
        clearTimeout(grace);
      }
      loop = undefined;
      await logout();
      // With the database unavailable the lease runs out by itself (leaseMs) and the stop goes on.
      if (holding) {
        await repos.mailInState.releaseLease(owner).catch((error: unknown) => log.warn({ err: error }, 'mail in: the mailbox lease was not handed back'));
      }
      holding = false;
      stopping = false;
    },
    async fetchNow() {
      try {
        return await serial(leasedPass);
      } catch (error) {
        disconnectNow();
        await recordFailure(error);
        throw error;
      } finally {
        // Not started: nothing keeps the connection or the lease after this pass.
        if (!running) {
          await logout();
          if (holding) await repos.mailInState.releaseLease(owner);
          holding = false;
        }
      }
    },
  };
}
