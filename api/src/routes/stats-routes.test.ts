import { MESSAGES, STATUS, lastMonthPeriods } from '@portal/domain';
import { hashPassword } from '../password';
import { createTestApp, type TestApp } from '../test-support/test-app';

// An empty database (no demo) so every figure is one this file put there.

let t: TestApp;
let admin: string;
let agent: string;
const HOUR = 60 * 60 * 1000;
const NOW = new Date('2034-05-17T12:00:00.000Z');
const months = lastMonthPeriods(NOW, 3, 'UTC');

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, clock: () => NOW });
  const passwordHash = await hashPassword('stats-password');
  for (const [email, group] of [['boss@stats.test', 1], ['worker@stats.test', 2], ['customer@stats.test', 5]] as const) {
    await t.app.repos.contacts.create(t.app.db, { title: null, first_name: 'S', last_name: email, email, phone: null, group_id: group, password_hash: passwordHash });
  }
  admin = await t.login('boss@stats.test', 'stats-password');
  agent = await t.login('worker@stats.test', 'stats-password');
  const companyId = await t.app.repos.companies.create(t.app.db, { name: 'Stats Co' });
  const at = (month: number, hours: number) => new Date(months[month]!.from.getTime() + hours * HOUR).toISOString();
  const rows: { created: string; assigned?: string; completed?: string }[] = [
    // Two months ago: opened, assigned after 2 h and 4 h, one completed after 30 h.
    { created: at(0, 1), assigned: at(0, 3), completed: at(0, 31) },
    { created: at(0, 10), assigned: at(0, 14) },
    // Last month: two opened, one of them assigned after 1 h and completed 100 h after it was opened.
    { created: at(1, 5) },
    { created: at(1, 20), assigned: at(1, 21), completed: new Date(months[1]!.from.getTime() + 120 * HOUR).toISOString() },
    // This month: one opened and assigned after 1 h.
    { created: at(2, 0), assigned: at(2, 1) },
    // Before the window: never counted.
    { created: new Date(months[0]!.from.getTime() - HOUR).toISOString(), assigned: new Date(months[0]!.from.getTime() - 1).toISOString() },
  ];
  for (const [index, r] of rows.entries()) {
    await t.app.repos.tickets.create({
      contact_id: null, company_id: companyId, assignee_id: null, title: `Stats ${index}`, description: 'x', type_id: 1, priority_id: 3,
      status_id: r.completed ? STATUS.complete : r.assigned ? STATUS.assigned : STATUS.backlog, date_created: r.created, date_updated: r.created,
      date_assigned: r.assigned ?? null, date_completed: r.completed ?? null, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    });
  }
});
afterAll(async () => {
  await t.close();
});

test('opened, closed, assigned and the mean hours to assignment and completion, month by month', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/stats/tickets?months=3&time_zone=UTC', headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  const stats = res.json() as Record<string, unknown>[];
  expect(stats.map((m) => m.month)).toEqual(months.map((m) => m.month));
  expect(stats.map(({ month: _m, from: _f, to: _t, ...figures }) => figures)).toEqual([
    { opened: 2, closed: 1, assigned: 2, avg_hours_to_assignment: 3, avg_hours_to_completion: 30 },
    { opened: 2, closed: 1, assigned: 1, avg_hours_to_assignment: 1, avg_hours_to_completion: 100 },
    { opened: 1, closed: 0, assigned: 1, avg_hours_to_assignment: 1, avg_hours_to_completion: null },
  ]);
  expect(stats[2]).toMatchObject({ from: months[2]!.from.toISOString(), to: months[2]!.to.toISOString() });
});

test('twelve months by default; staff only (agents see them on their kanban)', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/stats/tickets', headers: { cookie: admin } })).json()).toHaveLength(12);
  expect((await t.app.inject({ method: 'GET', url: '/api/stats/tickets', headers: { cookie: agent } })).statusCode).toBe(200);
  const refused = await t.app.inject({ method: 'GET', url: '/api/stats/tickets', headers: { cookie: await t.login('customer@stats.test', 'stats-password') } });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error).toBe(MESSAGES.notAuthorized);
  expect((await t.app.inject({ method: 'GET', url: '/api/stats/tickets?months=0', headers: { cookie: admin } })).statusCode).toBe(400);
});
