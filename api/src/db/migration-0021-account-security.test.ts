import { sql } from 'kysely';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0021 on a database with sessions: they stay signed in (no browser or address known), the new tables
// start empty, and it goes down again cleanly (docs/product/accounts-and-roles.md#account-security).

const database = useMigrationDatabase();

test('existing sessions keep working with no browser or address; it goes down without an error', async () => {
  const migrator = database.migrator();
  expect((await migrator.migrateTo('0020_attachment_chunks')).error).toBeUndefined();
  await sql`insert into contacts (contact_id, first_name, last_name, email, group_id, date_created) values (7, 'A', 'Gent', 'a@demo.test', 3, '2026-01-01')`
    .execute(database.db);
  await sql`insert into sessions (token_hash, contact_id, date_created, expires, last_seen) values ('h', 7, '2026-01-01', '2099-01-01', '2026-01-01')`
    .execute(database.db);
  expect((await migrator.migrateTo('0021_account_security')).error).toBeUndefined();
  expect(await database.db.selectFrom('sessions').select(['contact_id', 'user_agent', 'address']).execute()).toEqual([
    { contact_id: 7, user_agent: null, address: null },
  ]);
  await database.db.insertInto('recovery_codes').values({ contact_id: 7, code_hash: 'x', date_created: '2026-01-01' }).execute();
  expect(await database.db.selectFrom('recovery_codes').select(['contact_id', 'code_hash']).execute()).toEqual([{ contact_id: 7, code_hash: 'x' }]);
  expect((await migrator.migrateTo('0020_attachment_chunks')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
