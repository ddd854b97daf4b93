import { sql, type Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// Sessions end when idle (docs/architecture.md#security, SESSION_IDLE_HOURS): each row keeps when it was last
// used, renewed at most once a minute. Existing sessions count as last used when they were created. The
// column's default only fills the existing rows before the backfill: every new row names it.
export const sessionLastSeen: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sessions').addColumn('last_seen', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`update sessions set last_seen = date_created`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('sessions').dropColumn('last_seen').execute();
  },
};
