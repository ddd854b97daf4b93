// Data growth on PostgreSQL (docs/architecture.md#scale): do the polled reads stay as fast when the tables hold 100
// times more history? Starts a throwaway PostgreSQL (initdb + pg_ctl as the postgres user, in a temp
// dir on a free loopback port from 55460), or uses BENCH_DATABASE_URL (an empty database: the demo is
// seeded into it and the grown rows stay there). createPortalApi() migrates and seeds the demo, then
// the data grows in steps (default 10k, 100k, 1M tickets), 10 time entries per ticket (10M at 1M),
// 3 activity notes and about 2 notifications per ticket, tasks on every 4th and an attachment row on
// every 10th, over 2,000 companies and 50 agents, in set-based SQL (INSERT … SELECT … FROM
// generate_series) chunk by chunk, the secondary indexes dropped during a load and rebuilt after it,
// then VACUUM ANALYZE (what autovacuum, off here, would have done: index-only scans need the visibility map).
//
// What grows is history. The first step is this year (1 January to now, UTC): its open tickets, its
// month and year of time and its newest notifications are what the screens show, and every later
// step only adds closed tickets of the 5 years before it. So each polled answer is the same at every
// step, and a slower read at 1M means its cost depends on the history in the table (a missing or
// unused index), not on a bigger answer. Companies and agents are skewed (the busiest company gets
// about 8% of the tickets, the busiest agent about 14%); the client, ticket page and agent measured
// are the busiest company's primary contact, one of its open tickets and the busiest agent.
//
// After each step every polled read is measured warm through the started API on 127.0.0.1: a tight
// loop of sequential requests (BENCH_WARMUP, then BENCH_REQUESTS), p50/p95/p99 in ms and the ratio of
// its p95 to the first step's. The run stops at BENCH_DEADLINE_MINUTES and always removes the cluster.
//   npm run bench:growth   (BENCH_SIZES=10000,100000,1000000 BENCH_REQUESTS=400 BENCH_WARMUP=50
//                           BENCH_DEADLINE_MINUTES=50 BENCH_PG_PORT=55460 BENCH_DATABASE_URL=…)
//
// BENCH_SLA=1 (npm run bench:sla): the staff lists and the kanban (docs/product/response-times.md#who-sees-it) only,
// each measured twice per step: with no response-time targets (no clock: nothing more is read) and with targets for
// every priority and a company's own for the 20 busiest companies (every open ticket listed reads its feed and
// carries its clock). Answers from memory are off (POLL_CACHE_MS=0): every request computes its answer, the cost a
// poll pays when a change or a threshold has dropped the kept one (BENCH_POLL_CACHE=1 keeps them on: the polls' cost
// between two changes). After each step it prints how long each list with clocks may be kept in memory: the time to
// the first of its tickets turning amber or red (firstSlaChangeAt).
import pg from 'pg';
import { createPortalApi } from '@portal/api';
import { firstSlaChangeAt, type SlaState } from '@portal/domain';
import { percentiles, signInOverHttp as signIn } from './lib/bench-kit';
import { benchPostgres } from './lib/bench-postgres';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const warmup = Number(process.env.BENCH_WARMUP ?? 50);
const deadlineMs = Number(process.env.BENCH_DEADLINE_MINUTES ?? 50) * 60_000;
const COMPANIES = 2000;
const AGENTS = 50;
const ENTRIES_PER_TICKET = 10;
const CHUNK = 100_000;
const HISTORY_YEARS = 5;
const DAY = 24 * 60 * 60 * 1000;
const GROWN = ['tickets', 'time_entries', 'activity', 'notifications', 'tasks', 'attachments'];
const SLA = process.env.BENCH_SLA === '1';
const SLA_POLL_CACHE = process.env.BENCH_POLL_CACHE === '1';
/** BENCH_SLA: each read without and with targets in alternating rounds, so both see the same load on a shared machine. */
const SLA_ROUNDS = Number(process.env.BENCH_SLA_ROUNDS ?? 8);
/** Every priority promised (business minutes): open tickets of this year are a mix of ok, at risk and breached. */
const SLA_TARGETS = [1, 2, 3, 4].map((priority) => ({ priority_id: priority, first_response_minutes: 60 * priority, resolution_minutes: 2400 * priority }));
const SLA_DAYS = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

// ---------------------------------------------------------------- growing the data

/** The first row of a query that always answers one. */
async function first<T extends pg.QueryResultRow>(client: pg.Client, text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await client.query<T>(text, params);
  if (!rows[0]) throw new Error(`no row: ${text}`);
  return rows[0];
}

const ISO = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Fixed companies, their requesters and the agents, numbered by weight (k = 0 the busiest). */
async function population(client: pg.Client): Promise<void> {
  const now = new Date().toISOString();
  const { n: companies } = await first<{ n: number }>(client, 'select count(*)::int as n from companies');
  await client.query(
    `insert into companies (name, url, description, mode, note, date_created)
     select 'Growth Company ' || g, 'https://growth' || g || '.example', null, case when g % 10 = 0 then 2 else 1 end, null, $2
     from generate_series(1, $1::int) g`,
    [COMPANIES - companies, now],
  );
  await client.query(
    `insert into company_meta (company_id, meta_key, meta_value, date_created)
     select company_id, 'services', case when company_id % 3 = 0 then '2' else '1,3' end, $1 from companies where name like 'Growth Company %'`,
    [now],
  );
  await client.query(
    `insert into contacts (title, first_name, last_name, email, phone, group_id, password_hash, active, date_created)
     select 'Manager', 'Growth', 'Client ' || c.company_id, 'growth.client' || c.company_id || '@bench.test', null, 5, null, 1, $1
     from companies c where not exists (select 1 from company_contacts cc where cc.company_id = c.company_id and cc."primary" = 1)`,
    [now],
  );
  await client.query(
    `insert into company_contacts (company_id, contact_id, title, "primary")
     select cast(substring(email from 'growth.client(\\d+)@') as int), contact_id, 'Manager', 1 from contacts where email like 'growth.client%@bench.test'`,
  );
  const { n: agents } = await first<{ n: number }>(client, 'select count(*)::int as n from contacts where group_id in (2, 3, 4)');
  await client.query(
    `insert into contacts (title, first_name, last_name, email, phone, group_id, password_hash, active, date_created)
     select 'Developer', 'Growth', 'Agent ' || g, 'growth.agent' || g || '@bench.test', null, 2, null, 1, $2 from generate_series(1, $1::int) g`,
    [AGENTS - agents, now],
  );
  await client.query(
    `insert into contact_meta (contact_id, meta_key, meta_value, date_created)
     select contact_id, 'pay_rate', (20 + (contact_id % 4) * 10)::text, $1 from contacts c
     where group_id in (2, 3, 4) and not exists (select 1 from contact_meta m where m.contact_id = c.contact_id and m.meta_key = 'pay_rate')`,
    [now],
  );
  // Helper tables of this session only (temp): the generators join them by k.
  await client.query(
    `create temp table bench_company as
     select (row_number() over (order by c.company_id) - 1)::int as k, c.company_id, c.name, cc.contact_id as requester_id
     from companies c left join company_contacts cc on cc.company_id = c.company_id and cc."primary" = 1`,
  );
  await client.query(
    `create temp table bench_agent as
     select (row_number() over (order by c.contact_id) - 1)::int as k, c.contact_id, c.first_name || ' ' || c.last_name as name,
            coalesce(nullif(m.meta_value, '')::int, 30) as rate
     from contacts c left join contact_meta m on m.contact_id = c.contact_id and m.meta_key = 'pay_rate' where c.group_id in (2, 3, 4)`,
  );
  await client.query('create unique index on bench_company (k)');
  await client.query('create unique index on bench_company (company_id)');
  await client.query('create unique index on bench_agent (k)');
  await client.query('create unique index on bench_agent (contact_id)');
  await client.query('analyze bench_company; analyze bench_agent');
  // A deterministic uniform [0, 1) per (row, salt): the same database every run.
  await client.query(
    `create function pg_temp.bench_r(g bigint, salt int) returns float8 language sql immutable
     as $$ select (hashint8(g * 64 + salt) & 2147483647)::float8 / 2147483648 $$`,
  );
}

interface Era {
  from: Date;
  to: Date;
  /** Every date of the era's rows stays before this (history never reaches this year). */
  cap: Date;
  /** This year: recent work still moving; history: all closed. */
  present: boolean;
}

/** Tickets numbered [lo, hi) of the generator, then their time, activity, notifications, tasks and attachments. */
async function insertChunk(client: pg.Client, lo: number, hi: number, era: Era): Promise<void> {
  const { max: before } = await first<{ max: number }>(client, 'select coalesce(max(ticket_id), 0)::int as max from tickets');
  const recent = new Date(era.to.getTime() - 30 * DAY).toISOString();
  await client.query(
    `with g as (
       select g, pg_temp.bench_r(g, 1) as r1, pg_temp.bench_r(g, 2) as r2, pg_temp.bench_r(g, 3) as r3, pg_temp.bench_r(g, 4) as r4,
              pg_temp.bench_r(g, 5) as r5, pg_temp.bench_r(g, 6) as r6, pg_temp.bench_r(g, 7) as r7, pg_temp.bench_r(g, 8) as r8
       from generate_series($1::bigint, $2::bigint - 1) g
     ), d as (
       select g.*, $3::timestamptz + r3 * ($4::timestamptz - $3::timestamptz) as created from g
     ), s as (
       select d.*, case when not $6::boolean then 0::float8 when created > $7::timestamptz then 0.6::float8 else 0.02::float8 end as open_share from d
     ), t as (
       select s.*,
              case when r4 < open_share then (array[1, 2, 3, 4, 7, 8])[1 + floor(r4 / open_share * 6)::int]
                   when r4 < open_share + (1 - open_share) * 0.93 then 5 else 6 end as status
       from s
     ), u as (
       select t.*, created + r5 * interval '3 days' as assigned from t
     )
     insert into tickets (contact_id, company_id, assignee_id, title, description, type_id, priority_id, status_id, date_created, date_updated,
                          date_due, date_assigned, date_completed, on_hold, estimate_required, estimated_time, estimate_approved)
     select c.requester_id, c.company_id, case when u.status = 1 then null else a.contact_id end, 'Growth ticket ' || u.g,
            'Please update the page.' || chr(10) || chr(10) || '- keep the look' || chr(10) || '- tell us when it is live',
            (array[1, 2, 3, 4, 6])[1 + floor(r6 * 5)::int], 1 + floor(r7 * 4)::int, u.status,
            ${ISO('least(u.created, $5::timestamptz)')},
            ${ISO(`least(case when u.status = 5 then u.assigned + r8 * interval '20 days' when u.status = 1 then u.created else u.assigned end, $5::timestamptz)`)},
            ${ISO(`u.created + (1 + floor(r8 * 30)) * interval '1 day'`)},
            case when u.status = 1 then null else ${ISO('least(u.assigned, $5::timestamptz)')} end,
            case when u.status = 5 then ${ISO(`least(u.assigned + r8 * interval '20 days', $5::timestamptz)`)} end,
            case when pg_temp.bench_r(u.g, 9) < 0.03 then 1 else 0 end, 0, 0, -1
     from u
     join bench_company c on c.k = least(floor(${COMPANIES} * power(u.r1, 3))::int, ${COMPANIES - 1})
     join bench_agent a on a.k = least(floor(${AGENTS} * power(u.r2, 2))::int, ${AGENTS - 1})`,
    [lo, hi, era.from.toISOString(), era.to.toISOString(), era.cap.toISOString(), era.present, recent],
  );
  const { max: after } = await first<{ max: number }>(client, 'select max(ticket_id)::int as max from tickets');
  const range = [before + 1, after, era.cap.toISOString()];
  // Ten entries a ticket, by its assignee (an unassigned one: an agent by its id), from its assignment on.
  await client.query(
    `insert into time_entries (contact_id, ticket_id, company_id, company_name, contact_name, pay_rate, date, time, description, date_created)
     select a.contact_id, t.ticket_id, t.company_id, c.name, a.name, a.rate,
            ${ISO(`least(coalesce(t.date_assigned, t.date_created)::timestamptz + pg_temp.bench_r(t.ticket_id, 10 + n) * interval '10 days', $3::timestamptz)`)},
            1 + floor(pg_temp.bench_r(t.ticket_id, 30 + n) * 20)::int, 'Worked on it', t.date_created
     from tickets t cross join generate_series(1, ${ENTRIES_PER_TICKET}) n
     join bench_company c on c.company_id = t.company_id
     join bench_agent a on a.contact_id = coalesce(t.assignee_id, (select array_agg(b.contact_id order by b.k) from bench_agent b)[1 + t.ticket_id % ${AGENTS}])
     where t.ticket_id between $1 and $2`,
    range,
  );
  await client.query(
    `insert into activity (ticket_id, contact_id, contact_name, note, date_created)
     select t.ticket_id,
            case n when 1 then t.contact_id else t.assignee_id end,
            case n when 1 then 'Growth Client' else 'Growth Agent' end,
            case n when 1 then 'New ticket created.' when 2 then 'Assigned.' else 'Working on it; a preview link follows.' end,
            case n when 1 then t.date_created when 2 then coalesce(t.date_assigned, t.date_created) else t.date_updated end
     from tickets t cross join generate_series(1, 3) n where t.ticket_id between $1 and $2`,
    range.slice(0, 2),
  );
  await client.query(
    `insert into notifications (contact_id, ticket_id, note, date_created)
     select t.contact_id, t.ticket_id, 'Ticket #' || t.ticket_id || ' was updated.', t.date_updated
     from tickets t where t.ticket_id between $1 and $2 and t.contact_id is not null
     union all
     select t.assignee_id, t.ticket_id, 'Ticket #' || t.ticket_id || ' was assigned to you.', t.date_assigned
     from tickets t where t.ticket_id between $1 and $2 and t.assignee_id is not null`,
    range.slice(0, 2),
  );
  await client.query(
    `insert into tasks (ticket_id, instruction, sort_order, date_completed, date_created)
     select t.ticket_id, 'Step ' || n, n, case when t.status_id = 5 then t.date_completed end, t.date_created
     from tickets t cross join generate_series(1, 3) n where t.ticket_id between $1 and $2 and t.ticket_id % 4 = 0`,
    range.slice(0, 2),
  );
  await client.query(
    `insert into attachments (ticket_id, target_type, contact_id, name, stored_name, type, size, date_created)
     select t.ticket_id, 'ticket', t.contact_id, 'brief.pdf', 'growth-' || t.ticket_id || '.pdf', 'application/pdf', 120000, t.date_created
     from tickets t where t.ticket_id between $1 and $2 and t.ticket_id % 10 = 0`,
    range.slice(0, 2),
  );
}

/** Secondary indexes (not those behind a primary key or unique constraint) of the grown tables. */
async function secondaryIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any($1)
       and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
    [GROWN],
  );
  return rows;
}

async function growTo(client: pg.Client, target: number, era: Era, generated: { next: number }): Promise<void> {
  const { n: count } = await first<{ n: number }>(client, 'select count(*)::int as n from tickets');
  const missing = target - count;
  if (missing <= 0) return;
  // Loading without the secondary indexes and building them once after is several times faster
  // than maintaining them row by row; foreign keys are not checked (the rows are made consistent).
  const indexes = await secondaryIndexes(client);
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query('set max_parallel_maintenance_workers = 2');
  await client.query("set session_replication_role = 'replica'").catch(() => log('not a superuser: foreign keys are checked during the load'));
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  try {
    for (let done = 0; done < missing; done += CHUNK) {
      const size = Math.min(CHUNK, missing - done);
      await insertChunk(client, generated.next, generated.next + size, era);
      generated.next += size;
      log(`  ${count + done + size} tickets`);
    }
  } finally {
    for (const index of indexes) await client.query(index.definition);
    await client.query("set session_replication_role = 'origin'").catch(() => undefined);
  }
  log(`  rebuilt ${indexes.length} indexes`);
  for (const table of GROWN) await client.query(`vacuum (analyze) ${table}`);
  // The small tables too (companies, contacts, meta): without their statistics the planner guesses.
  await client.query('analyze');
  log('  vacuum analyze done');
}

// ---------------------------------------------------------------- measuring

interface Read {
  page: string;
  label: string;
  url: string;
  cookie: string;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  bytes: number;
}


async function measure(address: string, read: Read, warmup: number, requests: number, times: number[] = []): Promise<Figures> {
  let errors = 0;
  let bytes = 0;
  for (let i = 0; i < warmup + requests; i += 1) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${address}${read.url}`, { headers: { cookie: read.cookie } });
    const body = await res.arrayBuffer();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) errors += 1;
    bytes = body.byteLength;
    if (i >= warmup) times.push(ms);
  }
  return { ...percentiles(times), errors, bytes };
}


/** The contact's e-mail, after giving it the demo password (a generated contact has none). */
async function loginOf(client: pg.Client, contactId: number): Promise<string> {
  await client.query(
    `update contacts set password_hash = (select password_hash from contacts where email = 'client@demo.test')
     where contact_id = $1 and password_hash is null`,
    [contactId],
  );
  const { rows: [row] } = await client.query<{ email: string }>('select email from contacts where contact_id = $1', [contactId]);
  return row!.email;
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

/** Response-time targets on (every priority; the 20 busiest companies their own) or off (none: no clock anywhere). */
async function setSla(client: pg.Client, on: boolean): Promise<void> {
  const now = new Date().toISOString();
  await client.query(
    `insert into sla_settings (id, time_zone, days, holidays, targets, date_updated) values (1, 'Europe/Berlin', $1, '[]', $2, $3)
     on conflict (id) do update set time_zone = excluded.time_zone, days = excluded.days, targets = excluded.targets, date_updated = excluded.date_updated`,
    [JSON.stringify(SLA_DAYS), JSON.stringify(on ? SLA_TARGETS : []), now],
  );
  await client.query('delete from company_sla_targets');
  if (on) {
    const own = SLA_TARGETS.map((t) => ({ ...t, first_response_minutes: t.first_response_minutes / 2 }));
    await client.query(
      `insert into company_sla_targets (company_id, targets, date_updated)
       select company_id, $1, $2 from tickets where status_id not in (5, 6) group by company_id order by count(*) desc limit 20`,
      [JSON.stringify(own), now],
    );
  }
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  const cluster = await benchPostgres({ name: 'bench-growth', portFrom: Number(process.env.BENCH_PG_PORT ?? 55460), log });
  const watchdog = setTimeout(() => {
    console.error(`bench stopped: over ${deadlineMs / 60_000} min`);
    void cluster.stop().finally(() => process.exit(2));
  }, deadlineMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cluster.stop().finally(() => process.exit(130));
    });
  }
  const app = await createPortalApi({
    databaseUrl: cluster.url, seedDemo: true, logger: false, mailTransport: null, runJobs: false, ...(SLA && !SLA_POLL_CACHE ? { pollCacheMs: 0 } : {}),
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
  });
  const client = new pg.Client({ connectionString: cluster.url });
  try {
    await client.connect();
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { server_version: version } = await first<{ server_version: string }>(client, 'show server_version');
    log(`PostgreSQL ${version} at ${cluster.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}; API on ${address}`);
    await population(client);

    // This year is the present; history fills the 5 years before it (at least 60 days of present).
    const now = new Date();
    const year = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    const presentFrom = now.getTime() - year.getTime() >= 60 * DAY ? year : new Date(now.getTime() - 365 * DAY);
    const present: Era = { from: presentFrom, to: now, cap: now, present: true };
    const historyEnd = new Date(presentFrom.getTime() - 60_000);
    const history: Era = {
      from: new Date(Date.UTC(presentFrom.getUTCFullYear() - HISTORY_YEARS, presentFrom.getUTCMonth(), presentFrom.getUTCDate())),
      to: new Date(historyEnd.getTime() - 30 * DAY), cap: historyEnd, present: false,
    };
    const generated = { next: 1 };
    const results = new Map<string, Figures[]>();
    let reads: Read[] = [];

    for (const [step, size] of sizes.entries()) {
      const t0 = Date.now();
      log(`growing to ${size} tickets (${step === 0 ? `this year, from ${presentFrom.toISOString().slice(0, 10)}` : 'closed history'})`);
      await growTo(client, size, step === 0 ? present : history, generated);
      const counts = await client.query<{ table: string; n: number }>(
        GROWN.map((table) => `select '${table}' as table, count(*)::int as n from ${table}`).join(' union all '),
      );
      const sizeOf = await client.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size');
      log(`${counts.rows.map((row) => `${row.n} ${row.table}`).join(', ')}; ${sizeOf.rows[0]!.size} (in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);

      if (step === 0) {
        // The busiest company (most open tickets), its primary contact, one of its open tickets with
        // tasks and an attachment, and the agent with the most open tickets.
        const { rows: [busy] } = await client.query<{ company_id: number; requester_id: number }>(
          `select t.company_id, cc.contact_id as requester_id from tickets t
           join company_contacts cc on cc.company_id = t.company_id and cc."primary" = 1
           where t.status_id not in (5, 6) group by t.company_id, cc.contact_id order by count(*) desc limit 1`,
        );
        const { rows: [agentRow] } = await client.query<{ assignee_id: number }>(
          `select assignee_id from tickets where status_id not in (5, 6) and assignee_id is not null
           group by assignee_id order by count(*) desc limit 1`,
        );
        const { rows: [ticketRow] } = await client.query<{ ticket_id: number }>(
          `select ticket_id from tickets where company_id = $1 and status_id in (2, 3, 4) and ticket_id % 20 = 0 order by ticket_id desc limit 1`,
          [busy!.company_id],
        );
        const companyId = busy!.company_id;
        const clientId = busy!.requester_id;
        const agentId = agentRow!.assignee_id;
        const ticketId = ticketRow!.ticket_id;
        const clientCookie = await signIn(address, await loginOf(client, clientId));
        const agentCookie = await signIn(address, await loginOf(client, agentId));
        const staffCookie = await signIn(address, 'admin@demo.test');
        log(`client: contact ${clientId} of company ${companyId}; ticket page: ticket ${ticketId}; agent: contact ${agentId}; staff: the demo admin`);
        const staffReads: Read[] = [
          { page: 'agent', label: 'GET /contact/:id/tickets', url: `/api/contact/${agentId}/tickets`, cookie: agentCookie },
          { page: 'staff', label: 'GET /staff/tickets?view=list', url: '/api/staff/tickets?view=list', cookie: staffCookie },
          { page: 'staff', label: 'GET /staff/tickets?view=kanban', url: '/api/staff/tickets?view=kanban', cookie: staffCookie },
          { page: 'staff', label: 'GET /staff/tickets/list (a page)', url: '/api/staff/tickets/list?statuses=1,2,3,4,7,8', cookie: staffCookie },
          { page: 'staff', label: 'GET /company/:id/tickets (staff)', url: `/api/company/${companyId}/tickets`, cookie: staffCookie },
        ];
        // With answers from memory on, each side is kept under its own URL (the targets are written straight to the
        // database, which publishes no change): the query's extra 'sla' is ignored by the routes.
        const side = (read: Read, on: boolean): Read => ({
          ...read, page: `${read.page}${on ? '+' : '-'}`,
          url: SLA_POLL_CACHE ? `${read.url}${read.url.includes('?') ? '&' : '?'}sla=${on ? 'on' : 'off'}` : read.url,
        });
        reads = SLA ? [...staffReads.map((read) => side(read, false)), ...staffReads.map((read) => side(read, true))] : [
          { page: 'client', label: 'GET /company/:id/tickets', url: `/api/company/${companyId}/tickets`, cookie: clientCookie },
          { page: 'client', label: 'GET /company/:id/currenttime', url: `/api/company/${companyId}/currenttime`, cookie: clientCookie },
          { page: 'client', label: 'GET /company/:id/ytdtime', url: `/api/company/${companyId}/ytdtime`, cookie: clientCookie },
          { page: 'client', label: 'GET /contact/:id/notifications', url: `/api/contact/${clientId}/notifications`, cookie: clientCookie },
          { page: 'ticket', label: 'GET /ticket/:id', url: `/api/ticket/${ticketId}`, cookie: clientCookie },
          { page: 'ticket', label: 'GET /ticket/:id/activity', url: `/api/ticket/${ticketId}/activity`, cookie: clientCookie },
          { page: 'ticket', label: 'GET /ticket/:id/tasks', url: `/api/ticket/${ticketId}/tasks`, cookie: clientCookie },
          { page: 'ticket', label: 'GET /ticket/:id/attachments', url: `/api/ticket/${ticketId}/attachments`, cookie: clientCookie },
          { page: 'ticket', label: 'GET /ticket/:id/time', url: `/api/ticket/${ticketId}/time`, cookie: clientCookie },
          { page: 'agent', label: 'GET /contact/:id/tickets', url: `/api/contact/${agentId}/tickets`, cookie: agentCookie },
          { page: 'agent', label: 'GET /contact/:id/currenttime', url: `/api/contact/${agentId}/currenttime`, cookie: agentCookie },
          { page: 'agent', label: 'GET /contact/:id/ytdtime', url: `/api/contact/${agentId}/ytdtime`, cookie: agentCookie },
          { page: 'agent', label: 'GET /contact/:id/notifications', url: `/api/contact/${agentId}/notifications`, cookie: agentCookie },
          { page: 'staff', label: 'GET /staff/tickets?view=list', url: '/api/staff/tickets?view=list', cookie: staffCookie },
          { page: 'staff', label: 'GET /staff/tickets?view=kanban', url: '/api/staff/tickets?view=kanban', cookie: staffCookie },
        ];
      }

      // One round of every read first: the caches and Node's compiled code are warm for the first read too.
      for (const read of reads) {
        if (SLA) await setSla(client, read.page.endsWith('+'));
        await measure(address, read, warmup, 0);
      }
      console.log(`\n${size} tickets: ${warmup} warm-up then ${requests} sequential requests per read, loopback, in-process client`);
      if (SLA) console.log('page: - without response-time targets, + with them (every open ticket listed carries its clock)');
      console.log('page    read                                   p50 ms   p95 ms   p99 ms   bytes  errors  p95/p95(first)');
      // BENCH_SLA: the pairs first, each read's rounds without and with targets interleaved (then printed in order).
      const paired = new Map<Read, Figures>();
      if (SLA) {
        for (const read of reads.filter((r) => r.page.endsWith('-'))) {
          const twin = reads.find((r) => r.label === read.label && r.page.endsWith('+'))!;
          const times: [number[], number[]] = [[], []];
          const totals = [{ errors: 0, bytes: 0 }, { errors: 0, bytes: 0 }];
          for (let round = 0; round < SLA_ROUNDS; round += 1) {
            for (const [side, each] of [read, twin].entries()) {
              await setSla(client, side === 1);
              const figures = await measure(address, each, 5, Math.ceil(requests / SLA_ROUNDS), times[side]);
              totals[side] = { errors: totals[side]!.errors + figures.errors, bytes: figures.bytes };
            }
          }
          paired.set(read, { ...percentiles(times[0]), ...totals[0]! });
          paired.set(twin, { ...percentiles(times[1]), ...totals[1]! });
        }
      }
      for (const read of reads) {
        if (SLA) await setSla(client, read.page.endsWith('+'));
        const figures = paired.get(read) ?? await measure(address, read, warmup, requests);
        const series = results.get(`${read.page} ${read.label}`) ?? [];
        series.push(figures);
        results.set(`${read.page} ${read.label}`, series);
        const ratio = figures.p95 / series[0]!.p95;
        console.log(
          `${read.page.padEnd(7)} ${read.label.padEnd(36)} ${fmt(figures.p50)} ${fmt(figures.p95)} ${fmt(figures.p99)} `
          + `${String(figures.bytes).padStart(7)} ${String(figures.errors).padStart(7)} ${ratio.toFixed(2).padStart(10)}x`,
        );
      }
      if (SLA) {
        await setSla(client, true);
        for (const read of reads.filter((r) => r.page.endsWith('+'))) {
          type Clocked = { sla?: SlaState | null };
          const body = await (await fetch(`${address}${read.url}`, { headers: { cookie: read.cookie } })).json() as Clocked[] | { tickets: Clocked[] };
          const tickets = Array.isArray(body) ? body : body.tickets;
          const clocks = tickets.map((t) => t.sla);
          const next = firstSlaChangeAt(clocks);
          const kept = next === null ? 'no threshold ahead' : `${((next.getTime() - Date.now()) / 1000).toFixed(0)} s to its first threshold`;
          const states = ['ok', 'at-risk', 'breached'].map((state) => `${clocks.filter((c) => c?.state === state).length} ${state}`).join(', ');
          console.log(`${read.page.padEnd(7)} ${read.label.padEnd(36)} ${clocks.filter(Boolean).length} clocks (${states}); ${kept}`);
        }
      }
    }

    if (sizes.length > 1) {
      console.log(`\nverdict: p95 at ${sizes[sizes.length - 1]} tickets against ${sizes[0]}`);
      for (const read of reads) {
        const series = results.get(`${read.page} ${read.label}`)!;
        const ratio = series[series.length - 1]!.p95 / series[0]!.p95;
        console.log(`${read.page.padEnd(7)} ${read.label.padEnd(36)} ${ratio.toFixed(2).padStart(6)}x  ${ratio <= 2 ? 'within 2x' : 'NOT within 2x'}`);
      }
    }
  } finally {
    clearTimeout(watchdog);
    await client.end().catch(() => undefined);
    await app.close();
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
