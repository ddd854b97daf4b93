import { sql } from 'kysely';
import { contactLanguage } from '../services/contact-language';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0045: a contact's language (docs/product/languages.md#a-persons-language). Contacts made before it chose none
// and read the portal's default; a language stored after it is theirs; undone, the column goes and the rows stay.

const database = useMigrationDatabase({ postgresWhenSet: true });
const now = '2026-01-01T00:00:00.000Z';

test("contacts made before it read the portal's default; a stored language is theirs; undone, the rows stay", async () => {
  const migrator = database.migrator();
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  const before = names[names.indexOf('0045_contact_language') - 1]!;
  expect((await migrator.migrateTo(before)).error).toBeUndefined();
  await sql`insert into contacts (contact_id, first_name, last_name, email, group_id, date_created) values (7, 'Greta', 'Grün', 'greta@example.test', 5, ${now})`
    .execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  expect((await sql<{ language: string | null }>`select language from contacts where contact_id = 7`.execute(database.db)).rows).toEqual([{ language: null }]);
  expect(await contactLanguage(database.db, 7)).toBe('en');
  await sql`insert into options (option_name, option_value, date_updated) values ('locale', '{"language":"de","currency":"EUR"}', ${now})`.execute(database.db);
  expect(await contactLanguage(database.db, 7)).toBe('de');
  await sql`update contacts set language = 'en' where contact_id = 7`.execute(database.db);
  expect(await contactLanguage(database.db, 7)).toBe('en');

  expect((await migrator.migrateTo(before)).error).toBeUndefined();
  expect((await sql<{ email: string }>`select email from contacts where contact_id = 7`.execute(database.db)).rows).toEqual([{ email: 'greta@example.test' }]);
});
