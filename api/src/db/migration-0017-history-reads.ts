import { sql, type Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// Paged history reads (docs/product/dashboards.md#ticket-history, docs/product/tickets.md#activity-notes):
// - tickets_company_closed: a company's completed and cancelled tickets newest closing first, the
//   closing being the completion, else the last change (a cancellation stamps no date of its own).
//   The expression is the one ticket-repository orders by, so both dialects walk the index.
// - activity_ticket_date: a ticket's feed a page at a time by (date_created, activity_id), the
//   cursor's order; it replaces activity_ticket, its first column.
export const historyReads: Migration = {
  async up(db: AnyDb) {
    await sql`create index tickets_company_closed on tickets (company_id, (coalesce(date_completed, date_updated)), ticket_id)`.execute(db);
    await db.schema.createIndex('activity_ticket_date').on('activity').columns(['ticket_id', 'date_created', 'activity_id']).execute();
    await db.schema.dropIndex('activity_ticket').ifExists().execute();
  },
  async down(db: AnyDb) {
    await db.schema.createIndex('activity_ticket').ifNotExists().on('activity').column('ticket_id').execute();
    await db.schema.dropIndex('activity_ticket_date').ifExists().execute();
    await db.schema.dropIndex('tickets_company_closed').ifExists().execute();
  },
};
