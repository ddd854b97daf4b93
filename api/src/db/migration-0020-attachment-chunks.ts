import type { Migration } from 'kysely';
import { notNull, type AnyDb, type DialectName } from './migration-helpers';

// Attachments in the database (docs/product/tickets.md#where-attachments-are-kept): with ATTACHMENT_STORE=database
// (PostgreSQL only) a file's bytes are rows of attachment_chunks, 256 KB each in order of seq, under the
// attachment's stored_name, so machines share nothing but the database. attachments.stored_in says where each
// file's bytes are ('files': DATA_DIR/uploads, 'database': its chunks), so a store can be moved one file at a
// time (npm run attachments:move) while the portal runs. The table exists on SQLite too (empty there).
export function attachmentChunks(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createTable('attachment_chunks')
        .addColumn('stored_name', 'text', notNull)
        .addColumn('seq', 'integer', notNull)
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addPrimaryKeyConstraint('attachment_chunks_pk', ['stored_name', 'seq'])
        .execute();
      await db.schema.alterTable('attachments').addColumn('stored_in', 'text', (c) => c.notNull().defaultTo('files')).execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('attachments').dropColumn('stored_in').execute();
      await db.schema.dropTable('attachment_chunks').ifExists().execute();
    },
  };
}
