// Load figures for the reads the dashboards poll: the client dashboard every second
// (company tickets, current and YTD time, notifications) and the agent page every 5 s (the agent's
// tickets, current and YTD pay). Seeds a temp SQLite database with the demo plus generated
// companies, agents, tickets and time entries up to 10k and then 100k tickets, starts the API on a
// random loopback port, signs in as the demo client and the demo agent, and runs each read alone.
//   npx tsx bench/bench-dashboards.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=50, BENCH_SIZES=10000,100000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPortalApi } from '@portal/api';
import { chunked, seededRandom, signInOverHttp as signIn } from './lib/bench-kit';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const COMPANIES = 200;
const AGENTS = 20;
const DAY = 24 * 60 * 60 * 1000;
// The whole run stops here even if a step hangs: 14 reads per size x BENCH_SECONDS, plus seeding.
const deadlineMs = (sizes.length * 7 * (seconds + 5) + 300) * 1000;

type Db = Awaited<ReturnType<typeof createPortalApi>>['db'];

/**
 * Work of the last month is still moving; older work is nearly all finished (a few stale tickets
 * stay open), as in a portal that has run for two years.
 */
function statusOf(r: number, ageDays: number): number {
  const openShare = ageDays <= 30 ? 0.6 : 0.02;
  if (r < openShare) return [1, 2, 3, 4, 7, 8][Math.floor((r / openShare) * 6)] ?? 2;
  return r < openShare + (1 - openShare) * 0.93 ? 5 : 6;
}

interface Population {
  companies: { id: number; name: string }[];
  agents: { id: number; name: string; rate: number }[];
  requesters: Map<number, number | null>;
}

/** Generated companies and agents next to the demo's, so the demo client's and agent's shares are typical. */
async function population(db: Db): Promise<Population> {
  const now = new Date().toISOString();
  const demoCompanies = await db.selectFrom('companies').select(['company_id as id', 'name']).execute();
  const extra = Array.from({ length: COMPANIES - demoCompanies.length }, (_, i) => ({
    name: `Bench Company ${i + 1}`, url: `https://bench${i + 1}.example`, description: null, mode: i % 10 === 0 ? 2 : 1, note: null, date_created: now,
  }));
  await chunked(extra, 500, (chunk) => db.insertInto('companies').values(chunk).execute());
  const companies = await db.selectFrom('companies').select(['company_id as id', 'name']).orderBy('company_id').execute();
  await chunked(
    companies.filter((c) => c.name.startsWith('Bench')).map((c, i) => ({
      company_id: c.id, meta_key: 'services', meta_value: i % 3 === 0 ? '2' : '1,3', date_created: now,
    })),
    500,
    (chunk) => db.insertInto('company_meta').values(chunk).execute(),
  );
  const demoAgents = await db.selectFrom('contacts').select(['contact_id as id', 'first_name', 'last_name']).where('group_id', 'in', [2, 3, 4]).execute();
  const newAgents = Array.from({ length: AGENTS - demoAgents.length }, (_, i) => ({
    title: 'Developer', first_name: 'Bench', last_name: `Agent ${i + 1}`, email: `bench.agent${i + 1}@bench.test`, phone: null, group_id: 2,
    password_hash: null, active: 1, date_created: now,
  }));
  if (newAgents.length > 0) await db.insertInto('contacts').values(newAgents).execute();
  const agents = (await db.selectFrom('contacts').select(['contact_id as id', 'first_name', 'last_name']).where('group_id', 'in', [2, 3, 4]).execute())
    .map((a, i) => ({ id: a.id, name: `${a.first_name} ${a.last_name}`, rate: 20 + (i % 4) * 10 }));
  const links = await db.selectFrom('company_contacts').select(['company_id', 'contact_id']).where('primary', '=', 1).execute();
  return { companies, agents, requesters: new Map(links.map((l) => [l.company_id, l.contact_id])) };
}

/** Adds tickets (and about two time entries per finished ticket) until the database holds `target`. */
async function growTo(db: Db, target: number, people: Population, seed: number): Promise<void> {
  const { count } = await db.selectFrom('tickets').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const missing = target - Number(count);
  if (missing <= 0) return;
  const next = seededRandom(seed);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const ticketRows = Array.from({ length: missing }, (_, i) => {
      const company = people.companies[Math.floor(next() * people.companies.length)]!;
      const ageDays = next() * 730;
      const status = statusOf(next(), ageDays);
      const agent = status === 1 ? null : people.agents[Math.floor(next() * people.agents.length)]!;
      const created = now - Math.floor(ageDays * DAY);
      const assigned = agent ? created + Math.floor(next() * 3 * DAY) : null;
      const completed = status === 5 ? (assigned ?? created) + Math.floor(next() * 20 * DAY) : null;
      return {
        contact_id: people.requesters.get(company.id) ?? null, company_id: company.id, assignee_id: agent?.id ?? null,
        title: `Bench ticket ${Number(count) + i + 1}`, description: 'Please update the page.\n\n- keep the look\n- tell us when it is live',
        type_id: [1, 2, 3, 4, 6][Math.floor(next() * 5)]!, priority_id: 1 + Math.floor(next() * 4), status_id: status,
        date_created: new Date(created).toISOString(), date_updated: new Date(completed ?? assigned ?? created).toISOString(),
        date_due: new Date(created + (1 + Math.floor(next() * 30)) * DAY).toISOString(),
        date_assigned: assigned === null ? null : new Date(assigned).toISOString(),
        date_completed: completed === null ? null : new Date(Math.min(completed, now)).toISOString(),
        on_hold: next() < 0.03 ? 1 : 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
      };
    });
    // 17 columns a row: 1,000 rows stay under SQLite's 32,766 bound parameters.
    const ids: number[] = [];
    await chunked(ticketRows, 1000, async (chunk) => {
      const inserted = await trx.insertInto('tickets').values(chunk).returning('ticket_id').execute();
      ids.push(...inserted.map((row) => row.ticket_id));
    });
    const companyName = new Map(people.companies.map((c) => [c.id, c.name]));
    const agentById = new Map(people.agents.map((a) => [a.id, a]));
    const entries = ticketRows.flatMap((ticket, i) => {
      if (ticket.assignee_id === null || ticket.status_id === 6) return [];
      const agent = agentById.get(ticket.assignee_id)!;
      const start = Date.parse(ticket.date_assigned ?? ticket.date_created);
      return Array.from({ length: ticket.status_id === 5 ? 2 : 1 }, () => ({
        contact_id: agent.id, ticket_id: ids[i]!, company_id: ticket.company_id, company_name: companyName.get(ticket.company_id) ?? null,
        contact_name: agent.name, pay_rate: agent.rate, date: new Date(Math.min(start + Math.floor(next() * 10 * DAY), now)).toISOString(),
        time: 1 + Math.floor(next() * 20), description: 'Worked on it', date_created: new Date(now).toISOString(),
      }));
    });
    await chunked(entries, 2000, (chunk) => trx.insertInto('time_entries').values(chunk).execute());
  });
}


async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-dash-'));
  const app = await createPortalApi({
    dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false,
    loginRateLimit: { max: 100, timeWindowMs: 60_000 },
  });
  const watchdog = setTimeout(() => {
    console.error(`bench stopped: over ${deadlineMs / 1000} s`);
    process.exit(2);
  }, deadlineMs);
  watchdog.unref();
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { db } = app;
    const one = async (email: string) => (await db.selectFrom('contacts').select('contact_id').where('email', '=', email).executeTakeFirstOrThrow()).contact_id;
    const clientId = await one('client@demo.test');
    const agentId = await one('agent@demo.test');
    const acme = (await db.selectFrom('companies').select('company_id').where('name', '=', 'Acme, LLC').executeTakeFirstOrThrow()).company_id;
    const people = await population(db);
    const client = await signIn(address, 'client@demo.test');
    const agent = await signIn(address, 'agent@demo.test');
    const reads = [
      { page: 'client', label: 'GET /company/:id/tickets', url: `/api/company/${acme}/tickets`, cookie: client },
      { page: 'client', label: 'GET /company/:id/currenttime', url: `/api/company/${acme}/currenttime`, cookie: client },
      { page: 'client', label: 'GET /company/:id/ytdtime', url: `/api/company/${acme}/ytdtime`, cookie: client },
      { page: 'client', label: 'GET /contact/:id/notifications', url: `/api/contact/${clientId}/notifications`, cookie: client },
      { page: 'agent', label: 'GET /contact/:id/tickets', url: `/api/contact/${agentId}/tickets`, cookie: agent },
      { page: 'agent', label: 'GET /contact/:id/currenttime', url: `/api/contact/${agentId}/currenttime`, cookie: agent },
      { page: 'agent', label: 'GET /contact/:id/ytdtime', url: `/api/contact/${agentId}/ytdtime`, cookie: agent },
    ];

    for (const [index, size] of sizes.entries()) {
      const started = Date.now();
      await growTo(db, size, people, 7 + index);
      const count = async (table: 'tickets' | 'time_entries') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const acmeTickets = (await fetch(`${address}${reads[0]!.url}`, { headers: { cookie: client } }).then((r) => r.json())) as unknown[];
      const agentTickets = (await fetch(`${address}${reads[4]!.url}`, { headers: { cookie: agent } }).then((r) => r.json())) as unknown[];
      console.log(
        `\n${await count('tickets')} tickets, ${await count('time_entries')} time entries (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s); `
        + `the client's company lists ${acmeTickets.length} tickets, the agent ${agentTickets.length}`,
      );
      console.log(`${connections} connections, ${seconds} s per read, loopback, SQLite, load generator in the same process`);
      console.log('page    read                               p50 ms   p99 ms   req/s   non-2xx');
      for (const read of reads) {
        const result = await autocannon({ url: `${address}${read.url}`, connections, duration: seconds, headers: { cookie: read.cookie } });
        console.log(
          `${read.page.padEnd(7)} ${read.label.padEnd(34)} ${String(result.latency.p50).padStart(6)} ${String(result.latency.p99).padStart(8)} `
          + `${String(Math.round(result.requests.average)).padStart(7)} ${String(result.non2xx + result.errors).padStart(9)}`,
        );
      }
    }
  } finally {
    clearTimeout(watchdog);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
