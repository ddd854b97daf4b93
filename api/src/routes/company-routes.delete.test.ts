import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, MODE, STATUS } from '@portal/domain';
import { hashPassword } from '../password';
import { aTicket } from '../test-support/factories';
import { PNG_BYTES, multipartBody } from '../test-support/multipart';
import { openDemoCast, type DemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let call: DemoCast['call'];
let cookies: DemoCookies;
let ids: DemoIds;

beforeAll(async () => {
  ({ t, call, cookies, ids } = await openDemoCast());
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'tickets' | 'activity' | 'tasks' | 'notifications' | 'attachments', ticketIds: number[]) =>
  (await t.app.db.selectFrom(table).select('ticket_id').where('ticket_id', 'in', ticketIds).execute()).length;

test('deleting a company removes what hangs from it, deactivates its own clients and keeps the time logged', async () => {
  const created = (await call('POST', '/api/company', cookies.admin, { name: 'Doomed Co', url: 'https://doomed.example', mode: MODE.active })).json();
  const companyId: number = created.company_id;
  const person = { title: 'Owner', first_name: 'Olly', last_name: 'Only', email: 'olly@doomed.example', phone: '555-300-0001', primary: 1 };
  const only = (await call('POST', `/api/company/${companyId}/contacts`, cookies.admin, person)).json();
  const blake = await t.contactId('client2@demo.test');
  expect((await call('POST', `/api/company/${companyId}/contacts`, cookies.admin, { contact_id: blake, title: 'Advisor' })).statusCode).toBe(201);
  await call('PUT', `/api/company/${companyId}/meta/maintenance_prefs`, cookies.admin, { meta_value: '{"frequency":"monthly","intensity":["security"]}' });

  // Olly signs in before the delete: the session must end with it.
  await t.app.db.updateTable('contacts').set({ password_hash: await hashPassword('olly-secret-1') }).where('contact_id', '=', only.contact_id).execute();
  const ollyCookie = await t.login('olly@doomed.example', 'olly-secret-1');

  const ticketId = await aTicket(t.app, { company_id: companyId, contact_id: only.contact_id, assignee_id: ids.agent, status_id: STATUS.inProgress, title: 'Doomed work' });
  expect((await call('POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: 'Started.' })).statusCode).toBe(201);
  expect((await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { instruction: 'Back up' })).statusCode).toBe(201);
  await t.app.repos.notifications.create({ contact_id: ids.admin, ticket_id: ticketId, note: 'About the doomed ticket' });
  const body = multipartBody([{ filename: 'proof.png', content: PNG_BYTES }]);
  const uploaded = await t.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments`, payload: body.payload, headers: { ...body.headers, cookie: cookies.agent } });
  const storedName = (await t.app.db.selectFrom('attachments').select('stored_name').where('attachment_id', '=', uploaded.json()[0].attachment_id).executeTakeFirstOrThrow()).stored_name;
  const file = path.join(t.app.config.uploadsDir, storedName);
  expect(existsSync(file)).toBe(true);
  expect((await call('POST', '/api/time', cookies.agent, { ticket_id: ticketId, time: 5, description: 'Billable' })).statusCode).toBe(201);
  const elsewhere = await aTicket(t.app, { company_id: ids.acme, title: 'Acme stays' });

  expect((await call('DELETE', `/api/company/${companyId}`, cookies.agent)).statusCode).toBe(403);
  const res = await call('DELETE', `/api/company/${companyId}`, cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ deleted: 1 });

  expect((await call('GET', `/api/company/${companyId}`, cookies.admin)).statusCode).toBe(404);
  for (const table of ['tickets', 'activity', 'tasks', 'notifications', 'attachments'] as const) expect([table, await count(table, [ticketId])]).toEqual([table, 0]);
  expect(existsSync(file)).toBe(false);
  expect(await t.app.db.selectFrom('company_contacts').selectAll().where('company_id', '=', companyId).execute()).toEqual([]);
  expect(await t.app.db.selectFrom('company_meta').selectAll().where('company_id', '=', companyId).execute()).toEqual([]);
  expect((await t.app.repos.tickets.findAccess(elsewhere))?.company_id).toBe(ids.acme);

  // Olly belonged to no other company: kept for the history, but signed out and unable to sign in.
  expect((await t.app.repos.contacts.findById(only.contact_id))?.active).toBe(0);
  expect((await call('GET', '/api/auth/me', ollyCookie)).statusCode).toBe(401);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'olly@doomed.example', password: 'olly-secret-1' } });
  expect(login.statusCode).toBe(401);
  // Blake still has Globex.
  expect((await t.app.repos.contacts.findById(blake))?.active).toBe(1);
  expect((await call('GET', '/api/auth/me', cookies.client2)).statusCode).toBe(200);

  const time = await t.app.db.selectFrom('time_entries').selectAll().where('company_id', '=', companyId).execute();
  expect(time).toEqual([expect.objectContaining({ time: 5, company_name: 'Doomed Co', ticket_id: ticketId, contact_id: ids.agent })]);
  const agentTime = (await call('GET', `/api/contact/${ids.agent}/time`, cookies.agent)).json();
  expect(agentTime).toEqual(expect.arrayContaining([expect.objectContaining({ description: 'Billable', company_name: 'Doomed Co' })]));
});

test('an unknown company is 404; agents and clients may not delete', async () => {
  expect((await call('DELETE', '/api/company/999999', cookies.admin)).json()).toEqual({ statusCode: 404, error: MESSAGES.companyNotFound });
  expect((await call('DELETE', `/api/company/${ids.acme}`, cookies.client)).statusCode).toBe(403);
  expect((await call('DELETE', `/api/company/${ids.acme}`, cookies.agent)).statusCode).toBe(403);
  expect((await call('GET', `/api/company/${ids.acme}`, cookies.admin)).statusCode).toBe(200);
});
