import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Scheduled maintenance (docs/product/maintenance.md#scheduled-maintenance-tickets): one row per company and period
// its schedule opened. The unique key (company_id, period_start) is the once: processes racing on the same period
// insert the same key and all but one fail, so a period's ticket is opened once however many runners there are.
// `ticket_id` is the ticket opened (null once an admin deleted it: the period stays done). A company's schedule may be
// paused: maintenance_schedules holds that choice, one row per company that has one (no row: active).
export function maintenanceSchedule(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('maintenance_runs')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
        .addColumn('period_start', 'text', notNull)
        .addColumn('period_end', 'text', notNull)
        .addColumn('ticket_id', 'integer', (c) => c.references('tickets.ticket_id').onDelete('set null'))
        .addColumn('date_created', 'text', notNull)
        .execute();
      // A unique index, not a composite primary key: SQLite reports a duplicate of this one as a unique violation.
      await db.schema.createIndex('maintenance_runs_period').unique().on('maintenance_runs').columns(['company_id', 'period_start']).execute();
      await db.schema.createIndex('maintenance_runs_ticket').on('maintenance_runs').column('ticket_id').execute();

      await db.schema
        .createTable('maintenance_schedules')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.company_id').onDelete('cascade'))
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_updated', 'text', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('maintenance_schedules').ifExists().execute();
      await db.schema.dropTable('maintenance_runs').ifExists().execute();
    },
  };
}
