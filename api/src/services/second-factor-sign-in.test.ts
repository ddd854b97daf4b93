import { SECOND_FACTOR_LOCK_MINUTES, SECURITY_MESSAGES } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { createTestPasskey } from '../test-support/passkey-authenticator';
import { createTestApp, sessionCookie, type TestApp } from '../test-support/test-app';

// Second-factor guesses (docs/product/accounts-and-roles.md#account-security): each code is counted
// before it is judged, at most 5 on one sign-in and 10 an hour on one account, across sign-ins and
// methods; the tenth locks the account's second step for a while and tells its owner. Runs on
// SQLite, and on PostgreSQL in CI's second run of the suite (DATABASE_URL).

// The app code's verifier, counted and made a little slow: concurrent codes overlap in it as they would under load.
const judged = { app: 0 };
jest.mock('otplib', () => {
  const actual = jest.requireActual<typeof import('otplib')>('otplib');
  return {
    ...actual,
    verify: async (...args: Parameters<typeof actual.verify>) => {
      judged.app += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return actual.verify(...args);
    },
  };
});

let t: TestApp;
let now = new Date('2026-11-20T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

const tick = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const codeAt = (secret: string, at = now) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** A 6-digit code that is none of the app's codes for the steps around now. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-30, 0, 30].map((s) => codeAt(secret, new Date(now.getTime() + s * 1000))));
  return ['111111', '222222', '333333', '444444'].find((code) => !near.includes(code)) as string;
}

async function post(url: string, cookie: string | undefined, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: cookie ? { cookie } : {}, payload, remoteAddress });
}

function signInStep(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'portal_sign_in');
  if (!cookie) throw new Error(`no sign-in cookie: ${res.statusCode} ${res.body}`);
  return `portal_sign_in=${cookie.value}`;
}
const password = (email: string) => post('/auth/login', undefined, { username: email, password: 'portal-demo' });

async function enrolApp(email: string) {
  const cookie = await t.login(email);
  const { secret } = (await post('/account/security/totp', cookie, {})).json<{ secret: string }>();
  const confirmed = await post('/account/security/totp/confirm', cookie, { code: await codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  tick(30);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** Codes judged wrong: each is in the audit trail, written after its judgment. */
async function judgedWrong(contactId: number): Promise<number> {
  const rows = await t.app.db.selectFrom('audit_log').select('audit_id')
    .where('entity_id', '=', contactId).where('action', '=', 'session.second_factor_failed')
    .execute();
  return rows.length;
}
const lockMail = async (email: string) =>
  t.app.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', email).where('subject', 'like', '%locked%').execute();

test('20 wrong codes sent at once on one sign-in, through two API instances: at most 5 are judged, and every one is refused', async () => {
  const email = 'agent@demo.test';
  const id = await t.contactId(email);
  const { secret } = await enrolApp(email);
  const step = signInStep(await password(email));
  const code = await wrongCode(secret);
  // A second API on the same database, as another process would be: a count in one's memory would not hold.
  const other = await t.openAnother();

  judged.app = 0;
  // From 20 addresses, so no per-address limit is what stops them.
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? t.app : other).inject({
    method: 'POST', url: '/api/auth/login/second-factor', headers: { cookie: step }, payload: { method: 'totp', code }, remoteAddress: `198.51.100.${i + 1}`,
  })));
  await other.close();

  expect(judged.app).toBeLessThanOrEqual(5);
  expect(await judgedWrong(id)).toBeLessThanOrEqual(5);
  expect(answers.every((res) => res.statusCode >= 400)).toBe(true);
  const messages = answers.map((res) => res.json<{ error: string }>().error);
  expect(messages.filter((m) => m === SECURITY_MESSAGES.wrongCode).length).toBeLessThanOrEqual(4);
  expect(messages.filter((m) => m === SECURITY_MESSAGES.tooManyCodes).length).toBeGreaterThanOrEqual(16);
  // The sign-in is void: the right code no longer opens it.
  expect((await post('/auth/login/second-factor', step, { method: 'totp', code: await codeAt(secret) })).json()).toMatchObject({ error: SECURITY_MESSAGES.tooManyCodes });
});

test('wrong codes over 3 sign-ins lock the account after 10 and mail its owner once; the right code waits for the lock to end', async () => {
  const email = 'sam.support@demo.test';
  const { secret, recoveryCodes } = await enrolApp(email);
  const wrong = async (step: string, method: 'totp' | 'recovery') =>
    post('/auth/login/second-factor', step, method === 'totp' ? { method, code: await wrongCode(secret) } : { method, code: 'AAAAA-BBBBB' });

  const first = signInStep(await password(email));
  for (let i = 0; i < 4; i += 1) expect((await wrong(first, 'totp')).json()).toMatchObject({ error: SECURITY_MESSAGES.wrongCode });
  // Recovery codes count the same way.
  const second = signInStep(await password(email));
  for (let i = 0; i < 4; i += 1) expect((await wrong(second, 'recovery')).json()).toMatchObject({ error: SECURITY_MESSAGES.wrongCode });
  const third = signInStep(await password(email));
  expect((await wrong(third, 'totp')).json()).toMatchObject({ error: SECURITY_MESSAGES.wrongCode });
  const tenth = await wrong(third, 'totp');
  expect(tenth.statusCode).toBe(429);
  expect(tenth.json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
  expect(SECURITY_MESSAGES.secondFactorLocked).toContain(`${SECOND_FACTOR_LOCK_MINUTES} minutes`);

  // Locked: the right app code and a right recovery code are refused, and a new sign-in gets no second step.
  tick(30);
  expect((await post('/auth/login/second-factor', third, { method: 'totp', code: await codeAt(secret) })).json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
  expect((await post('/auth/login/second-factor', third, { method: 'recovery', code: recoveryCodes[0] })).json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
  const locked = await password(email);
  expect(locked.statusCode).toBe(429);
  expect(locked.json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
  const mails = await lockMail(email);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain(`${t.app.config.publicUrl}/security`);

  // Once the lock has ended the right code signs in, and the count starts again.
  tick(SECOND_FACTOR_LOCK_MINUTES * 60);
  const after = signInStep(await password(email));
  const done = await post('/auth/login/second-factor', after, { method: 'totp', code: await codeAt(secret) });
  expect(done.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(done) } })).statusCode).toBe(200);
  expect(await lockMail(email)).toHaveLength(1);
});

test('15 wrong codes sent at once over 3 sign-ins, through two API instances: at most 10 are judged, and the owner gets one mail', async () => {
  const email = 'dana@acme.test';
  const { secret } = await enrolApp(email);
  const steps = [signInStep(await password(email)), signInStep(await password(email)), signInStep(await password(email))];
  const code = await wrongCode(secret);
  const other = await t.openAnother();

  judged.app = 0;
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? t.app : other).inject({
    method: 'POST', url: '/api/auth/login/second-factor', headers: { cookie: steps[i % 3] as string }, payload: { method: 'totp', code },
    remoteAddress: `203.0.113.${i + 1}`,
  })));
  await other.close();

  expect(judged.app).toBeLessThanOrEqual(10);
  expect(answers.every((res) => res.statusCode >= 400)).toBe(true);
  expect(answers.filter((res) => res.json<{ error: string }>().error === SECURITY_MESSAGES.secondFactorLocked).length).toBeGreaterThanOrEqual(5);
  expect(await lockMail(email)).toHaveLength(1);
  expect((await password(email)).json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
});

test('a right code starts the count again: 9 wrong, a right one, then 9 more do not lock', async () => {
  const email = 'admin@demo.test';
  const { secret } = await enrolApp(email);
  const nineWrong = async () => {
    for (const size of [5, 4]) {
      const step = signInStep(await password(email));
      for (let i = 0; i < size; i += 1) expect((await post('/auth/login/second-factor', step, { method: 'totp', code: await wrongCode(secret) })).statusCode).toBeGreaterThanOrEqual(400);
    }
  };
  await nineWrong();
  tick(30);
  expect((await post('/auth/login/second-factor', signInStep(await password(email)), { method: 'totp', code: await codeAt(secret) })).statusCode).toBe(200);
  await nineWrong();
  tick(30);
  expect((await post('/auth/login/second-factor', signInStep(await password(email)), { method: 'totp', code: await codeAt(secret) })).statusCode).toBe(200);
  expect(await lockMail(email)).toHaveLength(0);
});

test('a passkey answer after the password is counted as a code: it is refused once the account is locked', async () => {
  const email = 'client@demo.test';
  const cookie = await t.login(email);
  const key = createTestPasskey();
  const options = (await post('/account/security/passkeys/options', cookie, {})).json<{ options: Record<string, unknown> }>().options;
  expect((await post('/account/security/passkeys', cookie, { name: 'Laptop', response: key.register(options, 'http://localhost') })).statusCode).toBe(200);
  const passkeyAnswer = async (step: string, origin: string) => {
    const second = (await post('/auth/passkey/options', step, {})).json<{ options: Record<string, unknown> }>().options;
    return post('/auth/passkey/verify', step, { response: key.authenticate(second, origin, false) });
  };

  for (const size of [5, 5]) {
    const step = signInStep(await password(email));
    for (let i = 0; i < size; i += 1) expect((await passkeyAnswer(step, 'https://evil.example')).statusCode).toBeGreaterThanOrEqual(400);
  }
  expect(await lockMail(email)).toHaveLength(1);
  expect((await password(email)).json()).toMatchObject({ error: SECURITY_MESSAGES.secondFactorLocked });
  tick(SECOND_FACTOR_LOCK_MINUTES * 60);
  expect((await passkeyAnswer(signInStep(await password(email)), 'http://localhost')).statusCode).toBe(200);
});
