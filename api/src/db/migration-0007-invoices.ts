import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

interface IndexSpec {
  name: string;
  table: string;
  columns: string[];
}

// The admin invoices screen reads one month of every company's time: payroll groups it by agent and
// pay rate, the Companies list by company and ticket. With every read column in the index neither
// touches the table rows; both start with `date`, so the plain (date) index of 0002 is dropped.
const CREATED: IndexSpec[] = [
  { name: 'time_entries_date_contact_cover', table: 'time_entries', columns: ['date', 'contact_id', 'contact_name', 'pay_rate', 'time'] },
  { name: 'time_entries_date_company_cover', table: 'time_entries', columns: ['date', 'company_id', 'company_name', 'ticket_id', 'time'] },
];
const REPLACED: IndexSpec[] = [{ name: 'time_entries_date', table: 'time_entries', columns: ['date'] }];

// Issued invoices are frozen copies (docs/product/time-and-billing.md#invoices): the items, the rates, the
// totals, the summary and the provider as they were when issued, in integer cents. No foreign key to the
// company: billing history survives deleting it. One invoice per company and month, enforced by the database
// so two admins issuing at once cannot both succeed.
export function invoices(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('invoices'), 'invoice_id')
        .addColumn('company_id', 'integer', notNull)
        .addColumn('company_name', 'text', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('month', 'text', notNull)
        .addColumn('period_from', 'text', notNull)
        .addColumn('period_to', 'text', notNull)
        .addColumn('time_zone', 'text', notNull)
        .addColumn('issue_date', 'text', notNull)
        .addColumn('due_date', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('issued'))
        .addColumn('paid_at', 'text')
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_name', 'text', notNull)
        .addColumn('provider_email', 'text', notNull)
        .addColumn('unit_price_cents', 'integer', notNull)
        .addColumn('meeting_hourly_cents', 'integer', notNull)
        .addColumn('standard_units', 'integer', notNull)
        .addColumn('standard_cents', 'integer', notNull)
        .addColumn('meeting_units', 'integer', notNull)
        .addColumn('meeting_cents', 'integer', notNull)
        .addColumn('total_cents', 'integer', notNull)
        .addColumn('issued_by', 'integer')
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('invoices_company_month').unique().on('invoices').columns(['company_id', 'month']).execute();
      await db.schema.createIndex('invoices_number').unique().on('invoices').column('number').execute();
      await db.schema.createIndex('invoices_month').on('invoices').column('month').execute();

      await withId(dialect, db.schema.createTable('invoice_items'), 'item_id')
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.invoice_id').onDelete('cascade'))
        .addColumn('time_id', 'integer')
        .addColumn('date', 'text', notNull)
        .addColumn('ticket_id', 'integer')
        .addColumn('ticket_title', 'text')
        .addColumn('description', 'text', notNull)
        .addColumn('units', 'integer', notNull)
        .addColumn('rate_kind', 'text', notNull)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('estimated_time', 'integer')
        .addColumn('ticket_time', 'integer')
        .addColumn('sort_order', 'integer', notNull)
        .execute();
      await db.schema.createIndex('invoice_items_invoice').on('invoice_items').columns(['invoice_id', 'sort_order']).execute();

      for (const index of CREATED) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
      for (const index of REPLACED) await db.schema.dropIndex(index.name).ifExists().execute();
    },
    async down(db: AnyDb) {
      for (const index of REPLACED) await db.schema.createIndex(index.name).ifNotExists().on(index.table).columns(index.columns).execute();
      for (const index of CREATED) await db.schema.dropIndex(index.name).ifExists().execute();
      await db.schema.dropTable('invoice_items').ifExists().execute();
      await db.schema.dropTable('invoices').ifExists().execute();
    },
  };
}
