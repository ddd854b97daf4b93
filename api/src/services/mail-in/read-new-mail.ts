import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { Change } from '@portal/domain';
import type { ServiceContext, Written } from '../service-context';
import { MAIL_IN_MAX_TRIES, type FetchStatus, type MessageTries } from './fetch-status';
import { downloadMessage } from './imap-mailbox';
import type { MailboxLease } from './mailbox-lease';
import type { ProcessedMail } from './process-mail';

// One pass over the support mailbox's folder (docs/product/notifications-and-mail.md#reading-the-mailbox): each new
// message, in UID order, downloaded within bounds and handed to the processor. A message is done (\Seen set, last_uid
// advanced) only after the processor returned, that is after its note or ticket committed; a crash in between reads it
// again and the processor finds its Message-ID already recorded (docs/product/notifications-and-mail.md#exactly-once).

export type MailProcessor = (ctx: ServiceContext, message: { raw: Buffer; uid: number | null }) => Promise<Written<ProcessedMail>>;

export interface MailFetchSummary {
  processed: number;
  failed: number;
}

export interface PassDeps {
  ctx: ServiceContext;
  folder: string;
  maxBytes: number;
  process: MailProcessor;
  /** Publishes the live changes of a processed message (its transaction has committed). */
  publish(changes: readonly Change[]): void;
  lease: MailboxLease;
  status: FetchStatus;
  tries: MessageTries;
  describe(error: unknown): string;
  /** The pass holds the folder: mail announced from now on is for the next pass. */
  began(): void;
  /** Checked before each message: the fetcher is stopping, the message in hand is the last. */
  stopping(): boolean;
}

export interface PassResult {
  summary: MailFetchSummary;
  /** A message failed and is tried again: how many tries it has had (the wait before the next pass grows with them). */
  retryAfterTries?: number;
}

type Progress = { uidValidity: string; lastUid: number };

/**
 * Where the folder's reading stands. A new UIDVALIDITY numbers the folder afresh: it is read all again (the processor
 * skips what it has seen). The first time a mailbox is read, only its unread mail is new: a mailbox with years of read
 * mail in it must not become years of tickets and acknowledgements.
 */
async function progressOf(connection: ImapFlow, deps: PassDeps): Promise<Progress & { firstRead: boolean }> {
  if (!connection.mailbox) throw new Error(`mailbox ${deps.folder} is not open`);
  const uidValidity = connection.mailbox.uidValidity.toString();
  const state = await deps.ctx.repos.mailInState.get();
  if (state?.uid_validity !== uidValidity) {
    if (state?.uid_validity) deps.ctx.log.warn({ was: state.uid_validity, now: uidValidity }, 'mail in: UIDVALIDITY changed, reading the folder again');
    await deps.lease.saveProgress(uidValidity, 0);
  }
  return { uidValidity, lastUid: state?.uid_validity === uidValidity ? state.last_uid : 0, firstRead: !state?.uid_validity };
}

/** The messages after lastUid (on a first read: the unread ones), in UID order, with their sizes. */
async function pendingMessages(connection: ImapFlow, progress: Progress & { firstRead: boolean }): Promise<FetchMessageObject[]> {
  const { lastUid, firstRead } = progress;
  const found = connection.mailbox && connection.mailbox.exists === 0
    ? []
    : await connection.fetchAll(firstRead ? { seen: false } : `${lastUid + 1}:*`, { uid: true, size: true }, { uid: true });
  // "n:*" answers the last message even when its UID is below n.
  return found.filter((message) => message.uid > lastUid).sort((a, b) => a.uid - b.uid);
}

/**
 * A processed message: its changes published and, on the server, marked as read. imapflow answers false rather than
 * throwing. A dead connection leaves the message for the next pass (the processor finds it done); a server that refuses
 * the flag (a read-only folder) must not make us read the message forever.
 */
async function markDone(connection: ImapFlow, uid: number, written: Written<ProcessedMail>, deps: PassDeps): Promise<void> {
  deps.publish(written.changes);
  if (!(await connection.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }))) {
    if (!connection.usable) throw new Error(`the connection closed before message UID ${uid} was marked as read`);
    deps.ctx.log.warn({ uid }, 'mail in: the server did not mark the message as read');
  }
}

/**
 * A message the processor failed on: tried again at a later pass (the pass stops here, so that the order holds), or,
 * after MAIL_IN_MAX_TRIES, skipped: left unread in the mailbox, the error kept for the admin screen until the next
 * connection.
 */
async function failedMessage(uid: number, key: string, error: unknown, deps: PassDeps): Promise<{ retry: true; tries: number } | { retry: false }> {
  const { log } = deps.ctx;
  const reason = deps.describe(error);
  const outcome = deps.tries.failed(key);
  const { tries } = outcome;
  if (outcome.retry) {
    log.warn({ uid, tries, err: reason }, 'mail in: processing a message failed, it is tried again');
    await deps.status.passingError(`message UID ${uid} (try ${tries} of ${MAIL_IN_MAX_TRIES}): ${reason}`);
    return { retry: true, tries };
  }
  log.error({ uid, tries, err: reason }, 'mail in: skipping a message that failed every try');
  await deps.status.lastingError(`message UID ${uid} skipped after ${tries} failed tries: ${reason}`);
  return { retry: false };
}

/** Every message after last_uid, in UID order, until one fails (or the fetcher stops). */
export async function readNewMail(connection: ImapFlow, deps: PassDeps): Promise<PassResult> {
  const summary: MailFetchSummary = { processed: 0, failed: 0 };
  let retryAfterTries: number | undefined;
  /** What became of the messages read: a note, a ticket, held or ignored (rejected), a duplicate. */
  const outcomes: Partial<Record<ProcessedMail['status'], number>> = {};
  const lock = await connection.getMailboxLock(deps.folder);
  try {
    deps.began();
    // Without IDLE the server tells of new mail only when asked: NOOP brings the message count up to date.
    await connection.noop();
    const progress = await progressOf(connection, deps);
    for (const message of await pendingMessages(connection, progress)) {
      if (deps.stopping()) break;
      await deps.lease.keep();
      const key = `${progress.uidValidity}:${message.uid}`;
      const raw = await downloadMessage(connection, message.uid, message.size ?? 0, deps.maxBytes, deps.ctx.log);
      if (raw) {
        let written: Written<ProcessedMail>;
        try {
          written = await deps.process(deps.ctx, { raw, uid: message.uid });
        } catch (error) {
          summary.failed += 1;
          const failed = await failedMessage(message.uid, key, error, deps);
          if (failed.retry) {
            retryAfterTries = failed.tries;
            break;
          }
          await deps.lease.saveProgress(progress.uidValidity, message.uid);
          continue;
        }
        deps.tries.succeeded(key);
        outcomes[written.result.status] = (outcomes[written.result.status] ?? 0) + 1;
        await markDone(connection, message.uid, written, deps);
        summary.processed += 1;
      }
      await deps.lease.saveProgress(progress.uidValidity, message.uid);
    }
    await deps.status.fetched();
    if (summary.failed === 0) await deps.status.clean();
    if (summary.processed + summary.failed > 0) deps.ctx.log.info({ ...summary, outcomes }, 'mail in: messages read');
    return { summary, retryAfterTries };
  } finally {
    lock.release();
  }
}
