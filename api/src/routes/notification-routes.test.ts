import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let agent: string;
let client: string;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.login('agent@demo.test');
  client = await t.login('client@demo.test');
  clientId = await t.contactId('client@demo.test');
});
afterAll(async () => {
  await t.close();
});

const list = async () => (await t.app.inject({ method: 'GET', url: `/api/contact/${clientId}/notifications`, headers: { cookie: client } })).json();

test('the seed gives the client notifications, newest first, some with a ticket', async () => {
  const notes = await list();
  expect(notes.length).toBeGreaterThanOrEqual(3);
  const dates = notes.map((n: { date_created: string }) => n.date_created);
  expect([...dates].sort().reverse()).toEqual(dates);
  expect(notes.some((n: { ticket_id: number | null }) => n.ticket_id !== null)).toBe(true);
  expect(notes.some((n: { ticket_id: number | null }) => n.ticket_id === null)).toBe(true);
});

test('staff create a notification; it shows first in the list', async () => {
  const acme = await t.companyId('Acme, LLC');
  const ticketId = (await t.app.repos.tickets.listForCompany(acme))[0]!.ticket_id;
  const res = await t.app.inject({
    method: 'POST', url: '/api/notifications', headers: { cookie: agent },
    payload: { contact_id: clientId, ticket_id: ticketId, note: 'Your ticket was updated.' },
  });
  expect(res.statusCode).toBe(201);
  const created = res.json();
  expect(created).toMatchObject({ contact_id: clientId, ticket_id: ticketId, note: 'Your ticket was updated.', notification_id: expect.any(Number) });
  expect(new Date(created.date_created).toISOString()).toBe(created.date_created);
  expect((await list())[0]).toEqual(created);
});

test.each([
  ['an empty note', (id: number) => ({ contact_id: id, note: '' })],
  ['no contact', () => ({ note: 'hello' })],
  ['a contact that does not exist', () => ({ contact_id: 987654, note: 'hello' })],
  ['a ticket that does not exist', (id: number) => ({ contact_id: id, ticket_id: 987654, note: 'hello' })],
])('refuses %s with Notification not created.', async (_label, body) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/notifications', headers: { cookie: agent }, payload: body(clientId) });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.notificationNotCreated });
});

test('the owner deletes one, then all', async () => {
  const before = await list();
  const first = before[0];
  const one = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first.notification_id}`, headers: { cookie: client } });
  expect(one.json()).toEqual({ deleted: 1 });
  const after = await list();
  expect(after).toHaveLength(before.length - 1);
  expect(after.find((n: { notification_id: number }) => n.notification_id === first.notification_id)).toBeUndefined();

  const again = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first.notification_id}`, headers: { cookie: client } });
  expect(again.statusCode).toBe(404);

  const all = await t.app.inject({ method: 'DELETE', url: `/api/contact/${clientId}/notifications`, headers: { cookie: client } });
  expect(all.json()).toEqual({ deleted: after.length });
  expect(await list()).toEqual([]);
});

test('deleting all touches only that contact', async () => {
  const agentId = await t.contactId('agent@demo.test');
  const agentNotes = (await t.app.inject({ method: 'GET', url: `/api/contact/${agentId}/notifications`, headers: { cookie: agent } })).json();
  expect(agentNotes.length).toBeGreaterThan(0);
});
