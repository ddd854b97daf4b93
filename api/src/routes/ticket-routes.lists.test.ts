// The agent's list, the staff list and kanban, and the bulk change made from them.
import { MESSAGES, MODE, PRIORITY, STATUS } from '@portal/domain';
import { aCompany, aTicket, type TicketFields } from '../test-support/factories';
import { createTestApp, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let ids: DemoIds & { initech: number };

const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

interface Listed { ticket_id: number; status_id: number; priority_id: number; date_due: string | null; company_name: string; company_mode: number; is_maintenance: number; assignee_name: string | null; title: string }

const company = (name: string, mode: number, services: string | null) => aCompany(t.app, name, mode, services);

const ticket = (fields: TicketFields) => aTicket(t.app, { contact_id: ids.client, title: 'Listed ticket', ...fields });

const row = (ticketId: number) => t.app.db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.loginDemoUsers();
  ids = { ...(await t.demoIds()), initech: await t.companyId('Initech') };
});
afterAll(async () => {
  await t.close();
});

describe("the client dashboard's company tickets", () => {
  test('every ticket carries company_name and company_mode; total_time is the sum of its logged time', async () => {
    const list = (await call('GET', `/api/company/${ids.acme}/tickets`, cookies.client)).json() as (Listed & { total_time: number })[];
    // The demo's Acme has 10 tickets; its cancelled one is not on the dashboard.
    expect(list).toHaveLength(9);
    expect(new Set(list.map((x) => `${x.company_name}/${x.company_mode}`))).toEqual(new Set(['Acme, LLC/1']));
    const logged = await t.app.db.selectFrom('time_entries').select(['ticket_id', 'time']).where('company_id', '=', ids.acme).execute();
    for (const item of list) {
      expect(item.total_time).toBe(logged.filter((e) => e.ticket_id === item.ticket_id).reduce((sum, e) => sum + e.time, 0));
    }
    // Completed tickets carry their time (0 shows FREE on the dashboard).
    expect(list.filter((x) => x.status_id === STATUS.complete).map((x) => typeof x.total_time)).toEqual(['number', 'number']);
  });
});

describe("an agent's tickets", () => {
  test('assigned to the agent, statuses 1-4 and 7+, by priority then due date, with the maintenance flag', async () => {
    const tess = await t.app.repos.contacts.create(t.app.db, { title: null, first_name: 'Tess', last_name: 'Tally', email: 'tess.list@demo.test', phone: null, group_id: 3 });
    const care = await company('Care Co', MODE.active, '1,3');
    const build = await company('Build Co', MODE.active, '2');
    const day = (n: number) => new Date(Date.UTC(2030, 0, n, 16)).toISOString();
    const made: Record<string, number> = {};
    for (const [key, fields] of Object.entries({
      lowSoon: { company_id: care, status_id: STATUS.assigned, priority_id: PRIORITY.low, date_due: day(1) },
      urgentLate: { company_id: build, status_id: STATUS.inProgress, priority_id: PRIORITY.urgent, date_due: day(20) },
      urgentSoon: { company_id: care, status_id: STATUS.testing, priority_id: PRIORITY.urgent, date_due: day(2) },
      urgentUndated: { company_id: care, status_id: STATUS.needMoreInfo, priority_id: PRIORITY.urgent, date_due: null },
      highBacklog: { company_id: build, status_id: STATUS.backlog, priority_id: PRIORITY.high, date_due: day(3) },
      complete: { company_id: care, status_id: STATUS.complete, priority_id: PRIORITY.urgent, date_due: day(1) },
      cancelled: { company_id: care, status_id: STATUS.cancelled, priority_id: PRIORITY.urgent, date_due: day(1) },
    })) {
      made[key] = await ticket({ ...fields, assignee_id: tess, title: key });
    }
    await ticket({ company_id: care, status_id: STATUS.assigned, assignee_id: ids.agent, title: 'someone else' });

    const res = await call('GET', `/api/contact/${tess}/tickets`, cookies.agent);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Listed[];
    expect(list.map((x) => x.title)).toEqual(['urgentSoon', 'urgentLate', 'urgentUndated', 'highBacklog', 'lowSoon']);
    expect(list.map((x) => [x.company_name, x.is_maintenance])).toEqual([['Care Co', 1], ['Build Co', 0], ['Care Co', 1], ['Build Co', 0], ['Care Co', 1]]);
    expect(list[0]).toMatchObject({ assignee_name: 'Tess Tally', company_mode: MODE.active });
    expect((await call('GET', `/api/contact/${tess}/tickets`, cookies.client)).statusCode).toBe(403);
  });
});

describe('the staff list and the kanban', () => {
  test('the list holds statuses 1-4 and 7+ of every company; the kanban only Active companies', async () => {
    const list = (await call('GET', '/api/staff/tickets', cookies.agent)).json() as Listed[];
    const kanban = (await call('GET', '/api/staff/tickets?view=kanban', cookies.admin)).json() as Listed[];
    const open = await t.app.db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .select(['t.ticket_id', 'c.mode'])
      .where((eb) => eb.or([eb('t.status_id', '<=', 4), eb('t.status_id', '>=', 7)]))
      .execute();
    expect(list.map((x) => x.ticket_id).sort((a, b) => a - b)).toEqual(open.map((x) => x.ticket_id).sort((a, b) => a - b));
    expect(kanban.map((x) => x.ticket_id).sort((a, b) => a - b)).toEqual(open.filter((x) => x.mode === MODE.active).map((x) => x.ticket_id).sort((a, b) => a - b));
    expect(list.some((x) => x.company_name === 'Initech')).toBe(true);
    expect(kanban.some((x) => x.company_name === 'Initech')).toBe(false);
    const acmeRow = list.find((x) => x.company_name === 'Acme, LLC')!;
    expect(acmeRow.is_maintenance).toBe(1);
    expect(list.find((x) => x.company_name === 'Globex Corporation')!.is_maintenance).toBe(0);
    expect((await call('GET', '/api/staff/tickets?view=grid', cookies.admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/staff/tickets', cookies.client)).statusCode).toBe(403);
  });

  test('lists carry no descriptions (no list shows them; they were most of the bytes polled)', async () => {
    const staff = (await call('GET', '/api/staff/tickets', cookies.agent)).json() as object[];
    const agentId = (await t.app.db.selectFrom('contacts').select('contact_id').where('email', '=', 'agent@demo.test').executeTakeFirstOrThrow()).contact_id;
    const mine = (await call('GET', `/api/contact/${agentId}/tickets`, cookies.agent)).json() as object[];
    expect(staff.length).toBeGreaterThan(0);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of [...staff, ...mine]) expect(row).not.toHaveProperty('description');
  });
});

describe('bulk update', () => {
  test('assigns selected tickets in one action: status 1 becomes 2, date_assigned stamped, the assignee told', async () => {
    const a = await ticket({ company_id: ids.acme, status_id: STATUS.backlog, title: 'Bulk A' });
    const b = await ticket({ company_id: ids.acme, status_id: STATUS.inProgress, assignee_id: ids.sam, title: 'Bulk B' });
    const res = await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [a, b, a], assignee_id: ids.agent });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { updated: number; tickets: Listed[] };
    expect(body.updated).toBe(2);
    expect(body.tickets.map((x) => [x.ticket_id, x.status_id, x.assignee_name])).toEqual([[a, STATUS.assigned, 'Alex Agent'], [b, STATUS.inProgress, 'Alex Agent']]);
    expect((await row(a)).date_assigned).not.toBeNull();
    const notes = await t.app.db.selectFrom('notifications').select(['ticket_id', 'note']).where('contact_id', '=', ids.agent).where('ticket_id', 'in', [a, b]).execute();
    expect(notes.map((n) => n.note).sort()).toEqual(['You were assigned: Bulk A.', 'You were assigned: Bulk B.']);

    const moved = await call('PUT', '/api/ticket/bulk', cookies.agent, { ticket_ids: [a, b], status_id: '4' });
    expect(moved.json().tickets.map((x: Listed) => x.status_id)).toEqual([STATUS.testing, STATUS.testing]);
    const done = await call('PUT', '/api/ticket/bulk', cookies.agent, { ticket_ids: [a], status_id: STATUS.complete });
    expect(done.json().updated).toBe(1);
    expect((await row(a)).date_completed).not.toBeNull();
    const unassigned = await call('PUT', '/api/ticket/bulk', cookies.agent, { ticket_ids: [b], assignee_id: null });
    expect(unassigned.json().tickets[0]).toMatchObject({ assignee_id: null, status_id: STATUS.backlog });
    expect((await call('PUT', '/api/ticket/bulk', cookies.agent, { ticket_ids: [b], status_id: STATUS.backlog })).json().updated).toBe(0);
  });

  test('all or nothing: a missing ticket changes none; bad input 400; clients 403', async () => {
    const a = await ticket({ company_id: ids.acme, status_id: STATUS.backlog, title: 'Bulk C' });
    const missing = await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [a, 999_999], assignee_id: ids.agent });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MESSAGES.ticketNotFound);
    expect((await row(a)).assignee_id).toBeNull();
    for (const payload of [
      { ticket_ids: [a] },
      { ticket_ids: [], status_id: 2 },
      { ticket_ids: [a], status_id: 99 },
      { ticket_ids: [a], assignee_id: ids.client },
      { ticket_ids: ['x'], status_id: 2 },
    ]) {
      const res = await call('PUT', '/api/ticket/bulk', cookies.admin, payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await call('PUT', '/api/ticket/bulk', cookies.client, { ticket_ids: [a], status_id: 2 })).statusCode).toBe(403);
    expect((await row(a)).status_id).toBe(STATUS.backlog);
  });
});
