import { sql } from 'kysely';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0012 on a database that already holds companies: each site gets its key, a site two companies share keeps
// it on the older one only, and from then on the database refuses a second company with that site.

const database = useMigrationDatabase();

test('existing companies get their url_key; a shared site stays with the older company', async () => {
  const migrator = database.migrator();
  expect((await migrator.migrateTo('0011_mail_in')).error).toBeUndefined();
  for (const [name, url] of [['Old Acme', 'https://www.Acme.example/'], ['No Site', null], ['New Acme', 'acme.example'], ['Globex', 'globex.example']]) {
    await sql`insert into companies (name, url, mode, date_created) values (${name}, ${url}, 1, '2026-01-01T00:00:00.000Z')`.execute(database.db);
  }
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await database.db.selectFrom('companies').select(['name', 'url_key']).orderBy('company_id').execute();
  expect(rows).toEqual([
    { name: 'Old Acme', url_key: 'acme.example' },
    { name: 'No Site', url_key: null },
    { name: 'New Acme', url_key: null },
    { name: 'Globex', url_key: 'globex.example' },
  ]);
  await expect(sql`insert into companies (name, url, url_key, mode, date_created) values ('Third', 'globex.example', 'globex.example', 1, '2026-01-02')`.execute(database.db))
    .rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
});
