import type { Insertable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { MailInMessageRow, MailInMessagesTable, MailInStatus } from '../db/schema';

export type MailInRepository = ReturnType<typeof createMailInRepository>;
export type { MailInMessageRow, MailInStatus };
export type NewMailInMessage = Insertable<MailInMessagesTable>;

/** A held message as the admins' list shows it: everything but the original. */
export type HeldMailRow = Omit<MailInMessageRow, 'raw'>;

/** What an admin's decision on a held message writes. */
export interface MailInDecisionPatch {
  status: 'attached' | 'dropped';
  date_decided: string;
  decided_by: number | null;
  ticket_id?: number;
  activity_id?: number;
  /** Dropping clears the original. */
  raw?: null;
}

const LISTED_COLUMNS = [
  'mail_in_id', 'message_id', 'uid', 'from_address', 'from_name', 'subject', 'date_received', 'status', 'reason', 'ticket_id', 'activity_id',
  'contact_id', 'text', 'raw_size', 'date_decided', 'decided_by', 'verdict',
] as const;

const NO_COUNTS: Readonly<Record<MailInStatus, number>> = { note: 0, ticket: 0, held: 0, ignored: 0, attached: 0, dropped: 0 };

/**
 * The messages read from the support mailbox (mail_in_messages; docs/product/notifications-and-mail.md#exactly-once):
 * one row per Message-ID (a unique index), inserted on the transaction of the note or ticket it made.
 */
export function createMailInRepository(db: PortalDb) {
  return {
    /** Records a message on `trx`; a second row with the same message_id fails on the unique index. Answers its id. */
    async add(trx: PortalDb, row: NewMailInMessage): Promise<number> {
      const { mail_in_id } = await trx.insertInto('mail_in_messages').values(row).returning('mail_in_id').executeTakeFirstOrThrow();
      return mail_in_id;
    },

    /** The message recorded under `messageId`, when it was read before. */
    async findByMessageId(messageId: string): Promise<{ mail_in_id: number; status: MailInStatus; ticket_id: number | null } | undefined> {
      return db
        .selectFrom('mail_in_messages')
        .select(['mail_in_id', 'status', 'ticket_id'])
        .where('message_id', '=', messageId)
        .executeTakeFirst();
    },

    /**
     * The ticket one of `messageIds` opened or was noted on, the newest: a reply-all to a client's mail (by someone it
     * was Cc'd to) threads onto that ticket (docs/product/tickets.md#followers-and-cc).
     */
    async ticketOfMessages(messageIds: readonly string[]): Promise<number | undefined> {
      if (messageIds.length === 0) return undefined;
      const row = await db
        .selectFrom('mail_in_messages')
        .select('ticket_id')
        .where('message_id', 'in', [...messageIds])
        .where('status', 'in', ['ticket', 'note'])
        .where('ticket_id', 'is not', null)
        .orderBy('mail_in_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.ticket_id ?? undefined;
    },

    async findById(mailInId: number): Promise<MailInMessageRow | undefined> {
      return db.selectFrom('mail_in_messages').selectAll().where('mail_in_id', '=', mailInId).executeTakeFirst();
    },

    /** How many messages had each outcome (every status present, 0 when none). */
    async counts(): Promise<Record<MailInStatus, number>> {
      const rows = await db
        .selectFrom('mail_in_messages')
        .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('status')
        .execute();
      const counts: Record<MailInStatus, number> = { ...NO_COUNTS };
      for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.count);
      return counts;
    },

    /** Held messages, newest first, at most `limit`, without their originals (from the (status, mail_in_id) index). */
    async listHeld(limit: number): Promise<HeldMailRow[]> {
      return db
        .selectFrom('mail_in_messages')
        .select([...LISTED_COLUMNS])
        .where('status', '=', 'held')
        .orderBy('mail_in_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** An admin's decision on a held message, on `trx`: false when it is not held (any more), so one of two decisions wins. */
    async decide(trx: PortalDb, mailInId: number, patch: MailInDecisionPatch): Promise<boolean> {
      const result = await trx
        .updateTable('mail_in_messages')
        .set(patch)
        .where('mail_in_id', '=', mailInId)
        .where('status', '=', 'held')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
