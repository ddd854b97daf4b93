import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let clientId: number;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  clientId = await t.contactId('client@demo.test');
  cookie = await t.login('client@demo.test');
});
afterAll(async () => {
  await t.close();
});

const savePrefs = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/contact/${clientId}/meta/note_prefs`, headers: { cookie }, payload: payload as object });

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

  test('a missing contact is 404 Contact not found.', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/424242', headers: { cookie: admin } });
    expect(res.json()).toEqual({ statusCode: 404, error: MESSAGES.contactNotFound });
  });
});
