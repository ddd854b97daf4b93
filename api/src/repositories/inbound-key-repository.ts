import type { PortalDb } from '../db/connect';

export type InboundKeyRepository = ReturnType<typeof createInboundKeyRepository>;

/** An inbound key's ticket: undefined when the ticket was deleted since the key opened it. */
export interface KeyedTicket {
  ticketId: number;
  ticket: { ticket_id: number; company_id: number; status_id: number } | undefined;
}

/** The callers' keys of POST /inbound/tickets, one ticket per company and key (docs/product/integrations.md#a-ticket-from-anywhere). */
export function createInboundKeyRepository(db: PortalDb) {
  return {
    /** The key's row and its ticket, or null for a key never used at this company. */
    async keyedTicket(companyId: number, key: string): Promise<KeyedTicket | null> {
      const row = await db.selectFrom('inbound_keys').select('ticket_id').where('company_id', '=', companyId).where('key', '=', key).executeTakeFirst();
      if (!row) return null;
      const ticket = await db.selectFrom('tickets').select(['ticket_id', 'company_id', 'status_id']).where('ticket_id', '=', row.ticket_id).executeTakeFirst();
      return { ticketId: row.ticket_id, ticket };
    },

    /** A new key for `ticketId`; a unique violation when another request recorded the key first. */
    async add(companyId: number, key: string, ticketId: number, at: Date): Promise<void> {
      await db.insertInto('inbound_keys').values({ company_id: companyId, key, ticket_id: ticketId, date_created: at.toISOString() }).execute();
    },

    /** Points the key from `fromTicketId` to `toTicketId`; false when another request moved it first. */
    async move(companyId: number, key: string, fromTicketId: number, toTicketId: number, at: Date): Promise<boolean> {
      const moved = await db.updateTable('inbound_keys').set({ ticket_id: toTicketId, date_created: at.toISOString() })
        .where('company_id', '=', companyId).where('key', '=', key).where('ticket_id', '=', fromTicketId)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
  };
}
