import type { PortalDb } from '../db/connect';

export type TicketMailRepository = ReturnType<typeof createTicketMailRepository>;

/** How far back a new mail threads: the last few Message-IDs sent to the same person about the ticket. */
const THREAD_DEPTH = 10;

/**
 * The Message-IDs the portal sent about tickets (docs/product/notifications-and-mail.md#answerable-mail):
 * recorded with the outbox row, on its transaction; read to thread the next mail to the same address and
 * to place a reply that names one.
 */
export function createTicketMailRepository(db: PortalDb) {
  return {
    async record(trx: PortalDb, row: { message_id: string; ticket_id: number; contact_id: number | null; to_address: string; date_created: string }): Promise<void> {
      await trx.insertInto('ticket_mail_ids').values(row).execute();
    },

    /** The Message-IDs sent about `ticketId` to `address`, oldest first (at most THREAD_DEPTH, the newest ones). */
    async thread(trx: PortalDb, ticketId: number, address: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('ticket_mail_ids')
        .select('message_id')
        .where('ticket_id', '=', ticketId)
        .where('to_address', '=', address)
        .orderBy('date_created', 'desc')
        .orderBy('message_id', 'desc')
        .limit(THREAD_DEPTH)
        .execute();
      return rows.map((row) => row.message_id).reverse();
    },

    /** The ticket of the newest of `messageIds` the portal sent, or undefined when it sent none of them. */
    async findSent(messageIds: readonly string[]): Promise<{ message_id: string; ticket_id: number; contact_id: number | null } | undefined> {
      if (messageIds.length === 0) return undefined;
      return db
        .selectFrom('ticket_mail_ids')
        .select(['message_id', 'ticket_id', 'contact_id'])
        .where('message_id', 'in', [...messageIds])
        .orderBy('date_created', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** True when `messageId` is one the portal sent (about a ticket or not): our own mail coming back. */
    async isOwn(messageId: string): Promise<boolean> {
      const [ticketMail, outbox] = await Promise.all([
        db.selectFrom('ticket_mail_ids').select('message_id').where('message_id', '=', messageId).executeTakeFirst(),
        db.selectFrom('mail_outbox').select('id').where('message_id', '=', messageId).executeTakeFirst(),
      ]);
      return ticketMail !== undefined || outbox !== undefined;
    },
  };
}
