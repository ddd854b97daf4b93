import { DEFAULT_PRIORITIES, STATUS } from '@portal/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '../../create-portal-api';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the three documented logins (and the second client) sign in with portal-demo', async () => {
  for (const [email, group] of [[DEMO_LOGINS.admin, 1], [DEMO_LOGINS.agent, 2], [DEMO_LOGINS.client, 5], [DEMO_LOGINS.client2, 5]] as const) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact.group_id).toBe(group);
  }
});

test('contacts of every group 1-5 exist', async () => {
  const groups = await t.app.db.selectFrom('contacts').select('group_id').distinct().orderBy('group_id').execute();
  expect(groups.map((g) => g.group_id)).toEqual([1, 2, 3, 4, 5]);
});

test('at least three companies; client@demo.test is the primary contact of Acme, LLC', async () => {
  const companies = await t.app.db.selectFrom('companies').select(['name', 'mode']).execute();
  expect(companies.length).toBeGreaterThanOrEqual(3);
  expect(new Set(companies.map((c) => c.mode))).toEqual(new Set([1, 2, 3, 4]));
  const link = await t.app.db
    .selectFrom('company_contacts as cc')
    .innerJoin('companies as c', 'c.company_id', 'cc.company_id')
    .innerJoin('contacts as p', 'p.contact_id', 'cc.contact_id')
    .select(['c.name', 'cc.primary'])
    .where('p.email', '=', DEMO_LOGINS.client)
    .execute();
  expect(link).toEqual([{ name: 'Acme, LLC', primary: 1 }]);
  const services = await t.app.db.selectFrom('company_meta').select('meta_value').where('meta_key', '=', 'services').execute();
  expect(services.some((s) => s.meta_value?.split(',').includes('1'))).toBe(true);
});

test('tickets in every status 1-8, some on hold, with estimates', async () => {
  const tickets = await t.app.db.selectFrom('tickets').selectAll().execute();
  expect(new Set(tickets.map((row) => row.status_id))).toEqual(new Set(Object.values(STATUS)));
  expect(tickets.some((row) => row.on_hold === 1)).toBe(true);
  expect(tickets.some((row) => row.estimate_required === 1 && row.estimated_time === 0)).toBe(true);
  expect(tickets.some((row) => row.estimated_time > 0 && row.estimate_approved === 1)).toBe(true);
  expect(tickets.some((row) => row.estimated_time > 0 && row.estimate_approved === -1)).toBe(true);
  expect(tickets.filter((row) => row.status_id === STATUS.complete).every((row) => row.date_completed !== null)).toBe(true);
});

test('six months of time entries, activity, tasks and notifications for every demo user', async () => {
  const times = await t.app.db.selectFrom('time_entries').select(['date', 'time']).execute();
  const months = new Set(times.map((row) => row.date.slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(6);
  expect(times.every((row) => row.time > 0)).toBe(true);
  expect((await t.app.db.selectFrom('activity').select('activity_id').execute()).length).toBeGreaterThan(10);
  expect((await t.app.db.selectFrom('tasks').select('task_id').execute()).length).toBeGreaterThan(4);
  for (const email of Object.values(DEMO_LOGINS)) {
    const id = await t.contactId(email);
    const notes = await t.app.repos.notifications.listForContact(id);
    expect(notes.length).toBeGreaterThan(0);
  }
});

// docs/product/tickets.md#due-dates: the demo's due dates follow the app's one rule, 16:00 on the portal's clock
// (DEFAULT_TIME_ZONE), so they read '4:00 PM' like every due date picked in the form.
test.each(['UTC', 'America/New_York'])('the demo due dates are 16:00 in the portal zone %s', async (timeZone) => {
  const zoned = await createTestApp({ seedDemo: false });
  try {
    expect(await seedDemo(zoned.app.db, new Date(), timeZone)).toBe(true);
    const dues = (await zoned.app.db.selectFrom('tickets').select('date_due').where('date_due', 'is not', null).execute()).map((row) => new Date(row.date_due!));
    expect(dues.length).toBeGreaterThan(5);
    const clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    expect(new Set(dues.map((due) => clock.format(due)))).toEqual(new Set(['4:00 PM']));
  } finally {
    await zoned.close();
  }
});

test('the default option lists are stored', async () => {
  expect(await t.app.repos.options.get('priority-defaults')).toEqual(DEFAULT_PRIORITIES);
  expect(await t.app.repos.options.get('type_assignments')).toEqual({});
});

test('a second start on the same database seeds nothing again', async () => {
  const before = await t.app.db.selectFrom('contacts').select('contact_id').execute();
  expect(await seedDemo(t.app.db)).toBe(false);
  expect((await t.app.db.selectFrom('contacts').select('contact_id').execute()).length).toBe(before.length);
});

test('NODE_ENV=production never seeds demo users, but still stores the default options', async () => {
  // Runs on SQLite even in the PostgreSQL suite: the rule lives in config and the seed, not the dialect.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prod-'));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true });
    expect(app.config.seedDemo).toBe(false);
    expect(await app.db.selectFrom('contacts').select('contact_id').execute()).toEqual([]);
    expect(await app.repos.options.get('status-defaults')).toBeDefined();
    await app.close();
  } finally {
    process.env.NODE_ENV = previous;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
