import { readSearchText } from '@portal/domain';
import { sql } from 'kysely';
import { createFullTextSearchRepository } from '../repositories/full-text-search-repository';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0018 on a database that already holds tickets, notes, companies and contacts: the migration indexes
// them all, so a portal upgraded with years of tickets finds the old ones at once.

const database = useMigrationDatabase();

test('rows written before the search existed are found after the migration', async () => {
  const migrator = database.migrator();
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  const before = names[names.indexOf('0018_full_text_search') - 1]!;
  expect((await migrator.migrateTo(before)).error).toBeUndefined();
  const now = '2026-01-01T00:00:00.000Z';
  await sql`insert into companies (company_id, name, url, mode, date_created) values (1, 'Tapir Works', 'https://tapir.example', 1, ${now})`.execute(database.db);
  await sql`insert into contacts (contact_id, first_name, last_name, email, phone, date_created) values (1, 'Tia', 'Tapir', 'tia@tapir.example', '555-123-9876', ${now})`.execute(database.db);
  await sql`insert into tickets (ticket_id, company_id, title, description, type_id, priority_id, status_id, date_created, date_updated)
    values (7, 1, 'Old gallery bug', 'Images overlap', 1, 3, 1, ${now}, ${now})`.execute(database.db);
  await sql`insert into activity (ticket_id, note, date_created) values (7, 'Seen on the capybara theme', ${now})`.execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  const search = createFullTextSearchRepository(database.db);
  const page = { limit: 5, offset: 0 };
  const everyone = { companyIds: null };
  expect((await search.tickets(readSearchText('gallery'), everyone, {}, page)).rows.map((row) => row.ticket_id)).toEqual([7]);
  expect((await search.notes(readSearchText('capy'), everyone, {}, page)).rows.map((row) => row.ticket_id)).toEqual([7]);
  expect((await search.companies(readSearchText('tapir'), page)).rows.map((row) => row.name)).toEqual(['Tapir Works']);
  expect((await search.contacts(readSearchText('5551239876'), page)).rows.map((row) => row.email)).toEqual(['tia@tapir.example']);
});
