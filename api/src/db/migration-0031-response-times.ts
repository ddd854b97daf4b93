import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Response-time promises (docs/product/response-times.md). sla_settings: one row (id 1), the provider's business
// hours (time zone, working days and holidays, as JSON) and its targets per priority (JSON); no row reads as the
// defaults. company_sla_targets: a company's own targets per priority, replacing the provider's for its tickets.
export const responseTimes: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('sla_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('time_zone', 'text', notNull)
      .addColumn('days', 'text', notNull)
      .addColumn('holidays', 'text', notNull)
      .addColumn('targets', 'text', notNull)
      .addColumn('date_updated', 'text', notNull)
      .execute();
    await db.schema.createTable('company_sla_targets')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.company_id').onDelete('cascade'))
      .addColumn('targets', 'text', notNull)
      .addColumn('date_updated', 'text', notNull)
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('company_sla_targets').ifExists().execute();
    await db.schema.dropTable('sla_settings').ifExists().execute();
  },
};
