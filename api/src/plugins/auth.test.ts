import { MESSAGES } from '@portal/domain';
import { hashSecretToken } from '../password';
import { createTestApp, sessionCookie, type TestApp } from '../test-support/test-app';

// docs/architecture.md#security: a session ends after SESSION_IDLE_HOURS unused and is renewed by use (at
// most one write a minute); signing in always issues a new session id.

const HOUR = 60 * 60 * 1000;
let now = new Date('2030-06-01T08:00:00.000Z');
// Hours pass here in an instant: the batch of renewals the timer would have written meanwhile is written first.
const advance = async (ms: number) => {
  await t.app.sessions.flushTouches();
  now = new Date(now.getTime() + ms);
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, sessionIdleHours: 2 });
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const rowOf = (cookie: string) =>
  t.app.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashSecretToken(cookie.split('=')[1]!)).executeTakeFirst();

test('a session unused for longer than the idle limit ends: 401 as for an expired one', async () => {
  const cookie = await t.login('agent@demo.test');
  await advance(2 * HOUR - 1000);
  expect((await me(cookie)).statusCode).toBe(200);
  await advance(2 * HOUR + 1000);
  const res = await me(cookie);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ statusCode: 401, error: MESSAGES.notSignedIn });
});

test('use renews it, with at most one write a minute', async () => {
  const cookie = await t.login('agent@demo.test');
  const signedIn = now.toISOString();
  expect((await rowOf(cookie))?.last_seen).toBe(signedIn);

  await advance(30_000);
  expect((await me(cookie)).statusCode).toBe(200);
  expect((await rowOf(cookie))?.last_seen).toBe(signedIn);

  await advance(31_000);
  expect((await me(cookie)).statusCode).toBe(200);
  // Written with the next batch of renewals (session-touches.ts), a moment later.
  expect((await rowOf(cookie))?.last_seen).toBe(signedIn);
  await t.app.sessions.flushTouches();
  expect((await rowOf(cookie))?.last_seen).toBe(now.toISOString());

  // In use every hour and a half, it outlives the two-hour idle limit many times over.
  for (let i = 0; i < 6; i++) {
    await advance(1.5 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
  }
});

test('a session used after more than half its idle limit is renewed at once, not with the batch', async () => {
  const cookie = await t.login('agent@demo.test');
  await advance(HOUR + 1000);
  expect((await me(cookie)).statusCode).toBe(200);
  expect((await rowOf(cookie))?.last_seen).toBe(now.toISOString());
});

test('the absolute limit still holds for a session in use', async () => {
  const cookie = await t.login('agent@demo.test');
  for (let hours = 0; hours < 14 * 24; hours += 1) {
    await advance(HOUR);
    if ((await me(cookie)).statusCode !== 200) break;
  }
  expect((await me(cookie)).statusCode).toBe(401);
  expect(now.getTime() - Date.parse((await rowOf(cookie))!.date_created)).toBe(14 * 24 * HOUR);
});

test('a write does not renew a session after the idle limit', async () => {
  const cookie = await t.login('client@demo.test');
  await advance(3 * HOUR);
  const res = await t.app.inject({ method: 'POST', url: '/api/notifications', headers: { cookie }, payload: { contact_id: 1, note: 'late' } });
  expect(res.statusCode).toBe(401);
  expect((await me(cookie)).statusCode).toBe(401);
});

test('signing in with a session cookie ends that session and issues a new token', async () => {
  const first = await t.login('client@demo.test');
  const again = await t.app.inject({
    method: 'POST', url: '/api/auth/login', headers: { cookie: first }, payload: { username: 'client@demo.test', password: 'portal-demo' },
  });
  expect(again.statusCode).toBe(200);
  const second = sessionCookie(again);
  expect(second).not.toBe(first);
  expect(await rowOf(first)).toBeUndefined();
  expect((await me(first)).statusCode).toBe(401);
  expect((await me(second)).statusCode).toBe(200);
});

test('a planted session id never becomes signed in', async () => {
  const planted = 'portal_session=chosen-by-an-attacker';
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login', headers: { cookie: planted }, payload: { username: 'admin@demo.test', password: 'portal-demo' },
  });
  expect(res.statusCode).toBe(200);
  expect(sessionCookie(res)).not.toBe(planted);
  expect(await rowOf(planted)).toBeUndefined();
  expect((await me(planted)).statusCode).toBe(401);
});

test('sign-in clears out expired and idle sessions', async () => {
  await t.login('agent@demo.test');
  await advance(3 * HOUR);
  const fresh = await t.login('agent@demo.test');
  const rows = await t.app.db.selectFrom('sessions').selectAll().execute();
  expect(rows.map((row) => row.token_hash)).toEqual([hashSecretToken(fresh.split('=')[1]!)]);
});
