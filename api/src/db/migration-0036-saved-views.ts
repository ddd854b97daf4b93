import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Saved views (docs/product/tags-and-views.md#saved-views): one staff member's named filter and sort of their board,
// gone with them. `filter` is JSON as the contract's savedViewFilter reads it; `screen` the dashboard it opens. A name
// is one person's once: (contact_id, name_key) is unique, name_key being the name in lower case.
export function savedViews(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('saved_views'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('name_key', 'text', notNull)
        .addColumn('screen', 'text', notNull)
        .addColumn('filter', 'text', notNull)
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('saved_views_contact_name').unique().on('saved_views').columns(['contact_id', 'name_key']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('saved_views').ifExists().execute();
    },
  };
}
