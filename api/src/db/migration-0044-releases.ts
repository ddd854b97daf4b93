import type { ColumnDefinitionBuilder, Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

/** A count column: 0 until a report of its kind adds to it. */
const counted = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

// Canary releases (docs/deploying-a-remote.md#canary-releases), in the database so every process and machine agrees:
// `release_canaries` holds each remote's canary (one at most: the remote is the key, and removing it is a delete of
// that remote and version, which one process alone wins); `release_reports` the browsers' counts, one row per remote,
// version and minute with a column per kind, which a batch adds to in one upsert; `release_log` the deploy log as the
// admins' screen reads it (the deploy log file beside the remotes map stays what a rollback reads).
export function releases(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('release_canaries')
        .addColumn('remote', 'text', (c) => c.primaryKey())
        .addColumn('version', 'text', notNull)
        .addColumn('entry', 'text', notNull)
        .addColumn('share', 'integer', notNull)
        .addColumn('started_at', 'text', notNull)
        .addColumn('started_by', 'text', notNull)
        .addColumn('auto_promote_at', 'text')
        .execute();

      await db.schema
        .createTable('release_reports')
        .addColumn('remote', 'text', notNull)
        .addColumn('version', 'text', notNull)
        // The report's minute, `YYYY-MM-DDTHH:MM:00.000Z`: ISO text sorts as time does.
        .addColumn('minute', 'text', notNull)
        .addColumn('loads', 'integer', counted)
        .addColumn('errors', 'integer', counted)
        .addColumn('rejections', 'integer', counted)
        .addColumn('panels', 'integer', counted)
        .addColumn('chunks', 'integer', counted)
        .addColumn('no_headings', 'integer', counted)
        .addPrimaryKeyConstraint('release_reports_key', ['remote', 'version', 'minute'])
        .execute();
      // The pruning and the last hour's minutes read by minute across remotes.
      await db.schema.createIndex('release_reports_minute').on('release_reports').column('minute').execute();

      await withId(dialect, db.schema.createTable('release_log'), 'id')
        .addColumn('at', 'text', notNull)
        .addColumn('by', 'text', notNull)
        .addColumn('remote', 'text', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('version', 'text', notNull)
        .addColumn('entry', 'text', notNull)
        .addColumn('previous', 'text')
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('release_log_at').on('release_log').column('at').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('release_log').ifExists().execute();
      await db.schema.dropTable('release_reports').ifExists().execute();
      await db.schema.dropTable('release_canaries').ifExists().execute();
    },
  };
}
