import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Rate limits shared by every process and machine on one database (docs/architecture.md#scale): one row per
// limited key (route and caller), counting the hits of its current window. A window opens at the key's first
// hit and lasts the route's time window, as in @fastify/rate-limit's own stores; times are epoch
// milliseconds. Rows whose window is over are pruned by expiry (the index).
export const rateLimits: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', notNull)
      .addColumn('hits', 'integer', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('rate_limit_hits_expiry').on('rate_limit_hits').column('expires_at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rate_limit_hits').ifExists().execute();
  },
};
