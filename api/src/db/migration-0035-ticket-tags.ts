import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Tags (docs/product/tags-and-views.md): staff's free words on tickets. `name_key` is the name in lower case, unique, so
// "VIP" and "vip" are one tag on both dialects; `name` keeps the case first written. A ticket carries a tag once, and
// its tags go with it (or with the tag, when an admin deletes it).
export function ticketTags(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('tags'), 'id')
        .addColumn('name', 'text', notNull)
        .addColumn('name_key', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('tags_name_key').unique().on('tags').column('name_key').execute();

      await db.schema.createTable('ticket_tags')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addColumn('date_added', 'text', notNull)
        .addPrimaryKeyConstraint('ticket_tags_pk', ['ticket_id', 'tag_id'])
        .execute();
      // The filter reads by tag: the tickets carrying one.
      await db.schema.createIndex('ticket_tags_tag').on('ticket_tags').columns(['tag_id', 'ticket_id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('ticket_tags').ifExists().execute();
      await db.schema.dropTable('tags').ifExists().execute();
    },
  };
}
