// Timings of the admin invoices screen's reads over one busy month: a temp SQLite database with the
// demo plus ~50 companies, ~20 agents and 100,000 time entries this month, read through app.inject
// (no network), warm, the median of several runs each. Prints a table; nothing is asserted.
//   npx tsx bench/bench-billing.ts   (BENCH_ENTRIES=100000, BENCH_RUNS=7)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { chunked, medianGet, seededRandom } from './lib/bench-kit';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const COMPANIES = 50;
const AGENTS = 20;
const TICKETS_PER_COMPANY = 40;

type App = Awaited<ReturnType<typeof createPortalApi>>;

/** Companies, agents with pay rates, tickets (a fifth meetings, a quarter estimated) and the month's entries. */
async function populate(app: App): Promise<number> {
  const { db } = app;
  const next = seededRandom(11);
  const now = new Date();
  const nowIso = now.toISOString();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const span = Math.max(now.getTime() - monthStart, 60_000);
  await db.insertInto('companies').values(Array.from({ length: COMPANIES }, (_, i) => ({
    name: `Bench Company ${String(i + 1).padStart(2, '0')}`, url: `https://bench${i + 1}.example`, description: null, mode: 1, note: null, date_created: nowIso,
  }))).execute();
  const companies = await db.selectFrom('companies').select(['company_id', 'name']).where('name', 'like', 'Bench Company%').execute();
  await db.insertInto('contacts').values(Array.from({ length: AGENTS }, (_, i) => ({
    title: 'Developer', first_name: 'Bench', last_name: `Agent ${i + 1}`, email: `bench.agent${i + 1}@bench.test`, phone: null, group_id: 2,
    password_hash: null, active: 1, date_created: nowIso,
  }))).execute();
  const agents = (await db.selectFrom('contacts').select(['contact_id', 'last_name']).where('email', 'like', 'bench.agent%').execute())
    .map((a, i) => ({ id: a.contact_id, name: `Bench ${a.last_name}`, rate: 20 + (i % 4) * 10 }));
  await db.insertInto('contact_meta').values(agents.map((a) => ({ contact_id: a.id, meta_key: 'pay_rate', meta_value: String(a.rate), date_created: nowIso }))).execute();
  const ticketRows = companies.flatMap((c) => Array.from({ length: TICKETS_PER_COMPANY }, (_, i) => ({
    contact_id: null, company_id: c.company_id, assignee_id: null, title: `Bench ticket ${c.company_id}-${i + 1}`, description: 'x',
    type_id: i % 5 === 0 ? 6 : 1 + (i % 4), priority_id: 2, status_id: 3, date_created: nowIso, date_updated: nowIso, date_due: null,
    date_assigned: null, date_completed: null, on_hold: 0, estimate_required: i % 4 === 0 ? 1 : 0, estimated_time: i % 4 === 0 ? 50 : 0,
    estimate_approved: i % 4 === 0 ? 1 : -1,
  })));
  const tickets: { id: number; company: { company_id: number; name: string } }[] = [];
  await chunked(ticketRows, 1000, async (chunk) => {
    const inserted = await db.insertInto('tickets').values(chunk).returning(['ticket_id', 'company_id']).execute();
    for (const row of inserted) tickets.push({ id: row.ticket_id, company: companies.find((c) => c.company_id === row.company_id)! });
  });
  const entries = Array.from({ length: ENTRIES }, () => {
    const ticket = tickets[Math.floor(next() * tickets.length)]!;
    const agent = agents[Math.floor(next() * agents.length)]!;
    const date = new Date(monthStart + Math.floor(next() * span)).toISOString();
    return {
      contact_id: agent.id, ticket_id: ticket.id, company_id: ticket.company.company_id, company_name: ticket.company.name, contact_name: agent.name,
      pay_rate: agent.rate, date, time: 1 + Math.floor(next() * 20), description: 'Worked on it', date_created: date,
    };
  });
  await db.transaction().execute((trx) => chunked(entries, 2000, (chunk) => trx.insertInto('time_entries').values(chunk).execute()));
  return companies[0]!.company_id;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-billing-'));
  const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false });
  try {
    const started = Date.now();
    const companyId = await populate(app);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin@demo.test', password: 'portal-demo' } });
    const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')!.value}`;
    const count = await app.db.selectFrom('time_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log(`${count.n} time entries (${ENTRIES} this month over ${COMPANIES} companies and ${AGENTS} agents), seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`SQLite, app.inject, warm, median of ${RUNS} runs`);
    console.log('read                                      median ms   answer');
    // A page deep in the month: the cursor of the 90,000th entry (keyset paging costs the same there).
    const deep = await app.db.selectFrom('time_entries').select(['date', 'time_id']).orderBy('date').orderBy('time_id')
      .offset(Math.floor(ENTRIES * 0.9)).limit(1).executeTakeFirstOrThrow();
    const deepCursor = encodeURIComponent(`${deep.date}_${deep.time_id}`);
    for (const [label, url] of [
      ['GET /company/-1/prevmonthtime/0 (page 1)', '/api/company/-1/prevmonthtime/0'],
      ['  … a page after entry 90,000', `/api/company/-1/prevmonthtime/0?after=${deepCursor}`],
      ['  … page of 5,000 (the most)', '/api/company/-1/prevmonthtime/0?limit=5000'],
      ['GET /time/payroll/0', '/api/time/payroll/0'],
      ['GET /company/-1/invoiceitems/0', '/api/company/-1/invoiceitems/0'],
      ['GET /company/:id/invoiceitems/0', `/api/company/${companyId}/invoiceitems/0`],
    ] as const) {
      const { medianMs, bytes } = await medianGet(app, url, cookie, RUNS);
      console.log(`${label.padEnd(40)} ${medianMs.toFixed(1).padStart(10)}   ${(bytes / 1024).toFixed(0)} KiB`);
    }
    // Every page of the month, one after the other, as a client that wants all of it would read it.
    const walkStarted = performance.now();
    let pages = 0;
    for (let next: string | null = null; pages === 0 || next !== null; pages += 1) {
      const answer: { json(): unknown } = await app.inject({
        method: 'GET', url: `/api/company/-1/prevmonthtime/0?limit=5000${next ? `&after=${encodeURIComponent(next)}` : ''}`, headers: { cookie },
      });
      next = (answer.json() as { next: string | null }).next;
    }
    console.log(`${'  … the whole month, pages of 5,000'.padEnd(40)} ${(performance.now() - walkStarted).toFixed(1).padStart(10)}   ${pages} pages`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
