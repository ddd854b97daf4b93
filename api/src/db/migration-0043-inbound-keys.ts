import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): the caller's idempotency key per
// company and the ticket it last opened. The unique key makes the insert the claim, so two requests with the same key
// at once (two processes) open one ticket; a key whose ticket was closed is pointed at the new ticket it opens.
export const inboundKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('inbound_keys')
      .addColumn('company_id', 'integer', notNull)
      .addColumn('key', 'text', notNull)
      .addColumn('ticket_id', 'integer', notNull)
      .addColumn('date_created', 'text', notNull)
      .addUniqueConstraint('inbound_keys_company_key', ['company_id', 'key'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('inbound_keys').ifExists().execute();
  },
};
