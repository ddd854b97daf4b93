import { MESSAGES } from '@portal/domain';
import { createTestApp, sessionCookie, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

/** Passwords and their hashes must never leave the server, under any key. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('scrypt$');
}

test('signs in with a trimmed, case-insensitive e-mail and sets the session cookie', async () => {
  const res = await login('  Client@Demo.TEST ', 'portal-demo', '10.0.0.2');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.dashboard).toBe('/clients');
  expect(body.contact).toMatchObject({ email: 'client@demo.test', group_id: 5, first_name: 'Casey' });
  expect(body.contact.companies[0]).toMatchObject({ name: 'Acme, LLC', primary: 1 });
  expectNoSecrets(res.body);

  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/^portal_session=[\w-]{43};/);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Lax');
  expect(setCookie).toContain('Path=/');
  expect(setCookie).not.toContain('Secure');
  expect(setCookie).toMatch(/Max-Age=1209600/);
});

test('each group lands on its dashboard', async () => {
  for (const [email, dashboard] of [['admin@demo.test', '/admins'], ['agent@demo.test', '/agents'], ['client2@demo.test', '/clients']]) {
    const res = await login(email!, 'portal-demo', `10.0.1.${dashboard!.length}`);
    expect(res.json().dashboard).toBe(dashboard);
  }
});

test('a wrong password or unknown user answers 401 with the catalogue message', async () => {
  for (const username of ['client@demo.test', 'nobody@demo.test']) {
    const res = await login(username, 'wrong-password', '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: MESSAGES.invalidCredentials });
    expect(res.headers['set-cookie']).toBeUndefined();
  }
});

test('a malformed login body answers 400 with a message', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
});

test('too many attempts for one IP and username answer 429 with the brief’s message', async () => {
  const ip = '10.9.9.9';
  for (let attempt = 0; attempt < 3; attempt++) {
    expect((await login('agent@demo.test', 'bad-guess', ip)).statusCode).toBe(401);
  }
  const limited = await login('agent@demo.test', 'portal-demo', ip);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyLogins });
  // Another account from the same address is not locked out.
  expect((await login('admin@demo.test', 'portal-demo', ip)).statusCode).toBe(200);
});

test('me answers the session; logout deletes it so the old cookie is refused', async () => {
  const res = await login('agent@demo.test', 'portal-demo', '10.0.0.4');
  const cookie = sessionCookie(res);
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ dashboard: '/agents', contact: { email: 'agent@demo.test' } });
  expectNoSecrets(me.body);

  const sessionsBefore = await t.app.db.selectFrom('sessions').select('session_id').execute();
  const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
  expect(logout.statusCode).toBe(200);
  expect(logout.json()).toEqual({ ok: true });
  expect(String(logout.headers['set-cookie'])).toMatch(/portal_session=;.*Expires=Thu, 01 Jan 1970/);
  const sessionsAfter = await t.app.db.selectFrom('sessions').select('session_id').execute();
  expect(sessionsAfter).toHaveLength(sessionsBefore.length - 1);

  const again = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  expect(again.statusCode).toBe(401);
  expect(again.json()).toEqual({ statusCode: 401, error: MESSAGES.notSignedIn });
});

test('only the sha256 of the token is stored', async () => {
  const cookie = sessionCookie(await login('client2@demo.test', 'portal-demo', '10.0.0.5'));
  const token = cookie.split('=')[1]!;
  const rows = await t.app.db.selectFrom('sessions').select('token_hash').execute();
  expect(rows.some((row) => row.token_hash === token)).toBe(false);
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
});

test('a forged or expired cookie is anonymous', async () => {
  const forged = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'portal_session=forged' } });
  expect(forged.statusCode).toBe(401);

  const cookie = sessionCookie(await login('admin@demo.test', 'portal-demo', '10.0.0.6'));
  await t.app.db.updateTable('sessions').set({ expires: new Date(Date.now() - 1000).toISOString() }).execute();
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
});

test('changing a password hashes it: the new one signs in, the hash is never answered', async () => {
  const cookie = sessionCookie(await login('client2@demo.test', 'portal-demo', '10.0.0.7'));
  const id = await t.contactId('client2@demo.test');
  const res = await t.app.inject({ method: 'PUT', url: `/api/contact/${id}`, headers: { cookie }, payload: { password: 'a-new-secret-1', current_password: 'portal-demo' } });
  expect(res.statusCode).toBe(200);
  expectNoSecrets(res.body);
  const stored = await t.app.repos.contacts.findById(id);
  expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
  expect(stored?.password_hash).not.toContain('a-new-secret-1');
  expect((await login('client2@demo.test', 'a-new-secret-1', '10.0.0.8')).statusCode).toBe(200);
  expect((await login('client2@demo.test', 'portal-demo', '10.0.0.8')).statusCode).toBe(401);

  const get = await t.app.inject({ method: 'GET', url: `/api/contact/${id}`, headers: { cookie } });
  expectNoSecrets(get.body);
});
