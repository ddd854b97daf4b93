import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

// docs/architecture.md#security: a new password ends the contact's other sessions; its own change keeps the session
// it was made from, an admin's change for someone else ends them all.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const update = (cookie: string, contactId: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/contact/${contactId}`, headers: { cookie }, payload });

test("one's own new password ends one's other sessions and keeps this one", async () => {
  const id = await t.contactId('client2@demo.test');
  const here = await t.login('client2@demo.test');
  const phone = await t.login('client2@demo.test');
  const laptop = await t.login('client2@demo.test');
  const someoneElse = await t.login('client@demo.test');

  const res = await update(here, id, { password: 'a-new-secret-1', current_password: 'portal-demo' });
  expect(res.statusCode).toBe(200);
  expect((await me(here)).statusCode).toBe(200);
  expect((await me(phone)).json()).toEqual({ statusCode: 401, error: MESSAGES.notSignedIn });
  expect((await me(laptop)).statusCode).toBe(401);
  expect((await me(someoneElse)).statusCode).toBe(200);
  expect(await t.login('client2@demo.test', 'a-new-secret-1')).toMatch(/^portal_session=/);
});

test('a wrong current password changes nothing and ends no session', async () => {
  const id = await t.contactId('client2@demo.test');
  const here = await t.login('client2@demo.test', 'a-new-secret-1');
  const other = await t.login('client2@demo.test', 'a-new-secret-1');
  expect((await update(here, id, { password: 'a-third-secret', current_password: 'wrong' })).statusCode).toBe(400);
  expect((await me(other)).statusCode).toBe(200);
});

test('an update without a password ends no session', async () => {
  const id = await t.contactId('dana@acme.test');
  const here = await t.login('dana@acme.test');
  const other = await t.login('dana@acme.test');
  expect((await update(here, id, { title: 'Ms' })).statusCode).toBe(200);
  expect((await me(other)).statusCode).toBe(200);
});

test("an admin setting someone's password ends every session of that contact, and none of the admin's", async () => {
  const id = await t.contactId('agent@demo.test');
  const agentA = await t.login('agent@demo.test');
  const agentB = await t.login('agent@demo.test');
  const admin = await t.login('admin@demo.test');
  const adminElsewhere = await t.login('admin@demo.test');

  expect((await update(admin, id, { password: 'set-by-the-admin' })).statusCode).toBe(200);
  expect((await me(agentA)).statusCode).toBe(401);
  expect((await me(agentB)).statusCode).toBe(401);
  expect((await me(admin)).statusCode).toBe(200);
  expect((await me(adminElsewhere)).statusCode).toBe(200);
  expect(await t.login('agent@demo.test', 'set-by-the-admin')).toMatch(/^portal_session=/);
});
