import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Followers and Cc (docs/product/tickets.md#followers-and-cc). ticket_followers: who follows a ticket, once per
// contact, gone with the ticket or the contact; added_by is who added them (themselves, the requester, staff),
// kept null when that person is deleted. ticket_cc_addresses: an address in Cc of mail in that is not a contact of
// the ticket's company, listed for staff to invite and never mailed; once per ticket and address, and dismissed
// when staff choose not to invite it (a later mail does not list it again).
export function ticketFollowers(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('ticket_followers')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('added_by', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('date_added', 'text', notNull)
        .addPrimaryKeyConstraint('ticket_followers_pk', ['ticket_id', 'contact_id'])
        .execute();
      await db.schema.createIndex('ticket_followers_contact').on('ticket_followers').column('contact_id').execute();
      await withId(dialect, db.schema.createTable('ticket_cc_addresses'), 'id')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('address', 'text', notNull)
        .addColumn('date_first_seen', 'text', notNull)
        .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('ticket_cc_addresses_ticket_address', ['ticket_id', 'address'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('ticket_cc_addresses').ifExists().execute();
      await db.schema.dropTable('ticket_followers').ifExists().execute();
    },
  };
}
