// A month of scheduled maintenance (docs/product/maintenance.md#exactly-once) at 10,000 maintenance clients: a throwaway
// database holds the demo and BENCH_COMPANIES maintenance companies (default 10,000; monthly plans, a third of them with
// two intensities), then two job runners in two processes open the month at the same moment, as two servers would.
// Prints how long the month took (both runners started to both done, and each runner's own run), how many tickets each
// runner opened, and checks that every company has exactly one maintenance ticket, one run row naming it, and its
// checklist. On SQLite (a temp file, the default) or on PostgreSQL (BENCH_PG=1: a private server from port 55470, or
// BENCH_DATABASE_URL, an empty database).
//   npm run bench:maintenance   (BENCH_COMPANIES=10000 BENCH_PG=1 BENCH_DATABASE_URL=…)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPortalApi } from '@portal/api';
import { benchPostgres, type BenchDatabase } from './lib/bench-postgres';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const CHUNK = 500;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

interface RunnerResult {
  opened: number;
  alreadyRun: number;
  lostRaces: number;
  failed: number;
  ms: number;
}

interface Where {
  databaseUrl: string;
  dataDir: string;
}

const open = (where: Where, seedDemo: boolean) => createPortalApi({
  databaseUrl: where.databaseUrl, dataDir: where.dataDir, seedDemo, runJobs: false, mailTransport: null, logger: false, passwordHashCost: 'test',
});

/** A runner process: the month's schedules on the shared database, its summary as one JSON line. */
async function runner(where: Where, at: number): Promise<void> {
  const app = await open(where, false);
  // Both runners start their run at the same wall-clock moment.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  const begun = performance.now();
  const summary = await app.jobs.runMaintenance(new Date());
  const ms = performance.now() - begun;
  await app.close();
  console.log(JSON.stringify({ ...summary, ms }));
}

/** The maintenance companies, each with a primary contact (the demo client) and the demo agent as its default agent. */
async function populate(app: Awaited<ReturnType<typeof open>>): Promise<void> {
  const now = new Date().toISOString();
  const client = await app.db.selectFrom('contacts').select('contact_id').where('email', '=', 'client@demo.test').executeTakeFirstOrThrow();
  const agent = await app.db.selectFrom('contacts').select('contact_id').where('email', '=', 'agent@demo.test').executeTakeFirstOrThrow();
  for (let offset = 0; offset < COMPANIES; offset += CHUNK) {
    const size = Math.min(CHUNK, COMPANIES - offset);
    await app.db.transaction().execute(async (trx) => {
      const companies = await trx.insertInto('companies')
        .values(Array.from({ length: size }, (_, i) => ({
          name: `Maintained ${offset + i + 1}`, url: null, url_key: null, description: null, mode: 1, note: null, date_created: now,
        })))
        .returning('company_id').execute();
      await trx.insertInto('company_meta').values(companies.flatMap(({ company_id }, i) => [
        { company_id, meta_key: 'services', meta_value: '1', date_created: now },
        {
          company_id, meta_key: 'maintenance_prefs', date_created: now,
          meta_value: JSON.stringify({ frequency: 'monthly', intensity: (offset + i) % 3 === 0 ? ['maintenance', 'security'] : ['updates'] }),
        },
        { company_id, meta_key: 'default_agent', meta_value: String(agent.contact_id), date_created: now },
      ])).execute();
      await trx.insertInto('company_contacts').values(companies.map(({ company_id }) => ({ company_id, contact_id: client.contact_id, title: null, primary: 1 }))).execute();
    });
  }
}

function spawnRunner(where: Where, at: number): Promise<RunnerResult> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--runner', JSON.stringify(where), String(at)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`runner exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as RunnerResult);
    });
  });
}

async function main(): Promise<void> {
  const onPostgres = process.env.BENCH_PG === '1' || !!process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-maintenance-'));
  let pg: BenchDatabase | undefined;
  try {
    if (onPostgres) pg = await benchPostgres({ name: 'maintenance', portFrom: 55470, log });
    const where: Where = { databaseUrl: pg?.url ?? 'sqlite', dataDir };
    log(`database: ${onPostgres ? 'PostgreSQL' : 'SQLite'}; ${COMPANIES} maintenance companies`);
    const app = await open(where, true);
    await populate(app);
    await app.close();
    log('companies written; two runners race the month');

    const at = Date.now() + 4000;
    const runs = await Promise.all([spawnRunner(where, at), spawnRunner(where, at)]);

    const check = await open(where, false);
    const perCompany = await check.db.selectFrom('tickets').select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('title', 'like', 'Maintenance: %').groupBy('company_id').execute();
    const companies = await check.db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).where('name', 'like', 'Maintained %').executeTakeFirstOrThrow();
    const runRows = await check.db.selectFrom('maintenance_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const orphans = await check.db.selectFrom('maintenance_runs as r').leftJoin('tickets as t', 't.ticket_id', 'r.ticket_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('t.ticket_id', 'is', null).executeTakeFirstOrThrow();
    const withoutTasks = await check.db.selectFrom('maintenance_runs as r')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('tasks').select('tasks.task_id').whereRef('tasks.ticket_id', '=', 'r.ticket_id'))))
      .executeTakeFirstOrThrow();
    await check.close();

    const counts = perCompany.map((row) => Number(row.n));
    const once = counts.every((n) => n === 1);
    const opened = runs.reduce((sum, run) => sum + run.opened, 0);
    const expected = Number(companies.n) + 2; // the demo's Acme and Initech too
    console.log('');
    console.log(`companies with a maintenance ticket   ${counts.length} of ${expected} (${Number(companies.n)} + the demo's 2)`);
    console.log(`each exactly once                     ${once ? 'yes' : `NO (max ${Math.max(...counts)})`}`);
    console.log(`run rows / without a ticket / no tasks ${Number(runRows.n)} / ${Number(orphans.n)} / ${Number(withoutTasks.n)}`);
    console.log(`opened by runner 1 / runner 2         ${runs[0]!.opened} / ${runs[1]!.opened} (sum ${opened})`);
    console.log(`found opened by the other / lost races / failed  ${runs[0]!.alreadyRun + runs[1]!.alreadyRun} / ${runs[0]!.lostRaces + runs[1]!.lostRaces} / ${runs[0]!.failed + runs[1]!.failed}`);
    console.log(`runner 1 / runner 2 run time          ${(runs[0]!.ms / 1000).toFixed(1)} s / ${(runs[1]!.ms / 1000).toFixed(1)} s`);
    console.log(`the month, both runners               ${(Math.max(runs[0]!.ms, runs[1]!.ms) / 1000).toFixed(1)} s (${(Math.max(runs[0]!.ms, runs[1]!.ms) / expected).toFixed(2)} ms a company)`);
    if (!once || counts.length !== expected || opened !== expected || Number(runRows.n) !== expected || Number(orphans.n) > 0) process.exitCode = 1;
  } finally {
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--runner') await runner(JSON.parse(process.argv[3]!) as Where, Number(process.argv[4]));
else await main();
