import { readSearchText } from '@portal/domain';
import { sql } from 'kysely';
import { createFullTextSearchRepository } from '../repositories/full-text-search-repository';
import { useMigrationDatabase } from '../test-support/migration-db';

// 0022: PostgreSQL's side tables learn each row's company, so a client's search walks its own rows; every
// way the repository finds the newest matches (a walk, the GIN index bucket by bucket or at once) gives one answer.

const database = useMigrationDatabase({ postgresWhenSet: true });
const now = '2026-01-01T00:00:00.000Z';
const page = { limit: 50, offset: 0 };

async function ticket(id: number, companyId: number, title: string, notes: string[]): Promise<void> {
  await sql`insert into tickets (ticket_id, company_id, title, description, type_id, priority_id, status_id, date_created, date_updated)
    values (${id}, ${companyId}, ${title}, ${'described'}, 1, 3, ${id % 3 === 0 ? 5 : 1}, ${now}, ${now})`.execute(database.db);
  for (const [index, note] of notes.entries()) {
    await sql`insert into activity (activity_id, ticket_id, note, date_created) values (${id * 2 + index}, ${id}, ${note}, ${now})`.execute(database.db);
  }
}

test('rows written before it are scoped; a ticket moved to another company takes its notes along', async () => {
  const migrator = database.migrator();
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  expect((await migrator.migrateTo(names[names.indexOf('0022_search_scope') - 1]!)).error).toBeUndefined();
  for (const [id, name] of [[1, 'Acme'], [2, 'Globex']] as const) {
    await sql`insert into companies (company_id, name, url, mode, date_created) values (${id}, ${name}, null, 1, ${now})`.execute(database.db);
  }
  await ticket(5, 1, 'Okapi gallery', ['okapi seen on the theme']);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  const search = createFullTextSearchRepository(database.db);
  const acme = { companyIds: [1] };
  const globex = { companyIds: [2] };
  const found = async (scope: { companyIds: number[] }) => [
    ...(await search.tickets(readSearchText('okapi'), scope, {}, page)).rows.map((row) => `ticket ${row.ticket_id}`),
    ...(await search.notes(readSearchText('okapi'), scope, {}, page)).rows.map((row) => `note on ${row.ticket_id}`),
  ];
  expect(await found(acme)).toEqual(['ticket 5', 'note on 5']);
  expect(await found(globex)).toEqual([]);
  // The scope's own entries are never found by what someone types.
  for (const typed of ['c1', 'c', 'b0']) {
    expect((await search.tickets(readSearchText(typed), { companyIds: null }, {}, page)).rows).toEqual([]);
    expect((await search.notes(readSearchText(typed), { companyIds: null }, {}, page)).rows).toEqual([]);
  }

  await sql`update tickets set company_id = 2 where ticket_id = 5`.execute(database.db);
  await sql`insert into activity (ticket_id, note, date_created) values (5, 'another okapi', ${now})`.execute(database.db);
  expect(await found(acme)).toEqual([]);
  expect(await found(globex)).toEqual(['ticket 5', 'note on 5', 'note on 5']);
  // A word first written after the migration is found by its start too.
  expect((await search.notes(readSearchText('anoth'), globex, {}, page)).rows.map((row) => row.ticket_id)).toEqual([5]);
});

test('a short walk, a longer walk and the index find the same newest matches, in every scope', async () => {
  expect((await database.migrator().migrateToLatest()).error).toBeUndefined();
  for (const id of [1, 2, 3]) await sql`insert into companies (company_id, name, url, mode, date_created) values (${id}, ${`Company ${id}`}, null, 1, ${now})`.execute(database.db);
  // "common" in all but every eleventh ticket, "medium" in every fifth, "rare" once; notes alike. Keys 3,000 apart: over several buckets.
  for (let n = 1; n <= 60; n += 1) {
    const words = [n % 11 === 0 ? 'plain' : 'common', ...(n % 5 === 0 ? ['medium'] : []), ...(n % 7 === 0 ? ['commonplace'] : []), ...(n === 17 ? ['rare'] : [])].join(' ');
    await ticket(n * 3000, 1 + (n % 3), `Ticket ${words}`, [`note ${words}`, `other ${n % 2 === 0 ? 'common' : 'plain'}`]);
  }
  const ways = {
    walk: createFullTextSearchRepository(database.db),
    // Staff: a short walk, then the index bucket by bucket; a client: every bucket, down to the oldest.
    'short walk, then the index bucket by bucket': createFullTextSearchRepository(database.db, { firstRows: 4, indexAtOnce: 0, wordsPerPrefix: 64, firstBuckets: 2, bucketsAtMost: 1e9 }),
    'the same, a prefix of two words tested on the rows': createFullTextSearchRepository(database.db, { firstRows: 4, indexAtOnce: 0, wordsPerPrefix: 1, firstBuckets: 2, bucketsAtMost: 1e9 }),
    // Staff: a short walk, then the index at once; a client: two buckets, then the index at once.
    'short walk, then the index at once, by prefixes': createFullTextSearchRepository(database.db, { firstRows: 2, indexAtOnce: 1e9, wordsPerPrefix: 0, firstBuckets: 2, bucketsAtMost: 0 }),
    'the index at once after two buckets': createFullTextSearchRepository(database.db, { firstRows: 2, indexAtOnce: 1e9, wordsPerPrefix: 64, firstBuckets: 2, bucketsAtMost: 0 }),
    // A client's buckets asked alone, the prefixes tested on their rows (migration 0023); staff's at once.
    'short walk, then bucket by bucket, by prefixes': createFullTextSearchRepository(database.db, { firstRows: 4, indexAtOnce: 0, wordsPerPrefix: 0, firstBuckets: 2, bucketsAtMost: 1e9 }),
  };
  const scopes = [{ companyIds: null }, { companyIds: [2] }, { companyIds: [1, 3] }, { companyIds: [] }];
  for (const query of ['common', 'commonp', 'comm', 'medium', 'rare', 'comm med', 'nothing']) {
    for (const scope of scopes) {
      const answers = await Promise.all(Object.values(ways).map(async (search) => ({
        tickets: (await search.tickets(readSearchText(query), scope, {}, page)).rows.map((row) => row.ticket_id),
        notes: (await search.notes(readSearchText(query), scope, {}, page)).rows.map((row) => row.activity_id),
      })));
      for (const answer of answers.slice(1)) expect({ query, scope, ...answer }).toEqual({ query, scope, ...answers[0] });
    }
  }
  const medium = await ways.walk.tickets(readSearchText('medium'), { companyIds: [2] }, {}, page);
  expect(medium.rows.map((row) => row.ticket_id).sort((a, b) => a - b)).toEqual([10, 25, 40, 55].map((n) => n * 3000));
});
