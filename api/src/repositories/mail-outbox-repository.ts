import { PostgresAdapter } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { WorkQueued } from './work-queued';
import type { OutboxRow } from '../db/schema';

export type { OutboxRow };
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export interface OutboxMessage {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  /** Its own Message-ID (mail about a ticket); absent: the sender makes one up. */
  messageId?: string;
  /** Extra headers it is sent with (In-Reply-To, References, Reply-To, Auto-Submitted). */
  headers?: Readonly<Record<string, string>>;
}

/** A given-up mail as the admins' failed-mail list shows it. */
export type FailedMailRow = Pick<OutboxRow, 'id' | 'to_address' | 'subject' | 'error' | 'attempts' | 'date_created'>;

export interface ClaimRequest {
  /** The runner taking the rows: only it may mark them sent or failed while its lease holds. */
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

const isPostgres = (db: PortalDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Every mail of the portal, in the table the job runner works (docs/architecture.md#jobs-and-mail,
 * docs/decisions/0004-leased-outbox.md): `add` queues, the runner
 * claims due rows under a lease, sends them and marks each sent, or failed with its retry time.
 */
export function createMailOutboxRepository(db: PortalDb, workQueued: WorkQueued, clock: () => Date) {

  /**
   * Unleased pending rows whose attempt is due (a new row has no `next_attempt_at`: due at once);
   * an expired lease (a runner that died) is free again.
   */
  const dueRows = (executor: PortalDb, nowIso: string, limit: number) =>
    executor
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
      .orderBy('id')
      .limit(limit);

  return {
    /**
     * Queues a message on the transaction of the change that causes the mail (`trx`), so the mail
     * is written if and only if the change is (a mail of its own may pass the database). The runner
     * of this process is woken up.
     */
    async add(trx: PortalDb, message: OutboxMessage): Promise<number> {
      const now = clock().toISOString();
      const { id } = await trx
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text: message.text ?? null,
          html: message.html ?? null,
          date_created: now,
          date_sent: null,
          error: null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: null,
          message_id: message.messageId ?? null,
          headers: message.headers && Object.keys(message.headers).length > 0 ? JSON.stringify(message.headers) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      workQueued.notify();
      return id;
    },


    /**
     * Leases up to `limit` due rows to `owner`. PostgreSQL: FOR UPDATE SKIP LOCKED in a short
     * transaction, so concurrent runners take different rows without waiting. SQLite (one writer at
     * a time): one UPDATE whose condition repeats the lease test, so a row is only ever taken once.
     */
    async claimDue({ owner, now, leaseMs, limit }: ClaimRequest): Promise<OutboxRow[]> {
      const nowIso = now.toISOString();
      const lease = { lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() };
      if (isPostgres(db)) {
        return db.transaction().execute(async (trx) => {
          const ids = (await dueRows(trx, nowIso, limit).forUpdate().skipLocked().execute()).map((row) => row.id);
          if (ids.length === 0) return [];
          return trx.updateTable('mail_outbox').set(lease).where('id', 'in', ids).returningAll().execute();
        });
      }
      return db
        .updateTable('mail_outbox')
        .set(lease)
        .where('id', 'in', dueRows(db, nowIso, limit))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
        .returningAll()
        .execute();
    },

    /** False when the lease was lost (another runner holds the row now). */
    async markSent(id: number, owner: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          status: 'sent', date_sent: now.toISOString(), attempts: eb('attempts', '+', 1), error: null, lease_owner: null, lease_until: null,
        }))
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A stopping runner's claimed rows it did not send, free for any runner at once; answers how many. */
    async releaseLeases(owner: string): Promise<number> {
      const result = await db
        .updateTable('mail_outbox')
        .set({ lease_owner: null, lease_until: null })
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A failed attempt: retried at `retryAt`, or given up (`failed`, kept) when there is none. */
    async markFailed(id: number, owner: string, failure: { error: string; retryAt: Date | null }): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          status: failure.retryAt ? 'pending' : 'failed',
          attempts: eb('attempts', '+', 1),
          error: failure.error.slice(0, 1000),
          next_attempt_at: failure.retryAt?.toISOString() ?? null,
          lease_owner: null,
          lease_until: null,
        }))
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Given-up mail that was not sent again since, newest first (docs/product/messaging.md#failed-mail). */
    async listFailed(limit: number): Promise<FailedMailRow[]> {
      return db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'error', 'attempts', 'date_created'])
        .where('status', '=', 'failed')
        .where('superseded_by', 'is', null)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Puts a given-up mail back in the queue on `trx`, due at once with its attempts counted afresh; false when it is
     * no longer a failed mail that may be re-queued (someone re-queued or re-sent it first). Raise `workQueued` once
     * `trx` has committed.
     */
    async requeue(trx: PortalDb, id: number): Promise<boolean> {
      const result = await trx
        .updateTable('mail_outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: null, error: null, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .where('superseded_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks a failed mail as sent again as `replacementId`, on `trx`; false when it is no longer failed or was replaced already. */
    async supersede(trx: PortalDb, id: number, replacementId: number): Promise<boolean> {
      const result = await trx
        .updateTable('mail_outbox')
        .set({ superseded_by: replacementId })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .where('superseded_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Wakes this process's runner (after a re-queue has committed). */
    notifyQueued(): void {
      workQueued.notify();
    },

    async findById(id: number): Promise<OutboxRow | undefined> {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The queue's depth for GET /metrics (docs/operations.md#metrics-and-health): pending and given-up rows, and when the oldest
     * pending one was queued. Both reads go through the (status, next_attempt_at) index and touch only those rows, never
     * the sent ones, which grow for ever.
     */
    async backlog(): Promise<{ pending: number; failed: number; oldestPending: string | null }> {
      const counts = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      const oldest = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.min('date_created').as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const count = (status: OutboxRow['status']) => Number(counts.find((row) => row.status === status)?.count ?? 0);
      return { pending: count('pending'), failed: count('failed'), oldestPending: oldest?.oldest ?? null };
    },

    /** Rows by status, oldest first (tests, and the log line at start). */
    async list(status?: OutboxRow['status']): Promise<OutboxRow[]> {
      let query = db.selectFrom('mail_outbox').selectAll().orderBy('id');
      if (status) query = query.where('status', '=', status);
      return query.execute();
    },
  };
}
