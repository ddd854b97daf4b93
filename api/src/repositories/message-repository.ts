import { PostgresAdapter } from 'kysely';
import type { MessageProgress, MessageSummary } from '@portal/contract';
import { recipientResult, resultCounts, type DeliveryStatus, type RecipientKind } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { MessageRecipientStatus } from '../db/schema';

export type MessageRepository = ReturnType<typeof createMessageRepository>;

export interface NewMessage {
  subject: string;
  message: string;
  kind: string;
  sender_id: number | null;
  recipients: { contact_id: number; name: string; email: string; tokens: Record<string, string> }[];
}

export interface ClaimedRecipient {
  id: number;
  message_id: number;
  contact_id: number;
  email: string;
  tokens: string;
  subject: string;
  message: string;
}

/** A recipient with the outbox mail it was given, as a re-send reads it. */
export interface RecipientWithMail {
  id: number;
  contact_id: number;
  email: string;
  tokens: string;
  status: MessageRecipientStatus;
  error: string | null;
  outbox_id: number | null;
  outbox_status: DeliveryStatus | null;
  outbox_error: string | null;
}

const isPostgres = (db: PortalDb) => db.getExecutor().adapter instanceof PostgresAdapter;
const outboxOf = (row: { outbox_status: DeliveryStatus | null; outbox_error: string | null }) =>
  row.outbox_status === null ? null : { status: row.outbox_status, error: row.outbox_error };

/** The message centre's sends and templates (docs/product/messaging.md#sending): recipients are claimed under a lease like the outbox. */
export function createMessageRepository(db: PortalDb) {
  const dueIds = (executor: PortalDb, nowIso: string, limit: number) =>
    executor
      .selectFrom('message_recipients')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
      .orderBy('id')
      .limit(limit);

  /** The messages (all, or one), newest first, with who sent them. */
  const messageRows = (messageId?: number) => {
    let query = db
      .selectFrom('messages as m')
      .leftJoin('contacts as s', 's.contact_id', 'm.sender_id')
      .select(['m.message_id', 'm.subject', 'm.message', 'm.kind', 'm.sender_id', 'm.date_created', 's.first_name', 's.last_name'])
      .orderBy('m.date_created', 'desc')
      .orderBy('m.message_id', 'desc');
    if (messageId !== undefined) query = query.where('m.message_id', '=', messageId);
    return query.execute();
  };

  /** Recipients counted by their own status and their mail's, per message: a few rows per message, whatever its size. */
  const resultGroups = (messageIds: readonly number[]) =>
    messageIds.length === 0
      ? Promise.resolve([])
      : db
        .selectFrom('message_recipients as r')
        .leftJoin('mail_outbox as o', 'o.id', 'r.outbox_id')
        .select((eb) => ['r.message_id', 'r.status', 'o.status as outbox_status', eb.fn.countAll<number>().as('count')])
        .where('r.message_id', 'in', messageIds)
        .groupBy(['r.message_id', 'r.status', 'o.status'])
        .execute();

  type MessageRow = Awaited<ReturnType<typeof messageRows>>[number];
  type GroupRow = Awaited<ReturnType<typeof resultGroups>>[number];

  const toSummary = (row: MessageRow, groups: readonly GroupRow[]): MessageSummary => {
    const counted = groups.map((group) => ({ ...group, count: Number(group.count) }));
    const total = counted.reduce((sum, group) => sum + group.count, 0);
    const sent = counted.filter((group) => group.status === 'sent').reduce((sum, group) => sum + group.count, 0);
    const failed = counted.filter((group) => group.status === 'failed').reduce((sum, group) => sum + group.count, 0);
    const results = resultCounts(counted.map((group) => ({
      result: recipientResult({ status: group.status, error: null }, group.outbox_status === null ? null : { status: group.outbox_status, error: null }).result,
      count: group.count,
    })));
    const senderName = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
    return {
      message_id: row.message_id, subject: row.subject, kind: row.kind as RecipientKind, sender_id: row.sender_id, sender_name: senderName,
      date_created: row.date_created, status: sent + failed >= total ? 'done' : 'sending', total, sent, failed, results,
    };
  };

  const summariesOf = async (rows: readonly MessageRow[]) => {
    const groups = await resultGroups(rows.map((row) => row.message_id));
    return rows.map((row) => toSummary(row, groups.filter((group) => group.message_id === row.message_id)));
  };

  return {
    /** The message and its pending recipients on the caller's transaction; answers its id. Raise `workQueued` once it has committed. */
    async create(trx: PortalDb, message: NewMessage, now: Date): Promise<number> {
      const { message_id } = await trx
        .insertInto('messages')
        .values({ subject: message.subject, message: message.message, kind: message.kind, sender_id: message.sender_id, date_created: now.toISOString() })
        .returning('message_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('message_recipients')
        .values(message.recipients.map((r) => ({
          message_id, contact_id: r.contact_id, name: r.name, email: r.email, tokens: JSON.stringify(r.tokens),
          status: 'pending' as const, error: null, date_sent: null, lease_owner: null, lease_until: null,
        })))
        .execute();
      return message_id;
    },


    /** Every send, newest first, with who sent it and what became of its recipients (docs/product/messaging.md#sent-messages). */
    async list(): Promise<MessageSummary[]> {
      return summariesOf(await messageRows());
    },

    async progress(messageId: number): Promise<MessageProgress | undefined> {
      const [row] = await messageRows(messageId);
      if (!row) return undefined;
      const [summary] = await summariesOf([row]);
      const recipients = await db
        .selectFrom('message_recipients as r')
        .leftJoin('mail_outbox as o', 'o.id', 'r.outbox_id')
        .select(['r.id', 'r.contact_id', 'r.name', 'r.email', 'r.status', 'r.error', 'o.status as outbox_status', 'o.error as outbox_error'])
        .where('r.message_id', '=', messageId)
        .orderBy('r.id')
        .execute();
      return {
        ...summary!,
        message: row.message,
        recipients: recipients.map((r) => {
          const { result, error } = recipientResult(r, outboxOf(r));
          return { recipient_id: r.id, contact_id: r.contact_id, name: r.name, email: r.email, status: r.status, error: r.error, result, result_error: error };
        }),
      };
    },

    /** The message's subject and text, and each recipient with its outbox mail, for a re-send. */
    async forResend(messageId: number): Promise<{ subject: string; message: string; recipients: RecipientWithMail[] } | undefined> {
      const message = await db.selectFrom('messages').select(['subject', 'message']).where('message_id', '=', messageId).executeTakeFirst();
      if (!message) return undefined;
      const recipients = await db
        .selectFrom('message_recipients as r')
        .leftJoin('mail_outbox as o', 'o.id', 'r.outbox_id')
        .select(['r.id', 'r.contact_id', 'r.email', 'r.tokens', 'r.status', 'r.error', 'r.outbox_id', 'o.status as outbox_status', 'o.error as outbox_error'])
        .where('r.message_id', '=', messageId)
        .orderBy('r.id')
        .execute();
      return { ...message, recipients };
    },

    /**
     * Settles a re-sent recipient on `trx`: mailed again as `outboxId` at `email`, or failed again with `error`. Only
     * while it is still as `was` read it: false means another admin re-sent it first, and the caller rolls back.
     */
    async settleResend(
      trx: PortalDb, was: Pick<RecipientWithMail, 'id' | 'status' | 'outbox_id'>,
      outcome: { outboxId: number; email: string } | { error: string }, now: Date,
    ): Promise<boolean> {
      const set = 'error' in outcome
        ? { status: 'failed' as const, error: outcome.error, date_sent: null }
        : { status: 'sent' as const, error: null, email: outcome.email, outbox_id: outcome.outboxId, date_sent: now.toISOString() };
      let query = trx.updateTable('message_recipients').set(set).where('id', '=', was.id).where('status', '=', was.status);
      query = was.outbox_id === null ? query.where('outbox_id', 'is', null) : query.where('outbox_id', '=', was.outbox_id);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Leases up to `limit` pending recipients to `owner` (an expired lease is free again): FOR UPDATE
     * SKIP LOCKED on PostgreSQL, one guarded UPDATE on SQLite, as the outbox does.
     */
    async claimDue(owner: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedRecipient[]> {
      const nowIso = now.toISOString();
      const lease = { lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() };
      const claimed = isPostgres(db)
        ? await db.transaction().execute(async (trx) => {
          const ids = (await dueIds(trx, nowIso, limit).forUpdate().skipLocked().execute()).map((row) => row.id);
          if (ids.length === 0) return [];
          return trx.updateTable('message_recipients').set(lease).where('id', 'in', ids).returning('id').execute();
        })
        : await db
          .updateTable('message_recipients')
          .set(lease)
          .where('id', 'in', dueIds(db, nowIso, limit))
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
          .returning('id')
          .execute();
      if (claimed.length === 0) return [];
      return db
        .selectFrom('message_recipients as r')
        .innerJoin('messages as m', 'm.message_id', 'r.message_id')
        .select(['r.id', 'r.message_id', 'r.contact_id', 'r.email', 'r.tokens', 'm.subject', 'm.message'])
        .where('r.id', 'in', claimed.map((row) => row.id))
        .orderBy('r.id')
        .execute();
    },

    /** A stopping runner's claimed recipients it did not work, free for any runner at once; answers how many. */
    async releaseLeases(owner: string): Promise<number> {
      const result = await db
        .updateTable('message_recipients')
        .set({ lease_owner: null, lease_until: null })
        .where('lease_owner', '=', owner)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Settles a claimed recipient in `trx` (the one that queues its mail): sent as that outbox mail, or failed with
     * the reason; only while `owner` still holds its lease: false means another runner took it, and the caller rolls back.
     */
    async settle(
      trx: PortalDb, id: number, owner: string, outcome: { outboxId: number } | { error: string }, now: Date,
    ) {
      const set = 'error' in outcome
        ? { status: 'failed' as const, error: outcome.error, date_sent: null }
        : { status: 'sent' as const, error: null, outbox_id: outcome.outboxId, date_sent: now.toISOString() };
      const result = await trx
        .updateTable('message_recipients')
        .set({ ...set, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listTemplates() {
      return db.selectFrom('mail_templates').select(['id', 'name', 'subject', 'message', 'date_created']).orderBy('name').execute();
    },

    /** Saves the template of that name, replacing its subject and message when it exists. */
    async saveTemplate(template: { name: string; subject: string; message: string }, now: Date) {
      return db
        .insertInto('mail_templates')
        .values({ ...template, date_created: now.toISOString() })
        .onConflict((oc) => oc.column('name').doUpdateSet({ subject: template.subject, message: template.message }))
        .returning(['id', 'name', 'subject', 'message', 'date_created'])
        .executeTakeFirstOrThrow();
    },
  };
}
