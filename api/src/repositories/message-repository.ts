import { PostgresAdapter } from 'kysely';
import type { MessageProgress, MessageSummary } from '@portal/contract';
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

const isPostgres = (db: PortalDb) => db.getExecutor().adapter instanceof PostgresAdapter;

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

  const summaries = () =>
    db
      .selectFrom('messages as m')
      .leftJoin('message_recipients as r', 'r.message_id', 'm.message_id')
      .select((eb) => [
        'm.message_id', 'm.subject', 'm.message', 'm.kind', 'm.sender_id', 'm.date_created',
        eb.fn.count<number>('r.id').as('total'),
        eb.fn.sum<number>(eb.case().when('r.status', '=', 'sent').then(1).else(0).end()).as('sent'),
        eb.fn.sum<number>(eb.case().when('r.status', '=', 'failed').then(1).else(0).end()).as('failed'),
      ])
      .groupBy(['m.message_id', 'm.subject', 'm.message', 'm.kind', 'm.sender_id', 'm.date_created']);

  type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];
  const toSummary = (row: SummaryRow): MessageSummary & { message: string } => {
    const total = Number(row.total);
    const sent = Number(row.sent ?? 0);
    const failed = Number(row.failed ?? 0);
    return {
      message_id: row.message_id, subject: row.subject, message: row.message, kind: row.kind as MessageSummary['kind'],
      sender_id: row.sender_id, date_created: row.date_created, status: sent + failed >= total ? 'done' : 'sending', total, sent, failed,
    };
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


    async list(): Promise<MessageSummary[]> {
      const rows = await summaries().orderBy('m.date_created', 'desc').orderBy('m.message_id', 'desc').execute();
      return rows.map((row) => {
        const { message: _message, ...summary } = toSummary(row);
        return summary;
      });
    },

    async progress(messageId: number): Promise<MessageProgress | undefined> {
      const row = await summaries().where('m.message_id', '=', messageId).executeTakeFirst();
      if (!row) return undefined;
      const recipients = await db
        .selectFrom('message_recipients')
        .select(['contact_id', 'name', 'email', 'status', 'error'])
        .where('message_id', '=', messageId)
        .orderBy('id')
        .execute();
      return { ...toSummary(row), recipients };
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

    /**
     * Settles a claimed recipient in `trx` (the one that queues its mail), only while `owner` still
     * holds its lease: false means another runner took it, and the caller rolls back.
     */
    async settle(trx: PortalDb, id: number, owner: string, status: Exclude<MessageRecipientStatus, 'pending'>, error: string | null, now: Date) {
      const result = await trx
        .updateTable('message_recipients')
        .set({ status, error, date_sent: status === 'sent' ? now.toISOString() : null, lease_owner: null, lease_until: null })
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
