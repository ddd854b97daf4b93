import type { Kysely, Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

// Lists and counters polled every 1 to 5 seconds. The staff list and kanban read open tickets by
// status across companies, /time/0 reads every contact's time by date, and the stats page counts
// tickets by the month they were created, assigned and completed.
const INDEXES: { name: string; table: string; columns: string[] }[] = [
  { name: 'tickets_status', table: 'tickets', columns: ['status_id'] },
  { name: 'tickets_date_created', table: 'tickets', columns: ['date_created'] },
  { name: 'tickets_date_assigned', table: 'tickets', columns: ['date_assigned'] },
  { name: 'tickets_date_completed', table: 'tickets', columns: ['date_completed'] },
  { name: 'time_entries_date', table: 'time_entries', columns: ['date'] },
];

export const statusAndDateIndexes: Migration = {
  async up(db: AnyDb) {
    for (const index of INDEXES) {
      await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    }
  },
  async down(db: AnyDb) {
    for (const index of INDEXES) {
      await db.schema.dropIndex(index.name).ifExists().execute();
    }
  },
};
