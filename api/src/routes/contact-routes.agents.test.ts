import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { MESSAGES, STATUS } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

// Manage Agents and Manage Companies (docs/product/companies-and-contacts.md#agents): the agents
// with phone and private pay rate, a new agent's set-password mail, deleting an agent
// (#deleting-an-agent), and each company's primary contact.

let t: TestApp;
let cookies: DemoCookies;
let ids: DemoIds;
beforeAll(async () => {
  ({ t, cookies, ids } = await openDemoCast());
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

test('admins list the agents by contact id with phone and pay rate; the pay is theirs only', async () => {
  await t.app.repos.contacts.upsertMeta(t.app.db, ids.agent, 'pay_rate', '40');
  const res = await call('GET', '/api/contact?group=agents', cookies.admin);
  expect(res.statusCode).toBe(200);
  const agents = res.json() as { contact_id: number; pay_rate: number | null; phone: string | null }[];
  expect(agents.map((a) => a.contact_id)).toEqual([...agents.map((a) => a.contact_id)].sort((a, b) => a - b));
  expect(agents.find((a) => a.contact_id === ids.agent)).toMatchObject({ pay_rate: 40, phone: expect.any(String) });
  expect((await call('GET', '/api/contact?group=agents', cookies.agent)).statusCode).toBe(403);
  const staff = (await call('GET', '/api/contact?group=staff', cookies.agent)).json() as object[];
  expect(staff[0]).not.toHaveProperty('pay_rate');
});

test("admins see which agents have a second factor (an enabled app or a passkey); no one else is told", async () => {
  const { security } = t.app.repos;
  const factorOf = async () => {
    const agents = (await call('GET', '/api/contact?group=agents', cookies.admin)).json() as { contact_id: number; has_second_factor: boolean }[];
    return Object.fromEntries(agents.map((a) => [a.contact_id, a.has_second_factor]));
  };
  expect(await factorOf()).toMatchObject({ [ids.agent]: false, [ids.sam]: false });
  const now = new Date();
  await security.startTotp(t.app.db, ids.agent, 'sealed-secret', now);
  expect(await factorOf()).toMatchObject({ [ids.agent]: false });
  await security.enableTotp(t.app.db, ids.agent, 1, now);
  await security.addPasskey(t.app.db, {
    contact_id: ids.sam, credential_id: 'sam-laptop', public_key: 'key', counter: 0, transports: null, name: 'Laptop', date_created: now.toISOString(),
  });
  expect(await factorOf()).toMatchObject({ [ids.agent]: true, [ids.sam]: true });

  const staff = (await call('GET', '/api/contact?group=staff', cookies.agent)).json() as object[];
  expect(staff[0]).not.toHaveProperty('has_second_factor');
  expect((await call('GET', '/api/contact?group=agents', cookies.agent)).statusCode).toBe(403);
  await security.deleteTotp(t.app.db, ids.agent);
  await t.app.db.deleteFrom('passkeys').where('contact_id', '=', ids.sam).execute();
});

test('a new agent gets its pay rate and a set-password mail', async () => {
  const res = await call('POST', '/api/contact', cookies.admin, {
    first_name: 'Nia', last_name: 'New', email: 'nia.new@demo.test', phone: '555-700-0009', group_id: 3, pay_rate: '35.5',
  });
  expect(res.statusCode).toBe(201);
  const { contact_id } = res.json() as { contact_id: number };
  expect(await t.app.repos.contacts.payRate(contact_id)).toBe(35.5);
  const mails = await t.app.db.selectFrom('mail_outbox').select(['to_address', 'text']).where('to_address', '=', 'nia.new@demo.test').execute();
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('/resetpassword/');
});

test('deleting an agent deactivates it, ends its sessions, sends its open tickets back to Backlog and keeps its time', async () => {
  const sam = ids.sam;
  const samCookie = await t.login('sam.support@demo.test', DEMO_PASSWORD);
  const open = await aTicket(t.app, { company_id: ids.acme, assignee_id: sam, status_id: STATUS.inProgress });
  const waiting = await aTicket(t.app, { company_id: ids.acme, assignee_id: sam, status_id: STATUS.needMoreInfo });
  const done = await aTicket(t.app, { company_id: ids.acme, assignee_id: sam, status_id: STATUS.complete });
  const timeBefore = await t.app.db.selectFrom('time_entries').select('time_id').where('contact_id', '=', sam).execute();

  expect((await call('DELETE', `/api/contact/${sam}`, cookies.agent)).statusCode).toBe(403);
  const res = await call('DELETE', `/api/contact/${sam}`, cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().deleted).toBe(1);

  const ticket = (id: number) => t.app.db.selectFrom('tickets').select(['status_id', 'assignee_id']).where('ticket_id', '=', id).executeTakeFirstOrThrow();
  expect(await ticket(open)).toEqual({ status_id: STATUS.backlog, assignee_id: null });
  expect(await ticket(waiting)).toEqual({ status_id: STATUS.backlog, assignee_id: null });
  expect(await ticket(done)).toEqual({ status_id: STATUS.complete, assignee_id: sam });
  expect(await t.app.db.selectFrom('time_entries').select('time_id').where('contact_id', '=', sam).execute()).toEqual(timeBefore);

  expect((await call('GET', '/api/auth/me', samCookie)).statusCode).toBe(401);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'sam.support@demo.test', password: DEMO_PASSWORD } });
  expect(login.statusCode).not.toBe(200);
  const staff = (await call('GET', '/api/contact?group=staff', cookies.admin)).json() as { contact_id: number }[];
  expect(staff.map((s) => s.contact_id)).not.toContain(sam);

  expect((await call('DELETE', `/api/contact/${sam}`, cookies.admin)).json()).toEqual({ statusCode: 409, error: MESSAGES.deleteAgentFailed });
  expect((await call('DELETE', `/api/contact/${ids.admin}`, cookies.admin)).statusCode).toBe(409);
  expect((await call('DELETE', '/api/contact/999999', cookies.admin)).statusCode).toBe(404);
});

test('the company list carries each primary contact for staff when asked, in one answer', async () => {
  const withPrimary = (await call('GET', '/api/company?include=primary', cookies.admin)).json() as { company_id: number; primary_contact?: { email: string; phone: string | null } | null }[];
  expect(withPrimary.find((c) => c.company_id === ids.acme)?.primary_contact).toMatchObject({ email: 'client@demo.test', phone: expect.any(String) });
  const plain = (await call('GET', '/api/company', cookies.admin)).json() as object[];
  expect(plain[0]).not.toHaveProperty('primary_contact');
  const client = (await call('GET', '/api/company?include=primary', cookies.client)).json() as object[];
  expect(client[0]).not.toHaveProperty('primary_contact');
});
