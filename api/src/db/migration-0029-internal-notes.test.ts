import { readSearchText } from '@portal/domain';
import { sql } from 'kysely';
import { isPostgres } from '../repositories/dialect';
import { createFullTextSearchRepository, type SearchScope } from '../repositories/full-text-search-repository';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0029: notes and files are public or internal (docs/product/tickets.md#internal-notes). Notes written before it stay
// public and found; an internal note is indexed under a staff-only scope, so a client's search never reaches it,
// wherever its ticket moves, while staff find it with or without a company filter.

const database = useMigrationDatabase({ postgresWhenSet: true });
const now = '2026-01-01T00:00:00.000Z';
const page = { limit: 50, offset: 0 };

const notesFound = async (typed: string, scope: SearchScope) =>
  (await createFullTextSearchRepository(database.db).notes(readSearchText(typed), scope, {}, page)).rows.map((row) => row.activity_id).sort();

test('old notes stay public; an internal note is found by staff only, in every scope and after its ticket moves', async () => {
  const migrator = database.migrator();
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  expect((await migrator.migrateTo(names[names.indexOf('0029_internal_notes') - 1]!)).error).toBeUndefined();
  for (const [id, name] of [[1, 'Acme'], [2, 'Globex']] as const) {
    await sql`insert into companies (company_id, name, url, mode, date_created) values (${id}, ${name}, null, 1, ${now})`.execute(database.db);
  }
  await sql`insert into tickets (ticket_id, company_id, title, description, type_id, priority_id, status_id, date_created, date_updated)
    values (5, 1, 'Hosting', 'described', 1, 3, 1, ${now}, ${now})`.execute(database.db);
  await sql`insert into activity (activity_id, ticket_id, note, date_created) values (10, 5, 'okapi public', ${now})`.execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  expect((await sql<{ internal: number }>`select internal from activity where activity_id = 10`.execute(database.db)).rows).toEqual([{ internal: 0 }]);
  await sql`insert into activity (activity_id, ticket_id, note, date_created, internal) values (11, 5, 'okapi secret', ${now}, 1)`.execute(database.db);

  const acmeClient = { companyIds: [1] };
  expect(await notesFound('okapi', acmeClient)).toEqual([10]);
  expect(await notesFound('secret', acmeClient)).toEqual([]);
  expect(await notesFound('okapi', { companyIds: null, internal: true })).toEqual([10, 11]);
  expect(await notesFound('okapi', { companyIds: [1], internal: true })).toEqual([10, 11]);
  // Without `internal`, even a scope of every company leaves it out.
  expect(await notesFound('okapi', { companyIds: null })).toEqual([10]);

  await sql`update tickets set company_id = 2 where ticket_id = 5`.execute(database.db);
  expect(await notesFound('okapi', { companyIds: [2] })).toEqual([10]);
  expect(await notesFound('okapi', { companyIds: [2], internal: true })).toEqual([10, 11]);
  expect(await notesFound('okapi', { companyIds: [1], internal: true })).toEqual([]);

  // A note made internal (or public) is rescoped with it.
  await sql`update activity set internal = 1 where activity_id = 10`.execute(database.db);
  expect(await notesFound('okapi', { companyIds: [2] })).toEqual([]);
  await sql`update activity set internal = 0 where activity_id = 11`.execute(database.db);
  expect(await notesFound('okapi', { companyIds: [2] })).toEqual([11]);

  // Undone, every note is in its company's public scope again.
  await sql`update activity set internal = 1 where activity_id = 11`.execute(database.db);
  expect((await migrator.migrateTo(names[names.indexOf('0029_internal_notes') - 1]!)).error).toBeUndefined();
  const inPublicScope = isPostgres(database.db)
    ? sql<{ id: number }>`select activity_id as id from activity_search where search_vector @@ '$c2'::tsquery and search_vector @@ '$c2b0'::tsquery`
    : sql<{ id: number }>`select rowid as id from activity_fts where activity_fts match 'scope : "c2"'`;
  expect((await inPublicScope.execute(database.db)).rows.map((row) => Number(row.id)).sort()).toEqual([10, 11]);
});
