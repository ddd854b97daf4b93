import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Monthly statements (docs/product/statements.md): one row per company and month, written when an admin holds the
// statement or when the job sends it. The primary key makes the send's insert the claim: processes sending the same
// month at once send it once, and a held statement (its row already there) is not sent until an admin releases it
// (the row deleted). `outbox_ids` is the JSON list of the outbox mails it went out as, one per primary contact.
export const statements: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('statements')
      .addColumn('company_id', 'integer', notNull)
      .addColumn('month', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('held_by', 'integer')
      .addColumn('date_held', 'text')
      .addColumn('date_sent', 'text')
      .addColumn('outbox_ids', 'text')
      .addPrimaryKeyConstraint('statements_pk', ['company_id', 'month'])
      .execute();
    // The admins' list reads a month's statements.
    await db.schema.createIndex('statements_month').on('statements').columns(['month', 'company_id']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('statements').ifExists().execute();
  },
};
