import { MESSAGES, STATUS } from '@portal/domain';
import { aTicket, type TicketFields } from '../test-support/factories';
import { createTestApp, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let acme: number;
let ids: DemoIds;

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.loginDemoUsers();
  ids = await t.demoIds();
  acme = ids.acme;
});
afterAll(async () => {
  await t.close();
});

const ticket = (fields: Partial<TicketFields> = {}) =>
  aTicket(t.app, { contact_id: ids.client, company_id: acme, title: 'Work item', description: 'Do it', estimate_required: 1, ...fields });
const put = (id: number, cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, payload, headers: { cookie } });
const row = (id: number) => t.app.repos.tickets.findRow(id);

test('assigning on status 1 moves to 2 and stamps date_assigned; unassigning sets 1; the assignee is notified', async () => {
  const id = await ticket();
  const res = await put(id, cookies.agent, { assignee_id: ids.sam });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ assignee_id: ids.sam, status_id: STATUS.assigned, assignee_name: 'Sam Support' });
  expect(res.json().date_assigned).toEqual(expect.any(String));
  const notes = await t.app.db.selectFrom('notifications').selectAll().where('ticket_id', '=', id).execute();
  expect(notes.map((n) => n.contact_id).sort()).toEqual([ids.client, ids.sam].sort());
  const back = await put(id, cookies.agent, { assignee_id: null });
  expect(back.json()).toMatchObject({ assignee_id: null, status_id: STATUS.backlog });
});

test('status 5 stamps date_completed whatever the client sends; sent derived dates are ignored', async () => {
  const id = await ticket({ status_id: STATUS.inProgress, assignee_id: ids.agent });
  const res = await put(id, cookies.admin, { status_id: 5, date_completed: '1999-01-01T00:00:00Z', date_assigned: '1999-01-01T00:00:00Z' });
  const body = res.json();
  expect(body.status_id).toBe(5);
  expect(Date.now() - new Date(body.date_completed).getTime()).toBeLessThan(60_000);
  expect(body.date_assigned).toBeNull();
});

test('a changed estimated_time sets estimate_approved to -1 even when 1 is sent; agents set estimates, clients cannot', async () => {
  const id = await ticket({ estimated_time: 10, estimate_approved: 1 });
  const res = await put(id, cookies.agent, { estimated_time: 20, estimate_approved: 1 });
  expect(res.json()).toMatchObject({ estimated_time: 20, estimate_approved: -1 });
  const denied = await put(id, cookies.client, { estimated_time: 5 });
  expect(denied.statusCode).toBe(403);
  expect(denied.json().error).toBe(MESSAGES.ticketChangeNotAllowed);
  expect((await row(id))!.estimated_time).toBe(20);
});

test('the client accepts (1) or rejects (0) an estimate; an agent may not answer for the client', async () => {
  const id = await ticket({ estimated_time: 30 });
  expect((await put(id, cookies.agent, { estimate_approved: 1 })).statusCode).toBe(403);
  expect((await put(id, cookies.client, { estimate_approved: 0 })).json().estimate_approved).toBe(0);
  expect((await put(id, cookies.client, { estimate_approved: '1' })).json().estimate_approved).toBe(1);
  expect((await put(id, cookies.client, { estimate_approved: 7 })).statusCode).toBe(400);
});

test.each([
  [STATUS.testing, STATUS.assigned], [STATUS.testing, STATUS.readyToLaunch], [STATUS.testing, STATUS.complete], [STATUS.needMoreInfo, STATUS.assigned],
])('a client may use its button from status %i to %i', async (from, to) => {
  const id = await ticket({ status_id: from, assignee_id: ids.agent });
  const res = await put(id, cookies.client, { status_id: to });
  expect(res.statusCode).toBe(200);
  expect(res.json().status_id).toBe(to);
  const notes = await t.app.db.selectFrom('notifications').selectAll().where('ticket_id', '=', id).execute();
  expect(notes.map((n) => n.contact_id)).toEqual([ids.agent]);
});

test.each([
  [STATUS.backlog, STATUS.assigned], [STATUS.complete, STATUS.inProgress], [STATUS.inProgress, STATUS.testing], [STATUS.needMoreInfo, STATUS.complete],
  [STATUS.cancelled, STATUS.backlog],
])('a client may not move status %i to %i (403, nothing written)', async (from, to) => {
  const id = await ticket({ status_id: from });
  const res = await put(id, cookies.client, { status_id: to });
  expect(res.statusCode).toBe(403);
  expect((await row(id))!.status_id).toBe(from);
});

test('the requesting client edits the title and description while the ticket is in Backlog, and no longer once it is assigned', async () => {
  const id = await ticket();
  const res = await put(id, cookies.client, { title: 'Work item, clearer', description: 'Do **this** part.' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ title: 'Work item, clearer', description: 'Do **this** part.' });
  const trail = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'changes']).where('entity', '=', 'ticket').where('entity_id', '=', id)
    .where('action', '=', 'ticket.updated').execute();
  expect(trail).toEqual([expect.objectContaining({ actor_id: ids.client, changes: expect.stringContaining('Work item, clearer') })]);
  // Dana is of the company but did not ask for it.
  const dana = await t.login('dana@acme.test');
  expect((await put(id, dana, { title: 'Dana was here' })).statusCode).toBe(403);

  expect((await put(id, cookies.agent, { assignee_id: ids.agent })).statusCode).toBe(200);
  const late = await put(id, cookies.client, { description: 'Changed my mind.' });
  expect(late.json()).toEqual({ statusCode: 403, error: MESSAGES.ticketChangeNotAllowed });
  expect((await put(id, cookies.agent, { description: 'Agent notes the scope.' })).json().description).toBe('Agent notes the scope.');
});

test('a client changes nothing else: title outside Backlog, priority, assignee, on hold, due date', async () => {
  const id = await ticket({ status_id: STATUS.inProgress, assignee_id: ids.agent });
  for (const payload of [{ title: 'Mine now' }, { priority_id: 1 }, { assignee_id: ids.sam }, { on_hold: 1 }, { date_due: '2030-01-01T16:00:00Z' }]) {
    const res = await put(id, cookies.client, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGES.ticketChangeNotAllowed);
  }
  expect(await row(id)).toMatchObject({ title: 'Work item', priority_id: 3, assignee_id: ids.agent, on_hold: 0, date_due: null });
});

test('the whole ticket may be sent back: unchanged fields are not changes (a client button works)', async () => {
  const id = await ticket({ status_id: STATUS.testing, assignee_id: ids.agent });
  const current = (await t.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: { cookie: cookies.client } })).json();
  const res = await put(id, cookies.client, { ...current, status_id: STATUS.complete });
  expect(res.statusCode).toBe(200);
  expect(res.json().status_id).toBe(STATUS.complete);
});

test('clients of another company get 403; a missing ticket 404', async () => {
  const id = await ticket({ status_id: STATUS.testing });
  expect((await put(id, cookies.client2, { status_id: STATUS.complete })).statusCode).toBe(403);
  expect((await put(999_999, cookies.admin, { title: 'x' })).statusCode).toBe(404);
});

test('staff edit the fields; an assignee must be staff; bad values are refused and write nothing', async () => {
  const id = await ticket();
  const res = await put(id, cookies.agent, { title: '  New title ', description: 'New text', type_id: '3', priority_id: 1, on_hold: true, date_due: '2030-02-03T16:00:00Z', estimate_required: 0 });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ title: 'New title', description: 'New text', type_id: 3, priority_id: 1, on_hold: 1, date_due: '2030-02-03T16:00:00.000Z', estimate_required: 0 });
  const before = await row(id);
  for (const payload of [{ assignee_id: ids.client }, { assignee_id: 999_999 }, { status_id: 42 }, { type_id: 5 }, { title: '  ' }, { date_due: 'tomorrow' }]) {
    expect((await put(id, cookies.admin, payload)).statusCode).toBe(400);
  }
  expect((await put(id, cookies.admin, { date_due: '1850-01-01T00:00:00Z' })).json().error).toBe(MESSAGES.inputOutOfRange);
  expect(await row(id)).toEqual(before);
  expect((await put(id, cookies.admin, { date_due: null })).json().date_due).toBeNull();
});

test('agents never get the value; admins and clients do', async () => {
  const id = await ticket();
  expect((await put(id, cookies.agent, { on_hold: 1 })).json()).not.toHaveProperty('value');
  expect((await put(id, cookies.admin, { on_hold: 0 })).json().value).toBe(0);
});

test.each([STATUS.backlog, STATUS.assigned, STATUS.inProgress, STATUS.testing])('a client of the company cancels its ticket in status %i (to 6); a client of another company may not', async (from) => {
  const id = await ticket({ status_id: from, assignee_id: from === STATUS.backlog ? null : ids.agent });
  const foreign = await put(id, cookies.client2, { status_id: STATUS.cancelled });
  expect(foreign.statusCode).toBe(403);
  expect((await row(id))?.status_id).toBe(from);
  const res = await put(id, cookies.client, { status_id: STATUS.cancelled });
  expect(res.statusCode).toBe(200);
  expect(res.json().status_id).toBe(STATUS.cancelled);
});

test('a client of the company reopens a completed ticket (5 to 1); a client of another company may not', async () => {
  const id = await ticket({ status_id: STATUS.complete, date_completed: t.app.config.clock().toISOString() });
  expect((await put(id, cookies.client2, { status_id: STATUS.backlog })).statusCode).toBe(403);
  expect((await row(id))?.status_id).toBe(STATUS.complete);
  const res = await put(id, cookies.client, { status_id: STATUS.backlog });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status_id: STATUS.backlog, assignee_id: null });
});
