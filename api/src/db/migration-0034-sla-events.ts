import type { Migration } from 'kysely';
import type { AnyDb, DialectName } from './migration-helpers';

// Warnings and breaches of response-time promises (docs/product/response-times.md#warnings-and-breaches): one row
// per ticket and target (first_response, resolution), with when the ticket was warned (75 % of the target used) and
// when the target was breached, each written once. The primary key makes the row's insert an insert-if-absent and
// `breached_at` is set only while null, so processes checking the same ticket at once record (and notify) once.
// The check reads open tickets status by status in id order: on PostgreSQL an index (status_id, ticket_id) makes each
// batch a range read (SQLite's tickets_status already ends in the rowid, ticket_id).
export function slaEvents(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('sla_events')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('warned_at', 'text')
        .addColumn('breached_at', 'text')
        .addPrimaryKeyConstraint('sla_events_pk', ['ticket_id', 'target'])
        .execute();
      if (dialect === 'postgres') await db.schema.createIndex('tickets_status_ticket').on('tickets').columns(['status_id', 'ticket_id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('tickets_status_ticket').ifExists().execute();
      await db.schema.dropTable('sla_events').ifExists().execute();
    },
  };
}
