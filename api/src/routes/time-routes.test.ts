import { MESSAGES } from '@portal/domain';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, acme: number, ticketId: number;
beforeAll(async () => ({ t, call, cookies, ids, acme, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

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
    const company = await t.app.repos.companies.create(t.app.db, { name: 'Short-lived Co' });
    const now = t.app.config.clock().toISOString();
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
