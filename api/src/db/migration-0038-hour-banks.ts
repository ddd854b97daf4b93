import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Hour banks (docs/product/hour-banks.md). `hour_banks` holds one row per company that has a bank: the admin's
// included units per month (null: from the plan's price) and the roll-over cap in units (0: unused units expire), and the month the bank began (nothing rolls over from before it).
// `hour_bank_notices` is the 80 % and 100 % notice of a company and month, written once: its primary key makes the
// insert an insert-if-absent, so processes logging time at once notify once. `overage_approvals` holds a ticket's
// requests to work beyond the bank in a month and the client's answer; an issued invoice keeps its bank lines.
export function hourBanks(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('hour_banks')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.company_id').onDelete('cascade'))
        .addColumn('included_units', 'integer')
        .addColumn('rollover_cap_units', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_month', 'text', notNull)
        .addColumn('date_updated', 'text', notNull)
        .execute();
      await db.schema
        .createTable('hour_bank_notices')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
        .addColumn('month', 'text', notNull)
        .addColumn('threshold', 'integer', notNull)
        .addColumn('date_sent', 'text', notNull)
        .addPrimaryKeyConstraint('hour_bank_notices_pk', ['company_id', 'month', 'threshold'])
        .execute();
      await withId(dialect, db.schema.createTable('overage_approvals'), 'id')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('month', 'text', notNull)
        .addColumn('units', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('requested_by', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('date_requested', 'text', notNull)
        .addColumn('decided_by', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('date_decided', 'text')
        .execute();
      await db.schema.createIndex('overage_approvals_ticket_month').on('overage_approvals').columns(['ticket_id', 'month']).execute();
      // An issued invoice keeps its Included hours and Overage lines as they were (null: no plan hours).
      for (const column of ['bank_included_units', 'bank_overage_units', 'bank_overage_cents']) {
        await db.schema.alterTable('invoices').addColumn(column, 'integer').execute();
      }
    },
    async down(db: AnyDb) {
      for (const column of ['bank_included_units', 'bank_overage_units', 'bank_overage_cents']) {
        await db.schema.alterTable('invoices').dropColumn(column).execute();
      }
      await db.schema.dropTable('overage_approvals').ifExists().execute();
      await db.schema.dropTable('hour_bank_notices').ifExists().execute();
      await db.schema.dropTable('hour_banks').ifExists().execute();
    },
  };
}
