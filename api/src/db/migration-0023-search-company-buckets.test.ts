import { readSearchText } from '@portal/domain';
import { sql } from 'kysely';
import { createFullTextSearchRepository } from '../repositories/full-text-search-repository';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0023: on PostgreSQL each side-table row also carries its company's bucket, and a client's search asks the
// index bucket by bucket through it: rows written before the migration get it, rows written after it through
// the triggers, a moved ticket's notes take the new company's. On SQLite nothing changes; the answers are the same.

const database = useMigrationDatabase({ postgresWhenSet: true });
const now = '2026-01-01T00:00:00.000Z';
const page = { limit: 50, offset: 0 };

async function ticket(id: number, companyId: number, title: string, note: string): Promise<void> {
  await sql`insert into tickets (ticket_id, company_id, title, description, type_id, priority_id, status_id, date_created, date_updated)
    values (${id}, ${companyId}, ${title}, ${'described'}, 1, 3, 1, ${now}, ${now})`.execute(database.db);
  await sql`insert into activity (activity_id, ticket_id, note, date_created) values (${id}, ${id}, ${note}, ${now})`.execute(database.db);
}

test("rows written before and after it are found bucket by bucket in their company's scope", async () => {
  const migrator = database.migrator();
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  expect((await migrator.migrateTo('0022_search_scope')).error).toBeUndefined();
  expect(names.indexOf('0023_search_company_buckets')).toBe(names.indexOf('0022_search_scope') + 1);
  for (const [id, name] of [[1, 'Acme'], [2, 'Globex']] as const) {
    await sql`insert into companies (company_id, name, url, mode, date_created) values (${id}, ${name}, null, 1, ${now})`.execute(database.db);
  }
  // Keys 70,000 apart: each row in a bucket of its own.
  for (let n = 1; n <= 6; n += 1) await ticket(n * 70_000, 1 + (n % 2), `Okapi ${n}`, `okapi note ${n}`);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  for (let n = 7; n <= 9; n += 1) await ticket(n * 70_000, 1 + (n % 2), `Okapi ${n}`, `okapi note ${n}`);
  // Ticket 420,000 moves from Acme to Globex, its note with it.
  await sql`update tickets set company_id = 2 where ticket_id = ${420_000}`.execute(database.db);

  const byBuckets = createFullTextSearchRepository(database.db, { firstRows: 1, indexAtOnce: 0, wordsPerPrefix: 64, firstBuckets: 2, bucketsAtMost: 1e9 });
  const prefixesOnRows = createFullTextSearchRepository(database.db, { firstRows: 1, indexAtOnce: 0, wordsPerPrefix: 0, firstBuckets: 2, bucketsAtMost: 1e9 });
  const globex = [70_000, 210_000, 350_000, 420_000, 490_000, 630_000];
  const acme = [140_000, 280_000, 560_000];
  for (const search of [byBuckets, prefixesOnRows]) {
    for (const [companyIds, expected] of [[[2], globex], [[1], acme], [[1, 2], [...globex, ...acme]]] as const) {
      const scope = { companyIds: [...companyIds] };
      const tickets = (await search.tickets(readSearchText('okap'), scope, {}, page)).rows.map((row) => row.ticket_id);
      const notes = (await search.notes(readSearchText('okap'), scope, {}, page)).rows.map((row) => row.activity_id);
      expect(tickets.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      expect(notes.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    }
  }
});
