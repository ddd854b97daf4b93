import { MESSAGES } from '@portal/domain';
import { DEFAULT_LIST_PREFS } from '@portal/domain';
import { createTestApp, type DemoCookies, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let ids: Record<'admin' | 'agent' | 'client', number>;
let clientId: number;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example' });
  cookies = await t.loginDemoUsers();
  ids = { admin: await t.contactId('admin@demo.test'), agent: await t.contactId('agent@demo.test'), client: await t.contactId('client@demo.test') };
  clientId = ids.client;
  cookie = cookies.client;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const savePrefs = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}/meta/note_prefs`, headers: { cookie }, payload: payload as object });

test('the staff list: groups 1-4 only, staff only', async () => {
  const res = await call('GET', '/api/contact?group=staff', cookies.agent);
  expect(res.json().map((c: { group_id: number }) => c.group_id).sort()).toEqual([1, 2, 3, 4]);
  expect((await call('GET', '/api/contact?group=staff', cookies.client)).statusCode).toBe(403);
  expect((await call('GET', '/api/contact', cookies.agent)).statusCode).toBe(400);
});

describe('PUT /api/contact/:id/meta/note_prefs', () => {
  test('saves the preferences and answers a list whose first item is the meta', async () => {
    const res = await savePrefs({ meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: true }) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toMatchObject({ meta_key: 'note_prefs', id: expect.any(Number) });
    expect(JSON.parse(list[0].meta_value)).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: true });

    const contact = (await t.app.inject({ method: 'GET', url: `/api/contact/${clientId}`, headers: { cookie } })).json();
    const stored = contact.meta.filter((m: { meta_key: string }) => m.meta_key === 'note_prefs');
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].meta_value)).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: true });
  });

  test.each([
    ['text that is not JSON', { meta_key: 'note_prefs', meta_value: '{sendHourly:' }],
    ['a missing flag', { meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false }) }],
    ['a string flag', { meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: 'true', sendDaily: false, sendWeekly: false }) }],
    ['an extra key', { meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false, x: 1 }) }],
    ['another meta key', { meta_key: 'pay_rate', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }) }],
    ['a JSON object instead of text', { meta_key: 'note_prefs', meta_value: { sendHourly: true, sendDaily: false, sendWeekly: false } }],
  ])('rejects %s with 400 Invalid input.', async (_label, payload) => {
    const res = await savePrefs(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
  });
});

describe('GET and PUT /api/contact/:id', () => {
  test('answers the contact with companies and meta, and updates own fields', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload: { first_name: 'Cassie', phone: '555-020-0009' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact_id: clientId, first_name: 'Cassie', phone: '555-020-0009', group_id: 5 });
  });

  test('an e-mail already used by another contact is refused', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload: { email: 'Agent@demo.test' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });
  });

  test('a too-short password is refused with Contact not updated.', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload: { password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotUpdated });
  });

  test('an admin changes a group; a client cannot change its own', async () => {
    const admin = await t.login('admin@demo.test');
    const danaId = await t.contactId('dana@acme.test');
    const promoted = await t.app.inject({ method: 'PUT', url: `/api/contact/${danaId}`, headers: { cookie: admin }, payload: { group_id: 4 } });
    expect(promoted.json().group_id).toBe(4);
    const self = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload: { group_id: 1 } });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(MESSAGES.notAuthorized);
    // Sending the unchanged group is not a change.
    const same = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload: { group_id: 5 } });
    expect(same.statusCode).toBe(200);
  });

  test("a new password of one's own needs the current one; an admin sets someone else's without it", async () => {
    const own = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie }, payload });
    expect((await own({ password: 'a-new-secret-1' })).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotUpdated });
    expect((await own({ password: 'a-new-secret-1', current_password: 'wrong-one' })).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotUpdated });
    expect((await own({ password: 'a-new-secret-1', current_password: 'portal-demo' })).statusCode).toBe(200);
    expect(await t.login('client@demo.test', 'a-new-secret-1')).toMatch(/^portal_session=/);
    const byAdmin = await t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}`, headers: { cookie: cookies.admin }, payload: { password: 'portal-demo' } });
    expect(byAdmin.statusCode).toBe(200);
    expect(await t.login('client@demo.test')).toMatch(/^portal_session=/);
  });

  test('a missing contact is 404 Contact not found.', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/424242', headers: { cookie: admin } });
    expect(res.json()).toEqual({ statusCode: 404, error: MESSAGES.contactNotFound });
  });
});

describe('POST /api/contact', () => {
  test('an admin creates a client (group 5 by default) who cannot sign in until a reset', async () => {
    const res = await call('POST', '/api/contact', cookies.admin, { first_name: 'Nia', last_name: 'New', email: ' Nia@Example.test ', phone: '555-600-0001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ first_name: 'Nia', email: 'nia@example.test', group_id: 5, companies: [], company_id: null });
    const stored = await t.app.repos.contacts.findById(res.json().contact_id);
    expect(stored).toMatchObject({ active: 1 });
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/);
    const agent = await call('POST', '/api/contact', cookies.admin, { first_name: 'Ari', last_name: 'Agent', email: 'ari@demo.test', group_id: '3' });
    expect(agent.json().group_id).toBe(3);
  });

  test('a taken e-mail is 409; bad fields answer their message; only admins create', async () => {
    const create = (payload: object, who = cookies.admin) => call('POST', '/api/contact', who, payload);
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'CLIENT@demo.test' })).json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'x@nowhere' })).json().error).toBe(MESSAGES.invalidEmail);
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'x@y.test', phone: '123' })).json().error).toBe(MESSAGES.invalidPhone);
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'x@y.test', group_id: 42 })).json().error).toBe(MESSAGES.contactNotCreated);
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'x@y.test', group_id: 'boss' })).json().error).toBe(MESSAGES.contactNotCreated);
    expect((await create({ first_name: 'X', last_name: 'Y', email: 'x@y.test' }, cookies.agent)).statusCode).toBe(403);
  });
});

describe('saved list preferences', () => {
  test('defaults until saved; saved per user; read back as saved', async () => {
    expect((await call('GET', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.agent)).json()).toEqual(DEFAULT_LIST_PREFS);
    const prefs = { sortBy: 'dateDue', direction: 'ASC', statusFilters: [1, 7, 1], maintenanceOnly: false };
    const saved = await call('PUT', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.agent, prefs);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...prefs, statusFilters: [1, 7] });
    expect((await call('GET', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.agent)).json()).toEqual({ ...prefs, statusFilters: [1, 7] });
    expect((await call('GET', `/api/contact/${ids.admin}/meta/list_prefs`, cookies.admin)).json()).toEqual(DEFAULT_LIST_PREFS);
  });

  test('Complete, Cancelled, unknown sorts and extra keys are refused; only the owner reads or writes', async () => {
    const good = { sortBy: 'company', direction: 'DESC', statusFilters: [2], maintenanceOnly: true };
    for (const payload of [
      { ...good, statusFilters: [2, 5] },
      { ...good, statusFilters: [6] },
      { ...good, sortBy: 'title' },
      { ...good, direction: 'down' },
      { ...good, maintenanceOnly: 'yes' },
      { ...good, extra: 1 },
      { sortBy: 'company' },
    ]) {
      const res = await call('PUT', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.agent, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.invalidInput);
    }
    expect((await call('PUT', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.admin, good)).statusCode).toBe(403);
    expect((await call('GET', `/api/contact/${ids.agent}/meta/list_prefs`, cookies.admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/contact/${ids.agent}/meta/list_prefs`)).statusCode).toBe(401);
  });
});
