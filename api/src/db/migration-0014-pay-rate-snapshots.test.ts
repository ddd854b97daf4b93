import { sql } from 'kysely';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0014 on a database whose time entries were logged without a rate: each now records the rate it was paid at
// (the agent's rate then), so a later rate change cannot move those months; an agent without a rate stays without.

const database = useMigrationDatabase();

test('entries without a rate get the rate they are paid at; recorded rates and agents without one stay', async () => {
  const migrator = database.migrator();
  expect((await migrator.migrateTo('0013_time_corrections')).error).toBeUndefined();
  const entry = (contactId: number, payRate: number | null) => sql`
    insert into time_entries (contact_id, ticket_id, company_id, pay_rate, date, time, description, date_created)
    values (${contactId}, 1, 1, ${payRate}, '2026-01-05T10:00:00.000Z', 5, 'x', '2026-01-05T10:00:00.000Z')`.execute(database.db);
  for (const id of [7, 8, 9]) {
    await sql`insert into contacts (contact_id, first_name, last_name, email, group_id, date_created)
      values (${id}, 'A', 'Gent', ${`agent${id}@demo.test`}, 3, '2026-01-01')`.execute(database.db);
  }
  await sql`insert into contact_meta (contact_id, meta_key, meta_value, date_created) values (7, 'pay_rate', '42.5', '2026-01-01'), (8, 'pay_rate', 'n/a', '2026-01-01')`
    .execute(database.db);
  await entry(7, null);
  await entry(7, 30);
  await entry(8, null);
  await entry(9, null);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await database.db.selectFrom('time_entries').select(['contact_id', 'pay_rate']).orderBy('time_id').execute();
  expect(rows).toEqual([
    { contact_id: 7, pay_rate: 42.5 },
    { contact_id: 7, pay_rate: 30 },
    { contact_id: 8, pay_rate: null },
    { contact_id: 9, pay_rate: null },
  ]);
});
