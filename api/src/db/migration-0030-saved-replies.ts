import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Saved replies (docs/product/saved-replies.md): a title and a Markdown body with tokens. owner_id null: shared
// with the whole staff (admins write them); else one staff member's own, gone with its owner. usage_count: how
// many times it was inserted into a note, counted by one conditional update so every process adds to one count.
export function savedReplies(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('saved_replies'), 'id')
        .addColumn('title', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('owner_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('cascade'))
        .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_created', 'text', notNull)
        .addColumn('date_updated', 'text', notNull)
        .execute();
      await db.schema.createIndex('saved_replies_owner').on('saved_replies').column('owner_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('saved_replies').ifExists().execute();
    },
  };
}
