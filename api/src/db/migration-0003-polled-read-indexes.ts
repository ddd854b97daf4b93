import type { Kysely, Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

interface IndexSpec {
  name: string;
  table: string;
  columns: string[];
}

// Polled reads that must stay index-only however much history piles up:
// - the client dashboard's list reads a company's open tickets and its newest completed ones by
//   completion date (its prefix (company_id, status_id) replaces tickets_company_status);
// - the agent page's current and YTD pay sum a contact's time by date and pay rate, and the client
//   dashboard's totals sum a company's time by date and ticket: with every read column in the index
//   neither touches the table rows (they replace the (contact_id, date) and (company_id, date) ones);
// - every request of a client reads its company ids (contact_id, company_id) in order.
const CREATED: IndexSpec[] = [
  { name: 'tickets_company_status_completed', table: 'tickets', columns: ['company_id', 'status_id', 'date_completed', 'ticket_id'] },
  { name: 'time_entries_contact_date_cover', table: 'time_entries', columns: ['contact_id', 'date', 'pay_rate', 'time'] },
  { name: 'time_entries_company_date_cover', table: 'time_entries', columns: ['company_id', 'date', 'ticket_id', 'time'] },
  { name: 'company_contacts_contact_company', table: 'company_contacts', columns: ['contact_id', 'company_id'] },
];

// Prefixes of the indexes above, created by 0001: dropped so each write maintains one index, not two.
const REPLACED: IndexSpec[] = [
  { name: 'tickets_company_status', table: 'tickets', columns: ['company_id', 'status_id'] },
  { name: 'time_entries_contact_date', table: 'time_entries', columns: ['contact_id', 'date'] },
  { name: 'time_entries_company_date', table: 'time_entries', columns: ['company_id', 'date'] },
  { name: 'company_contacts_contact', table: 'company_contacts', columns: ['contact_id'] },
];

export const polledReadIndexes: Migration = {
  async up(db: AnyDb) {
    for (const index of CREATED) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    for (const index of REPLACED) await db.schema.dropIndex(index.name).ifExists().execute();
  },
  async down(db: AnyDb) {
    for (const index of REPLACED) await db.schema.createIndex(index.name).ifNotExists().on(index.table).columns(index.columns).execute();
    for (const index of CREATED) await db.schema.dropIndex(index.name).ifExists().execute();
  },
};
