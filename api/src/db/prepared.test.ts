import { createTestApp, type TestApp } from '../test-support/test-app';
import { prepared } from './prepared';

// db/prepared.ts: built once, run with new values; the same rows as the query built each time (SQLite, and
// PostgreSQL when DATABASE_URL names one).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

test('answers what the query built each time answers, for every value, constants kept', async () => {
  const { db } = t.app;
  const byGroup = prepared<'group' | 'after', { contact_id: number; email: string }>(db, (value) => db
    .selectFrom('contacts')
    .select(['contact_id', 'email'])
    .where('group_id', '=', value('group'))
    .where('active', '=', 1)
    .where('contact_id', '>', value('after'))
    .orderBy('contact_id')
    .limit(3));
  const contacts = await db.selectFrom('contacts').select(['contact_id', 'group_id']).execute();
  const groups = [...new Set(contacts.map((c) => c.group_id))];
  expect(groups.length).toBeGreaterThan(1);
  for (const group of groups) {
    for (const after of [0, contacts[1]!.contact_id]) {
      const built = await db.selectFrom('contacts').select(['contact_id', 'email']).where('group_id', '=', group).where('active', '=', 1)
        .where('contact_id', '>', after).orderBy('contact_id').limit(3).execute();
      expect(await byGroup({ group, after })).toEqual(built);
    }
  }
});
