import type { FastifyInstance } from 'fastify';
import { isPostgresUrl } from '../db/connect';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Exactly once across processes (docs/product/maintenance.md#exactly-once): two API instances on one PostgreSQL
// database, each with its own job runner, open the same period of the same companies at the same moment. The unique
// key (company_id, period_start) of maintenance_runs, written on the ticket's transaction, lets one ticket per company
// through; the other runner's transaction fails on the key and its ticket goes with it. Skipped unless DATABASE_URL is
// a PostgreSQL URL (CI's second run of the suite).

const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;
const NOW = new Date('2026-12-07T15:00:00.000Z');
const COMPANIES = 40;

postgresOnly('maintenance schedules with two job runners on one PostgreSQL database', () => {
  let cast: DemoCast;
  let other: FastifyInstance;
  const companyIds: number[] = [];

  beforeAll(async () => {
    cast = await openDemoCast({ clock: () => NOW });
    other = await cast.t.openAnother({ clock: () => NOW });
    const { db } = cast.t.app;
    for (let i = 0; i < COMPANIES; i += 1) {
      const { company_id } = await db.insertInto('companies')
        .values({ name: `Race ${i}`, url: null, url_key: null, description: null, mode: 1, note: null, date_created: NOW.toISOString() })
        .returning('company_id').executeTakeFirstOrThrow();
      companyIds.push(company_id);
      await db.insertInto('company_meta').values([
        { company_id, meta_key: 'services', meta_value: '1', date_created: NOW.toISOString() },
        { company_id, meta_key: 'maintenance_prefs', meta_value: JSON.stringify({ frequency: i % 2 ? 'quarterly' : 'monthly', intensity: ['maintenance'] }), date_created: NOW.toISOString() },
        { company_id, meta_key: 'default_agent', meta_value: String(cast.ids.agent), date_created: NOW.toISOString() },
      ]).execute();
      await db.insertInto('company_contacts').values({ company_id, contact_id: cast.ids.client, title: null, primary: 1 }).execute();
    }
    // The first one's schedule is paused: the job leaves it to the admins' Run now below.
    await db.insertInto('maintenance_schedules').values({ company_id: companyIds[0]!, paused: 1, date_updated: NOW.toISOString() }).execute();
  });

  afterAll(async () => {
    await other.close();
    await cast.t.close();
  });

  const ticketsPerCompany = async () => {
    const rows = await cast.t.app.db.selectFrom('tickets').select(['company_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('title', 'like', 'Maintenance: %').groupBy('company_id').execute();
    return new Map(rows.map((row) => [row.company_id, Number(row.count)]));
  };

  test('two runners racing on the same clock open one ticket per company and period', async () => {
    const [first, second] = await Promise.all([cast.t.app.jobs.runMaintenance(NOW), other.jobs.runMaintenance(NOW)]);
    // The demo's Acme and Initech, and the companies above but the paused one.
    expect(first.opened + second.opened).toBe(COMPANIES + 1);

    const counts = await ticketsPerCompany();
    for (const companyId of [...companyIds.slice(1), cast.ids.acme]) expect(counts.get(companyId)).toBe(1);
    expect(counts.get(companyIds[0]!)).toBeUndefined();
    const runs = await cast.t.app.db.selectFrom('maintenance_runs').select(['company_id', 'ticket_id']).execute();
    expect(runs).toHaveLength(COMPANIES + 1);
    expect(runs.every((run) => run.ticket_id !== null)).toBe(true);
    // Every ticket of a run exists, with its checklist: a loser's rolled-back ticket is not what a run names.
    const withTasks = await cast.t.app.db.selectFrom('tasks').select('ticket_id').distinct().where('ticket_id', 'in', runs.map((run) => run.ticket_id!)).execute();
    expect(withTasks).toHaveLength(COMPANIES + 1);
  });

  test('Run now through both instances at once opens the period once, and every answer names its ticket', async () => {
    const companyId = companyIds[0]!;
    const admin = cast.cookies.admin;
    const run = (app: FastifyInstance) => app.inject({ method: 'POST', url: `/api/maintenance/schedules/${companyId}/run`, headers: { cookie: admin } });
    const answers = await Promise.all([run(cast.t.app), run(other), run(cast.t.app), run(other)]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((answer) => answer.json().ticket_id)).size).toBe(1);
    expect(answers.filter((answer) => answer.json().opened === true)).toHaveLength(1);
    expect((await ticketsPerCompany()).get(companyId)).toBe(1);
  });

  test('the next month: monthly plans open again, quarterly ones wait for their quarter', async () => {
    const january = new Date('2027-01-01T00:30:00.000Z');
    await Promise.all([cast.t.app.jobs.runMaintenance(january), other.jobs.runMaintenance(january), cast.t.app.jobs.runMaintenance(january)]);
    const counts = await ticketsPerCompany();
    // Quarterly plans: Q4 2026 ran in December, Q1 2027 starts now. Monthly: December, then January. Two each.
    for (const companyId of companyIds.slice(1)) expect(counts.get(companyId)).toBe(2);
    // Paused: December by Run now only.
    expect(counts.get(companyIds[0]!)).toBe(1);
  });
});
