import type { Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// Corrections of invoiced time (docs/product/time-and-billing.md#correcting-time): an entry logged
// this month for work in a month an issued invoice froze names the entry it corrects
// (time_entries.corrects_time_id, indexed to sum an entry's corrections) and may carry negative
// units. An invoice line keeps which entry and day it corrects, so the issued copy reads the same.
export const timeCorrections: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('time_entries').addColumn('corrects_time_id', 'integer').execute();
    await db.schema.createIndex('time_entries_corrects').on('time_entries').column('corrects_time_id').execute();
    await db.schema.alterTable('invoice_items').addColumn('corrects_time_id', 'integer').execute();
    await db.schema.alterTable('invoice_items').addColumn('corrects_date', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('invoice_items').dropColumn('corrects_date').execute();
    await db.schema.alterTable('invoice_items').dropColumn('corrects_time_id').execute();
    await db.schema.dropIndex('time_entries_corrects').ifExists().execute();
    await db.schema.alterTable('time_entries').dropColumn('corrects_time_id').execute();
  },
};
