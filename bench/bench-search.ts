// Search at scale (docs/product/search.md): how long GET /api/search takes for what a person types, as a
// client and as staff, with many tickets and notes. PostgreSQL: a throwaway cluster (or
// BENCH_DATABASE_URL, an empty database) grown to BENCH_PG_TICKETS tickets (default 1M) with
// BENCH_NOTES_PER_TICKET notes each (default 5: 5M notes); SQLite: a temp folder grown to
// BENCH_SQLITE_TICKETS tickets (default 100k) with the same notes per ticket. Text is drawn from a
// vocabulary with a long tail (a few words are everywhere, most are rare), the companies skewed (the
// busiest has about 8% of the tickets): the client measured is its primary contact, the staff member
// the demo agent. Every search of the typed sequences (each prefix a person passes through while
// typing: "c", "ch", "che", … "checkout button") is asked BENCH_ROUNDS times warm through the started
// API on 127.0.0.1, one request at a time; p50/p95/p99 per query and over all.
//   npm run bench:search   (BENCH_DIALECTS=sqlite,postgres BENCH_PG_TICKETS=1000000 BENCH_SQLITE_TICKETS=100000
//                           BENCH_NOTES_PER_TICKET=5 BENCH_ROUNDS=20 BENCH_PG_PORT=55560 BENCH_DATABASE_URL=…)
// With BENCH_DATABASE_URL a database grown by an earlier run is measured again without growing; BENCH_ROUNDS=0 only grows.
// BENCH_VIEWERS=client (or staff) measures one viewer; BENCH_QUERIES="checkout b,drak" only those queries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPortalApi } from '@portal/api';
import { words as wordsOf } from '../api/src/db/migration-0018-full-text-search';
import { FILL_SEARCH_WORDS } from '../api/src/db/migration-0022-search-scope';
import { noteVector, ticketVector } from '../api/src/db/migration-0023-search-company-buckets';
import { percentiles, seededRandom, signInOverHttp as signIn } from './lib/bench-kit';
import { benchPostgres } from './lib/bench-postgres';

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const pgTickets = Number(process.env.BENCH_PG_TICKETS ?? 1_000_000);
const sqliteTickets = Number(process.env.BENCH_SQLITE_TICKETS ?? 100_000);
const notesPerTicket = Number(process.env.BENCH_NOTES_PER_TICKET ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const COMPANIES = 2000;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

// The vocabulary: everyday words of a web agency first (the frequent ones), then a long tail of made-up
// words (each rare). A word's rank is drawn as floor(N * r^3): the first few are in most texts.
const COMMON = [
  'page', 'update', 'please', 'site', 'image', 'button', 'checkout', 'login', 'mobile', 'footer', 'header', 'menu', 'form', 'email',
  'safari', 'chrome', 'firefox', 'broken', 'slow', 'error', 'price', 'product', 'banner', 'link', 'text', 'font', 'color', 'layout',
  'cart', 'payment', 'invoice', 'account', 'password', 'search', 'filter', 'gallery', 'video', 'blog', 'post', 'newsletter', 'contact',
  'shipping', 'stock', 'coupon', 'logo', 'favicon', 'cache', 'plugin', 'theme', 'server', 'domain', 'certificate', 'redirect', 'seo',
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ner', 'ta', 'vo', 'ru', 'pel', 'sin', 'dra', 'qu', 'zo', 'fen', 'wi', 'bar', 'tus'];
const TAIL = Array.from({ length: 4000 }, (_, index) =>
  [0, 1, 2].map((shift) => SYLLABLES[Math.floor(index / 16 ** shift) % 16]).join('') + String(index % 7 === 0 ? index : ''));
const VOCABULARY = [...COMMON, ...TAIL];

/** What people type, each as the prefixes they pass through. */
const TYPED = ['checkout button', 'safari', 'newsletter signup', 'ka', TAIL[777]!, 'page', 'certificate redirect'];
const typedQueries = () => {
  const queries = new Set<string>();
  for (const text of TYPED) for (let end = 2; end <= text.length; end += 1) if (!text.slice(0, end).endsWith(' ')) queries.add(text.slice(0, end));
  return [...queries];
};

// ---------------------------------------------------------------- PostgreSQL: set-based

async function growPostgres(url: string, tickets: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date().toISOString();
    const companies = await client.query<{ company_id: number }>(
      `insert into companies (name, url, mode, date_created) select 'Search Company ' || g, 'https://search' || g || '.example', 1, $2
       from generate_series(1, $1::int) g returning company_id`, [COMPANIES, now]);
    const companyIds = companies.rows.map((row) => row.company_id);
    // The search triggers and GIN indexes off during the load: the side tables are filled and indexed once after it.
    for (const table of ['tickets', 'activity']) {
      await client.query(`alter table ${table} disable trigger ${table}_search_insert`);
      await client.query(`drop index ${table}_search_vector`);
    }
    await client.query("set maintenance_work_mem = '1GB'");
    // The text is drawn in this process, as for SQLite (the same vocabulary and skew), and sent as arrays
    // a statement unnests: a set-based load without a text function evaluated per row in the database.
    const random = seededRandom(11);
    const word = () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(VOCABULARY.length * random() ** 3))]!;
    const words = (n: number) => Array.from({ length: n }, word).join(' ');
    const BATCH = 20_000;
    for (let lo = 0; lo < tickets; lo += BATCH) {
      const count = Math.min(BATCH, tickets - lo);
      const titles: string[] = [];
      const descriptions: string[] = [];
      const statuses: number[] = [];
      const kinds: number[] = [];
      const owners: number[] = [];
      for (let offset = 0; offset < count; offset += 1) {
        const g = lo + offset;
        const title = words(4);
        titles.push(title.charAt(0).toUpperCase() + title.slice(1));
        descriptions.push(words(24));
        kinds.push(1 + (g % 4));
        statuses.push(random() < 0.1 ? 1 + (g % 4) : 5);
        owners.push(companyIds[Math.min(COMPANIES - 1, Math.floor(COMPANIES * random() ** 3))]!);
      }
      const inserted = await client.query<{ ticket_id: number }>(
        `insert into tickets (contact_id, company_id, assignee_id, title, description, type_id, priority_id, status_id, date_created, date_updated,
           date_due, date_assigned, date_completed, on_hold, estimate_required, estimated_time, estimate_approved)
         select null, c, null, t, d, k, k, s, $6, $6, null, null, null, 0, 0, 0, -1
         from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[]) as x(c, t, d, k, s)
         returning ticket_id`,
        [owners, titles, descriptions, kinds, statuses, now]);
      const noteTickets: number[] = [];
      const notes: string[] = [];
      for (const { ticket_id } of inserted.rows) {
        for (let n = 0; n < notesPerTicket; n += 1) {
          noteTickets.push(ticket_id);
          notes.push(words(14));
        }
      }
      await client.query(
        `insert into activity (ticket_id, contact_id, contact_name, note, date_created)
         select t, null, 'Search Agent', n, $3 from unnest($1::int[], $2::text[]) as x(t, n)`,
        [noteTickets, notes, now]);
      if ((lo + count) % 100_000 === 0 || lo + count === tickets) log(`  postgres: ${lo + count} tickets, ${(lo + count) * notesPerTicket} notes`);
    }
    // The vectors exactly as the migrations' triggers write them.
    await client.query(`insert into tickets_search (ticket_id, company_id, title_vector, search_vector)
      select t.ticket_id, t.company_id, ${wordsOf('t.title')}, ${ticketVector('t')} from tickets t on conflict do nothing`);
    await client.query(`insert into activity_search (activity_id, ticket_id, company_id, search_vector)
      select a.activity_id, a.ticket_id, t.company_id, ${noteVector('a', 't.company_id')} from activity a join tickets t on t.ticket_id = a.ticket_id
      on conflict do nothing`);
    await client.query(FILL_SEARCH_WORDS);
    log('  postgres: side tables filled');
    for (const table of ['tickets', 'activity']) {
      await client.query(`create index ${table}_search_vector on ${table}_search using gin (search_vector)`);
      await client.query(`alter table ${table} enable trigger ${table}_search_insert`);
    }
    await client.query('vacuum analyze');
    const size = await client.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size');
    log(`  postgres: indexed, vacuumed; ${size.rows[0]!.size}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- SQLite: through the app's own connection

type App = Awaited<ReturnType<typeof createPortalApi>>;

async function growSqlite(app: App, tickets: number): Promise<void> {
  const random = seededRandom(7);
  const word = () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(VOCABULARY.length * random() ** 3))]!;
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const now = new Date().toISOString();
  const companyIds: number[] = [];
  for (let index = 0; index < COMPANIES; index += 1) {
    companyIds.push(await app.repos.companies.create(app.db, { name: `Search Company ${index}`, url: `https://search${index}.example`, mode: 1 }));
  }
  const batch = 400;
  for (let lo = 0; lo < tickets; lo += batch) {
    await app.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, tickets - lo) }, (_, offset) => {
        const g = lo + offset;
        return {
          contact_id: null, assignee_id: null, title: words(4), description: words(24), type_id: 1 + (g % 4), priority_id: 1 + (g % 4),
          status_id: random() < 0.1 ? 1 + (g % 4) : 5, date_created: now, date_updated: now, date_due: null, date_assigned: null,
          date_completed: null, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
          company_id: companyIds[Math.min(COMPANIES - 1, Math.floor(COMPANIES * random() ** 3))]!,
        };
      });
      const ids = await trx.insertInto('tickets').values(rows).returning('ticket_id').execute();
      const notes = ids.flatMap(({ ticket_id }) => Array.from({ length: notesPerTicket }, () => ({
        ticket_id, contact_id: null, contact_name: 'Search Agent', note: words(14), date_created: now,
      })));
      for (let at = 0; at < notes.length; at += 1000) await trx.insertInto('activity').values(notes.slice(at, at + 1000)).execute();
    });
    if ((lo + batch) % 20_000 === 0) log(`  sqlite: ${lo + batch} tickets`);
  }
}

// ---------------------------------------------------------------- measuring


/** The busiest company's client: the demo client is linked to it as its primary contact. */
async function busiestCompanyClient(app: App): Promise<void> {
  const busiest = await app.db.selectFrom('tickets').select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('company_id').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
  const client = await app.db.selectFrom('contacts').select('contact_id').where('email', '=', 'client@demo.test').executeTakeFirstOrThrow();
  await app.db.insertInto('company_contacts').values({ company_id: busiest.company_id, contact_id: client.contact_id, title: null, primary: 1 }).execute();
  log(`  the client measured sees company ${busiest.company_id} (${busiest.n} tickets) and its own`);
}

async function measure(dialect: string, app: App): Promise<void> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const viewers = { client: await signIn(address, 'client@demo.test'), staff: await signIn(address, 'agent@demo.test') };
  const queries = process.env.BENCH_QUERIES ? process.env.BENCH_QUERIES.split(',') : typedQueries();
  const measured = (process.env.BENCH_VIEWERS ?? 'client,staff').split(',');
  for (const [who, cookie] of Object.entries(viewers).filter(([who]) => measured.includes(who))) {
    const all: number[] = [];
    const rows: string[] = [];
    for (const q of queries) {
      const times: number[] = [];
      let total = 0;
      for (let round = 0; round < rounds + 2; round += 1) {
        const t0 = process.hrtime.bigint();
        const res = await fetch(`${address}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
        const body = (await res.json()) as { tickets?: { total: number }; notes?: { total: number } };
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
        total = (body.tickets?.total ?? 0) + (body.notes?.total ?? 0);
        if (round >= 2) times.push(ms);
      }
      all.push(...times);
      const figures = percentiles(times);
      rows.push(`    ${JSON.stringify(q).padEnd(26)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p95.toFixed(1).padStart(8)} ${String(total).padStart(10)}`);
    }
    const overall = percentiles(all);
    console.log(`\n${dialect}, as ${who}: ${queries.length} typed queries x ${rounds}`);
    console.log(`    ${'query'.padEnd(26)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'found'.padStart(10)}`);
    for (const row of rows) console.log(row);
    console.log(`    all: p50 ${overall.p50.toFixed(1)} ms, p95 ${overall.p95.toFixed(1)} ms, p99 ${overall.p99.toFixed(1)} ms`);
  }
}

async function main(): Promise<void> {
  const options = { seedDemo: true, logger: false, mailTransport: null, runJobs: false, loginRateLimit: { max: 1000, timeWindowMs: 60_000 } } as const;
  if (dialects.includes('sqlite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-search-'));
    const app = await createPortalApi({ ...options, dataDir });
    try {
      log(`sqlite: growing to ${sqliteTickets} tickets, ${notesPerTicket} notes each`);
      await growSqlite(app, sqliteTickets);
      await busiestCompanyClient(app);
      await measure(`SQLite, ${sqliteTickets} tickets, ${sqliteTickets * notesPerTicket} notes`, app);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (dialects.includes('postgres')) {
    const cluster = await benchPostgres({ name: 'bench-search', portFrom: Number(process.env.BENCH_PG_PORT ?? 55560), log });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cluster.stop().finally(() => process.exit(130)));
    try {
      const app = await createPortalApi({ ...options, databaseUrl: cluster.url });
      try {
        // A database grown by an earlier run (BENCH_DATABASE_URL) is measured as it is: growing 1M tickets takes a while.
        const grown = await app.db.selectFrom('companies').select('company_id').where('name', '=', 'Search Company 1').executeTakeFirst();
        if (grown) log('postgres: already grown, measuring it as it is');
        else {
          log(`postgres: growing to ${pgTickets} tickets, ${notesPerTicket} notes each`);
          await growPostgres(cluster.url, pgTickets);
          await busiestCompanyClient(app);
        }
        if (rounds > 0) await measure(`PostgreSQL, ${pgTickets} tickets, ${pgTickets * notesPerTicket} notes`, app);
      } finally {
        await app.close();
      }
    } finally {
      await cluster.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
