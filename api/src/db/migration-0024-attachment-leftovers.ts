import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './migration-helpers';

// Leftover attachment bytes (docs/product/tickets.md#leftover-bytes): a process that stops between writing a
// file's bytes and committing its row (a crash mid-upload, a kill during a move) leaves bytes no attachment
// names. The job runner removes them once they are old enough that no upload can still be under way, which
// needs each chunk's age: attachment_chunks.written_at (ISO 8601, UTC). On PostgreSQL its default is the time of
// the insert, so the chunks already there get the time of this migration and a process of the previous version
// (which does not set it) still dates what it writes during a rolling upgrade. SQLite cannot add a column whose
// default is not a constant; its table is only ever written by this version (the database store is
// PostgreSQL-only). attachments(stored_name) is what the job looks names up by.

const POSTGRES_NOW_ISO = sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function attachmentLeftovers(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('attachment_chunks')
        .addColumn('written_at', 'text', (c) => (dialect === 'postgres' ? c.notNull().defaultTo(POSTGRES_NOW_ISO) : c))
        .execute();
      await db.schema.createIndex('attachments_stored_name').on('attachments').column('stored_name').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('attachments_stored_name').execute();
      await db.schema.alterTable('attachment_chunks').dropColumn('written_at').execute();
    },
  };
}
