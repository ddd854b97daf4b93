import { normalizeEmail } from '@portal/domain';
import type { PortalDb } from '../db/connect';

export type TicketMailRepository = ReturnType<typeof createTicketMailRepository>;

/** How far back a new mail threads: the last few Message-IDs sent to the same person about the ticket. */
const THREAD_DEPTH = 10;

/** A Message-ID the portal sent about a ticket, and when. */
export interface SentTicketMail {
  message_id: string;
  date_created: string;
}

/** The Message-ID the sender makes up for an outbox row queued without one (mail not about a ticket). */
const OUTBOX_MESSAGE_ID = /^<outbox\.(\d{1,15})\.(\d{1,15})@[^<>\s@]+>$/;

/**
 * The Message-IDs the portal sent about tickets (docs/product/notifications-and-mail.md#answerable-mail):
 * recorded with the outbox row, on its transaction; read to thread the next mail to the same address and
 * to place a reply that names one. Addresses compare without case.
 */
export function createTicketMailRepository(db: PortalDb) {
  return {
    /** `internal`: the mail was about an internal note (docs/product/tickets.md#internal-notes): an answer to it is internal too. */
    async record(
      trx: PortalDb, row: { message_id: string; ticket_id: number; contact_id: number | null; to_address: string; date_created: string; internal?: boolean },
    ): Promise<void> {
      const { internal, ...sent } = row;
      await trx.insertInto('ticket_mail_ids').values({ ...sent, to_address: normalizeEmail(row.to_address), internal: internal ? 1 : 0 }).execute();
    },

    /**
     * The mail sent about `ticketId` to `address`, oldest first (at most THREAD_DEPTH, the newest ones).
     * Mail sent in the same millisecond keeps no order: queueTicketMail never records two like that.
     */
    async thread(trx: PortalDb, ticketId: number, address: string): Promise<SentTicketMail[]> {
      const rows = await trx
        .selectFrom('ticket_mail_ids')
        .select(['message_id', 'date_created'])
        .where('ticket_id', '=', ticketId)
        .where('to_address', '=', normalizeEmail(address))
        .orderBy('date_created', 'desc')
        .orderBy('message_id', 'desc')
        .limit(THREAD_DEPTH)
        .execute();
      return rows.reverse();
    },

    /**
     * The ticket of the newest of `messageIds` the portal sent, or undefined when it sent none of them; `internal`:
     * that mail was about an internal note.
     */
    async findSent(messageIds: readonly string[]): Promise<{ message_id: string; ticket_id: number; contact_id: number | null; internal: boolean } | undefined> {
      if (messageIds.length === 0) return undefined;
      const row = await db
        .selectFrom('ticket_mail_ids')
        .select(['message_id', 'ticket_id', 'contact_id', 'internal'])
        .where('message_id', 'in', [...messageIds])
        .orderBy('date_created', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && { ...row, internal: row.internal === 1 };
    },

    /**
     * True when `messageId` is one the portal sent (about a ticket or not): our own mail coming back.
     * Mail queued without a Message-ID went out with `<outbox.{row}.{created ms}@host>`: the row and its
     * time must both match.
     */
    async isOwn(messageId: string): Promise<boolean> {
      const generated = OUTBOX_MESSAGE_ID.exec(messageId);
      const [ticketMail, outbox, outboxRow] = await Promise.all([
        db.selectFrom('ticket_mail_ids').select('message_id').where('message_id', '=', messageId).executeTakeFirst(),
        db.selectFrom('mail_outbox').select('id').where('message_id', '=', messageId).executeTakeFirst(),
        generated
          ? db.selectFrom('mail_outbox').select(['date_created', 'message_id']).where('id', '=', Number(generated[1])).executeTakeFirst()
          : Promise.resolve(undefined),
      ]);
      const generatedMatches = outboxRow !== undefined && outboxRow.message_id === null && Date.parse(outboxRow.date_created) === Number(generated?.[2]);
      return ticketMail !== undefined || outbox !== undefined || generatedMatches;
    },
  };
}
