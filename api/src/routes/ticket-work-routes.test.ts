import { MESSAGES, STATUS } from '@portal/domain';
import { createTestApp, type DemoCookies, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let acme: number;
let ids: Record<'admin' | 'agent' | 'client' | 'sam', number>;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.loginDemoUsers();
  acme = await t.companyId('Acme, LLC');
  ids = {
    admin: await t.contactId('admin@demo.test'),
    agent: await t.contactId('agent@demo.test'),
    client: await t.contactId('client@demo.test'),
    sam: await t.contactId('sam.support@demo.test'),
  };
  const now = new Date().toISOString();
  ticketId = await t.app.repos.tickets.create({
    contact_id: ids.client, company_id: acme, assignee_id: ids.agent, title: 'Work log', description: 'x', type_id: 2, priority_id: 3,
    status_id: STATUS.inProgress, date_created: now, date_updated: now, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
  });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('activity', () => {
  test('id 0 or below answers "Input out of range."', async () => {
    for (const id of [0, -3]) {
      const res = await call('GET', `/api/ticket/${id}/activity`, cookies.agent);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.inputOutOfRange);
    }
  });

  test('any viewer writes a note as itself (a body contact_id is ignored); newest first; admins delete', async () => {
    const first = await call('POST', '/api/activity', cookies.client, { ticket_id: ticketId, contact_id: ids.admin, note: 'Any news?' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ contact_id: ids.client, contact_name: 'Casey Client', note: 'Any news?' });
    const second = await call('POST', '/api/activity', cookies.agent, { ticket_id: String(ticketId), note: 'Working on it.' });
    expect(second.json().contact_name).toBe('Alex Agent');
    const feed = (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.client)).json();
    expect(feed.slice(0, 2).map((a: { note: string }) => a.note)).toEqual(['Working on it.', 'Any news?']);

    expect((await call('DELETE', `/api/activity/${first.json().activity_id}`, cookies.agent)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/activity/${first.json().activity_id}`, cookies.admin)).json()).toEqual({ deleted: 1 });
  });

  test('a note without a contact reads as the support team (contact_name null)', async () => {
    await t.app.repos.activity.create({ ticket_id: ticketId, contact_id: null, contact_name: null, note: 'System note' });
    const feed = (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.agent)).json();
    expect(feed.find((a: { note: string }) => a.note === 'System note')).toMatchObject({ contact_id: null, contact_name: null });
  });

  test('an empty note or another company\'s ticket writes nothing', async () => {
    const before = (await t.app.repos.activity.listForTicket(ticketId)).length;
    const empty = await call('POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(MESSAGES.activityNotCreated);
    expect((await call('POST', '/api/activity', cookies.client2, { ticket_id: ticketId, note: 'Hi' })).statusCode).toBe(403);
    expect((await call('POST', '/api/activity', cookies.agent, { ticket_id: 999_999, note: 'Hi' })).statusCode).toBe(404);
    expect((await t.app.repos.activity.listForTicket(ticketId)).length).toBe(before);
  });
});

describe('time', () => {
  test('staff log time; the total follows; company and names are snapshots kept for billing', async () => {
    const res = await call('POST', '/api/time', cookies.agent, { ticket_id: ticketId, time: 5, description: 'Fixed the form' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total_time: 5, entry: { time: 5, contact_id: ids.agent, contact_name: 'Alex Agent', ticket_id: ticketId } });
    await call('POST', '/api/time', cookies.admin, { ticket_id: ticketId, contact_id: ids.sam, time: '3', description: 'Review' });
    const list = (await call('GET', `/api/ticket/${ticketId}/time`, cookies.client)).json();
    expect(list.total_time).toBe(8);
    expect(list.entries).toHaveLength(2);
    const stored = await t.app.db.selectFrom('time_entries').selectAll().where('ticket_id', '=', ticketId).execute();
    expect(stored.every((e) => e.company_id === acme && e.company_name === 'Acme, LLC')).toBe(true);
    expect(stored.find((e) => e.contact_id === ids.agent)!.pay_rate).toBe(40);
    expect((await call('GET', `/api/ticket/${ticketId}`, cookies.client)).json().total_time).toBe(8);
  });

  test.each([
    [{ time: 0, description: 'x' }], [{ time: 4, description: '  ' }], [{ time: 4 }], [{ description: 'x' }], [{ time: 'abc', description: 'x' }],
  ])('%j answers the time-entry message and writes nothing', async (payload) => {
    const before = await t.app.repos.time.totalForTicket(ticketId);
    const res = await call('POST', '/api/time', cookies.agent, { ticket_id: ticketId, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.invalidTimeEntry);
    expect(await t.app.repos.time.totalForTicket(ticketId)).toBe(before);
  });

  test('clients cannot log time; agents only for themselves; the contact must be staff', async () => {
    const before = await t.app.repos.time.totalForTicket(ticketId);
    expect((await call('POST', '/api/time', cookies.client, { ticket_id: ticketId, time: 2, description: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/time', cookies.agent, { ticket_id: ticketId, contact_id: ids.sam, time: 2, description: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/time', cookies.admin, { ticket_id: ticketId, contact_id: ids.client, time: 2, description: 'x' })).json().error).toBe(MESSAGES.invalidTimeEntry);
    expect((await call('POST', '/api/time', cookies.admin, { ticket_id: ticketId, time: 500, description: 'x' })).json().error).toBe(MESSAGES.inputOutOfRange);
    expect(await t.app.repos.time.totalForTicket(ticketId)).toBe(before);
  });

  test('time logged survives deleting the company (billing history)', async () => {
    const company = await t.app.repos.companies.create({ name: 'Short-lived Co' });
    const now = new Date().toISOString();
    const id = await t.app.repos.tickets.create({
      contact_id: null, company_id: company, assignee_id: null, title: 'Gone soon', description: 'x', type_id: 2, priority_id: 3,
      status_id: 1, date_created: now, date_updated: now, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    });
    await call('POST', '/api/time', cookies.agent, { ticket_id: id, time: 7, description: 'Before the end' });
    await t.app.db.deleteFrom('companies').where('company_id', '=', company).execute();
    const kept = await t.app.db.selectFrom('time_entries').selectAll().where('company_id', '=', company).execute();
    expect(kept).toEqual([expect.objectContaining({ time: 7, company_name: 'Short-lived Co', ticket_id: id })]);
  });
});

describe('tasks', () => {
  test('staff add, tick off, untick, reword and delete tasks; every viewer reads them in order', async () => {
    const a = (await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { ticket_id: ticketId, instruction: 'First' })).json();
    const b = (await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.admin, { instruction: 'Second' })).json();
    expect(b.sort_order).toBe(a.sort_order + 1);
    const done = await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { ...a, date_completed: '2030-01-02T03:04:05Z' });
    expect(done.json().date_completed).toBe('2030-01-02T03:04:05.000Z');
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { date_completed: 'null' })).json().date_completed).toBeNull();
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { instruction: 'First, reworded' })).json().instruction).toBe('First, reworded');
    const list = (await call('GET', `/api/ticket/${ticketId}/tasks`, cookies.client)).json();
    expect(list.map((task: { instruction: string }) => task.instruction)).toEqual(['First, reworded', 'Second']);
    expect((await call('DELETE', `/api/ticket/${ticketId}/tasks/${b.task_id}`, cookies.agent)).json()).toEqual({ deleted: 1 });
  });

  test('clients cannot write tasks; bad input and foreign task ids are refused', async () => {
    const [task] = await t.app.repos.tasks.create(ticketId, ['Keep me']);
    expect((await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.client, { instruction: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.client, { date_completed: new Date().toISOString() })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.client)).statusCode).toBe(403);
    expect((await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { instruction: ' ' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.agent, { date_completed: 'someday' })).statusCode).toBe(400);
    const other = (await t.app.repos.tickets.listForCompany(acme)).find((x) => x.ticket_id !== ticketId)!.ticket_id;
    expect((await call('DELETE', `/api/ticket/${other}/tasks/${task!.task_id}`, cookies.agent)).statusCode).toBe(404);
    expect(await t.app.repos.tasks.findById(task!.task_id)).toMatchObject({ instruction: 'Keep me', date_completed: null });
  });
});
