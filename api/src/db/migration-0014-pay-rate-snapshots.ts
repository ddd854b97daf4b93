import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './migration-helpers';

// Payroll of a past month keeps the rate it was paid at (docs/product/companies-and-contacts.md#pay-rate). Each time
// entry records its pay rate; entries logged before that, or while the agent had no rate, were paid at the
// agent's current rate and would change with it. They now record the rate they are paid at today (none stays
// none). Rates may have cents (42.50): on PostgreSQL the column becomes double precision (SQLite keeps any number).
export function payRateSnapshots(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await db.schema.alterTable('time_entries').alterColumn('pay_rate', (col) => col.setDataType('double precision')).execute();
      }
      const rates = await sql<{ contact_id: number; meta_value: string | null }>`
        select contact_id, meta_value from contact_meta where meta_key = 'pay_rate'`.execute(db);
      for (const row of rates.rows) {
        // As payroll reads the meta: a number, anything else is no rate.
        const rate = row.meta_value === null || row.meta_value.trim() === '' ? NaN : Number(row.meta_value);
        if (!Number.isFinite(rate) || rate < 0) continue;
        await sql`update time_entries set pay_rate = ${rate} where contact_id = ${row.contact_id} and pay_rate is null`.execute(db);
      }
    },
    async down(db: AnyDb) {
      // The recorded rates stay: they are what was paid. Only the column type goes back.
      if (dialect === 'postgres') {
        await db.schema.alterTable('time_entries').alterColumn('pay_rate', (col) => col.setDataType('integer')).execute();
      }
    },
  };
}
