import { SECURITY_MESSAGES, SECOND_FACTOR_MAX_ATTEMPTS } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { captureLogs } from '../test-support/log-capture';
import { createTestPasskey } from '../test-support/passkey-authenticator';
import { createTestApp, sessionCookie, type TestApp } from '../test-support/test-app';

// docs/product/accounts-and-roles.md#account-security: second factors, the staff policy, sessions.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let now = new Date('2026-11-20T10:00:00.000Z');
const logs = captureLogs();
/** Every answer's body: no stored secret may ever be in one. */
const answers: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, logStream: logs.stream, logLevel: 'trace' });
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown, userAgent?: string) {
  const res = await t.app.inject({
    method, url: `/api${url}`, headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  answers.push(res.body);
  return res;
}
const tick = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
const signInCookie = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'portal_sign_in');
  if (!cookie) throw new Error('no sign-in cookie');
  return cookie;
};
const mailTo = async (email: string) => t.app.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', email).orderBy('id').execute();
const auditActions = async (contactId: number) =>
  (await t.app.db.selectFrom('audit_log').select('action').where('entity_id', '=', contactId).orderBy('audit_id').execute()).map((r) => r.action);

async function enrolApp(email: string, password = 'portal-demo') {
  const cookie = await t.login(email, password);
  const started = await call('POST', '/account/security/totp', cookie);
  expect(started.statusCode).toBe(200);
  const { secret, otpauth_url: url, qr_code: qr } = started.json<{ secret: string; otpauth_url: string; qr_code: string }>();
  expect(url).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const confirmed = await call('POST', '/account/security/totp/confirm', cookie, { code: await codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { cookie, secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('an authenticator app', () => {
  test('is confirmed by a first code, then asked after the password; a code is good once, recovery codes once each', async () => {
    const email = 'agent@demo.test';
    const id = await t.contactId(email);
    const other = await t.login(email);
    const cookie = await t.login(email);
    const started = (await call('POST', '/account/security/totp', cookie)).json<{ secret: string }>();
    expect((await call('POST', '/account/security/totp/confirm', cookie, { code: '000000' })).json()).toMatchObject({ error: SECURITY_MESSAGES.wrongCode });
    const confirmed = await call('POST', '/account/security/totp/confirm', cookie, { code: await codeAt(started.secret) });
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Turning a factor on ends the other sessions, keeps this one, and tells the user.
    expect((await call('GET', '/auth/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/account/security', cookie)).json()).toMatchObject({ totp: { enabled: true }, recovery_codes: { remaining: 10 }, passkeys: [] });
    expect((await mailTo(email)).map((m) => m.subject)).toContain('Two-factor sign-in turned on');
    expect((await mailTo(email)).find((m) => m.subject === 'Two-factor sign-in turned on')?.text).toContain(`${t.app.config.publicUrl}/security`);

    const password = await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' });
    expect(password.json()).toEqual({ second_factor: { methods: ['totp', 'recovery'] } });
    expect(password.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const pending = signInCookie(password);
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
    const step = `portal_sign_in=${pending.value}`;
    // The code that confirmed the app is used: it does not sign in.
    expect((await call('POST', '/auth/login/second-factor', step, { method: 'totp', code: await codeAt(started.secret) })).statusCode).toBe(400);
    tick(30);
    const code = await codeAt(started.secret);
    const done = await call('POST', '/auth/login/second-factor', step, { method: 'totp', code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ contact: { email }, dashboard: '/agents', enrol_required: false });
    expect((await call('GET', '/auth/me', sessionCookie(done))).statusCode).toBe(200);
    // The sign-in is used up, and the same code does not open another.
    expect((await call('POST', '/auth/login/second-factor', step, { method: 'totp', code })).json()).toMatchObject({ error: SECURITY_MESSAGES.signInExpired });
    const again = signInCookie(await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }));
    expect((await call('POST', '/auth/login/second-factor', `portal_sign_in=${again.value}`, { method: 'totp', code })).statusCode).toBe(400);

    const third = signInCookie(await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }));
    const recovery = codes[3] as string;
    const byCode = await call('POST', '/auth/login/second-factor', `portal_sign_in=${third.value}`, { method: 'recovery', code: recovery.toLowerCase() });
    expect(byCode.statusCode).toBe(200);
    expect((await call('GET', '/account/security', sessionCookie(byCode))).json()).toMatchObject({ recovery_codes: { remaining: 9 } });
    const fourth = signInCookie(await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }));
    expect((await call('POST', '/auth/login/second-factor', `portal_sign_in=${fourth.value}`, { method: 'recovery', code: recovery })).statusCode).toBe(400);
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['contact.second_factor_enrolled', 'session.recovery_code_used', 'session.second_factor_failed']));

    // Off again, with the password: the app and the codes are gone.
    expect((await call('DELETE', '/account/security/totp', sessionCookie(byCode), { password: 'wrong' })).json()).toMatchObject({ error: SECURITY_MESSAGES.wrongPassword });
    expect((await call('DELETE', '/account/security/totp', sessionCookie(byCode), { password: 'portal-demo' })).statusCode).toBe(200);
    expect((await call('GET', '/account/security', sessionCookie(byCode))).json()).toMatchObject({ totp: { enabled: false }, recovery_codes: { remaining: 0 } });
    expect((await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' })).json()).toHaveProperty('dashboard', '/agents');
  });

  test('too many wrong codes void the sign-in', async () => {
    const { secret } = await enrolApp('sam.support@demo.test');
    const res = await call('POST', '/auth/login', undefined, { username: 'sam.support@demo.test', password: 'portal-demo' });
    const step = `portal_sign_in=${signInCookie(res).value}`;
    for (let i = 1; i < SECOND_FACTOR_MAX_ATTEMPTS; i += 1) {
      expect((await call('POST', '/auth/login/second-factor', step, { method: 'totp', code: '111111' })).statusCode).toBe(400);
    }
    expect((await call('POST', '/auth/login/second-factor', step, { method: 'totp', code: '111111' })).json()).toMatchObject({ error: SECURITY_MESSAGES.tooManyCodes });
    tick(30);
    const right = await call('POST', '/auth/login/second-factor', step, { method: 'totp', code: await codeAt(secret) });
    expect(right.json()).toMatchObject({ statusCode: 401, error: SECURITY_MESSAGES.tooManyCodes });
  });
});

describe('passkeys', () => {
  test('are added with a ceremony, then sign in after the password or instead of it', async () => {
    const email = 'client@demo.test';
    const cookie = await t.login(email);
    const key = createTestPasskey();
    const options = (await call('POST', '/account/security/passkeys/options', cookie)).json<{ options: Record<string, unknown> }>().options;
    expect(options).toMatchObject({ rp: { id: 'localhost' }, attestation: 'none' });
    const added = await call('POST', '/account/security/passkeys', cookie, { name: 'Laptop', response: key.register(options, 'http://localhost') });
    expect(added.statusCode).toBe(200);
    expect(added.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    // The challenge was single use.
    expect((await call('POST', '/account/security/passkeys', cookie, { name: 'Again', response: key.register(options, 'http://localhost') })).statusCode).toBe(400);
    const overview = (await call('GET', '/account/security', cookie)).json<{ passkeys: { id: number; name: string }[] }>();
    expect(overview.passkeys).toEqual([expect.objectContaining({ name: 'Laptop', last_used: null })]);

    // After the password.
    const password = await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' });
    expect(password.json()).toEqual({ second_factor: { methods: ['passkey', 'recovery'] } });
    const step = `portal_sign_in=${signInCookie(password).value}`;
    const second = (await call('POST', '/auth/passkey/options', step)).json<{ options: Record<string, unknown> }>().options;
    expect(second.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    const done = await call('POST', '/auth/passkey/verify', step, { response: key.authenticate(second, 'http://localhost', false) });
    expect(done.json()).toMatchObject({ contact: { email } });

    // Instead of the password: a discoverable passkey, user verified.
    const start = await call('POST', '/auth/passkey/options');
    const passkeyCookie = start.cookies.find((c) => c.name === 'portal_passkey');
    expect(passkeyCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const own = `portal_passkey=${passkeyCookie?.value}`;
    const alone = start.json<{ options: Record<string, unknown> }>().options;
    expect(alone).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const wrongOrigin = await call('POST', '/auth/passkey/verify', own, { response: key.authenticate(alone, 'https://evil.example') });
    expect(wrongOrigin.statusCode).toBe(400);
    const retry = await call('POST', '/auth/passkey/options');
    const retryOptions = retry.json<{ options: Record<string, unknown> }>().options;
    const signedIn = await call('POST', '/auth/passkey/verify', `portal_passkey=${retry.cookies.find((c) => c.name === 'portal_passkey')?.value}`, {
      response: key.authenticate(retryOptions, 'http://localhost'),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ contact: { email }, dashboard: '/clients' });
    expect((await call('GET', '/account/security', sessionCookie(signedIn))).json()).toMatchObject({ passkeys: [{ name: 'Laptop', last_used: now.toISOString() }] });

    const passkeyId = overview.passkeys[0]?.id as number;
    expect((await call('DELETE', `/account/security/passkeys/${passkeyId}`, sessionCookie(signedIn), { password: 'portal-demo' })).statusCode).toBe(200);
    expect((await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' })).json()).toHaveProperty('dashboard', '/clients');
  });
});

describe('the staff policy', () => {
  test('keeps staff without a second factor on the Security page until they enrol; clients are not asked', async () => {
    const admin = await t.login('admin@demo.test');
    // An admin without a second factor would lock themselves out: refused until they have one.
    const refused = await call('PUT', '/admin/security-policy', admin, { require_staff_second_factor: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: SECURITY_MESSAGES.policyNeedsOwnFactor });
    const adminApp = (await call('POST', '/account/security/totp', admin)).json<{ secret: string }>();
    expect((await call('POST', '/account/security/totp/confirm', admin, { code: await codeAt(adminApp.secret) })).statusCode).toBe(200);
    expect((await call('PUT', '/admin/security-policy', admin, { require_staff_second_factor: true })).json()).toEqual({ require_staff_second_factor: true });
    const agent = await call('POST', '/auth/login', undefined, { username: 'agent@demo.test', password: 'portal-demo' });
    expect(agent.json()).toMatchObject({ enrol_required: true });
    const cookie = sessionCookie(agent);
    expect((await call('GET', '/auth/me', cookie)).json()).toMatchObject({ enrol_required: true });
    const blocked = await call('GET', '/company', cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: SECURITY_MESSAGES.enrolRequired });
    expect((await call('POST', '/account/sessions/end-others', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/account/security', cookie)).json()).toMatchObject({ required: true, enrol_required: true });
    // The admin has a second factor: the policy does not stop them.
    expect((await call('GET', '/company', admin)).statusCode).toBe(200);
    const client = await t.login('client2@demo.test');
    expect((await call('GET', '/auth/me', client)).json()).toMatchObject({ enrol_required: false });

    const started = (await call('POST', '/account/security/totp', cookie)).json<{ secret: string }>();
    tick(30);
    expect((await call('POST', '/account/security/totp/confirm', cookie, { code: await codeAt(started.secret) })).statusCode).toBe(200);
    expect((await call('GET', '/company', cookie)).statusCode).toBe(200);
    // The last factor cannot go while the policy requires one.
    expect((await call('DELETE', '/account/security/totp', cookie, { password: 'portal-demo' })).json()).toMatchObject({ error: SECURITY_MESSAGES.lastRequiredFactor });

    // Policy off again: always allowed.
    expect((await call('PUT', '/admin/security-policy', admin, { require_staff_second_factor: false })).statusCode).toBe(200);
    expect((await call('GET', '/admin/security-policy', admin)).json()).toEqual({ require_staff_second_factor: false });
    expect((await call('GET', '/admin/security-policy', cookie)).statusCode).toBe(403);

    // An admin resets the agent's second factor: app gone, sessions ended, the agent told.
    const agentId = await t.contactId('agent@demo.test');
    expect((await call('POST', `/admin/contacts/${agentId}/second-factor/reset`, cookie)).statusCode).toBe(403);
    expect((await call('POST', `/admin/contacts/${agentId}/second-factor/reset`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', cookie)).statusCode).toBe(401);
    expect((await mailTo('agent@demo.test')).map((m) => m.subject)).toContain('Two-factor sign-in turned off by an administrator');
    expect((await call('POST', '/auth/login', undefined, { username: 'agent@demo.test', password: 'portal-demo' })).json()).toHaveProperty('dashboard', '/agents');
    expect(await auditActions(agentId)).toEqual(expect.arrayContaining(['contact.second_factor_reset']));
    expect((await call('DELETE', '/account/security/totp', admin, { password: 'portal-demo' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  test('are listed with browser and system, ended one at a time, everywhere else, or by an admin', async () => {
    const email = 'dana@acme.test';
    const first = await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }, CHROME);
    expect((await mailTo(email)).map((m) => m.subject)).not.toContain('New sign-in to your support portal account');
    const second = await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }, FIREFOX);
    const newBrowser = (await mailTo(email)).filter((m) => m.subject === 'New sign-in to your support portal account');
    expect(newBrowser).toHaveLength(1);
    expect(newBrowser[0]?.text).toContain('Firefox 132 on Windows 10');
    expect(newBrowser[0]?.text).toContain(`${t.app.config.publicUrl}/security`);
    await call('POST', '/auth/login', undefined, { username: email, password: 'portal-demo' }, CHROME);
    expect((await mailTo(email)).filter((m) => m.subject === 'New sign-in to your support portal account')).toHaveLength(1);

    const mine = sessionCookie(second);
    const list = (await call('GET', '/account/sessions', mine)).json<{ sessions: { id: number; browser: string; system: string; current: boolean }[] }>().sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ browser: 'Firefox 132', system: 'Windows 10' })]);
    expect(list.filter((s) => !s.current).map((s) => s.browser)).toEqual(['Chrome 131', 'Chrome 131']);

    const firstId = list.find((s) => !s.current)?.id as number;
    const stranger = await t.login('client@demo.test');
    expect((await call('DELETE', `/account/sessions/${firstId}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/account/sessions/${firstId}`, mine)).statusCode).toBe(200);
    expect((await call('POST', '/account/sessions/end-others', mine)).json()).toEqual({ ended: 1 });
    expect((await call('GET', '/auth/me', sessionCookie(first))).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', mine)).statusCode).toBe(200);

    const danaId = await t.contactId(email);
    const admin = await t.login('admin@demo.test');
    const byAdmin = await call('POST', `/admin/contacts/${danaId}/sessions/end`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ ended: 1 });
    expect((await call('GET', '/auth/me', mine)).statusCode).toBe(401);
    expect(await auditActions(danaId)).toEqual(expect.arrayContaining(['session.ended']));
  });

  test('a new password is told by mail', async () => {
    const admin = await t.login('admin@demo.test');
    const danaId = await t.contactId('dana@acme.test');
    expect((await call('PUT', `/contact/${danaId}`, admin, { password: 'a-new-password-1' })).statusCode).toBe(200);
    expect((await mailTo('dana@acme.test')).map((m) => m.subject)).toContain('Your support portal password was changed');
  });
});

test('no answer and no log line carries a secret: app secrets, recovery codes, sign-in tokens', async () => {
  const { secret, codes, cookie } = await enrolApp('client2@demo.test');
  const stored = await t.app.db.selectFrom('contact_totp').select('secret_sealed').execute();
  expect(stored.every((row) => !row.secret_sealed.includes(secret))).toBe(true);
  const hashes = await t.app.db.selectFrom('recovery_codes').select('code_hash').execute();
  expect(hashes.some((row) => codes.some((code) => row.code_hash.includes(code)))).toBe(false);
  answers.length = 0;
  const pending = await call('POST', '/auth/login', undefined, { username: 'client2@demo.test', password: 'portal-demo' });
  const token = signInCookie(pending).value;
  await call('GET', '/account/security', cookie);
  await call('GET', '/account/sessions', cookie);
  await call('GET', '/auth/me', cookie);
  await call('POST', '/auth/passkey/options', `portal_sign_in=${token}`);
  const reads = answers.join('\n');
  expect(reads).not.toContain(secret);
  for (const code of codes) expect(reads).not.toContain(code);
  const logged = logs.text();
  expect(logged).not.toContain(secret);
  expect(logged).not.toContain(token);
  for (const code of codes) expect(logged).not.toContain(code);
});
