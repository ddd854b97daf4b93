import { SECURITY_MESSAGES, STEP_UP_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../test-support/test-app';

// docs/product/accounts-and-roles.md#sensitive-changes: a stolen session alone cannot take the account.

let t: TestApp;
let now = new Date('2026-11-20T10:00:00.000Z');
const reauth = { statusCode: 403, error: STEP_UP_MESSAGES.reauthRequired, reauth_required: true };

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, sessionCacheMs: 60 * 60_000 });
});
afterAll(async () => {
  await t.close();
});

const tick = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown, app: FastifyInstance = t.app) {
  return app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}
const mailTo = async (email: string) => t.app.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', email).orderBy('id').execute();
/** The code of the last link to `path` mailed to `email`. */
async function linkCode(email: string, path: string): Promise<string> {
  const texts = (await mailTo(email)).map((m) => m.text ?? '').reverse();
  for (const text of texts) {
    const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}
const emailOf = async (contactId: number) => (await t.app.repos.contacts.findById(contactId))?.email;

describe('sensitive changes need the password given within 10 minutes', () => {
  test('an old session is asked again for the app, passkeys, recovery codes and its e-mail; the password opens them for 10 minutes', async () => {
    const email = 'agent@demo.test';
    const id = await t.contactId(email);
    const cookie = await t.login(email);
    tick(11);
    expect((await call('POST', '/account/security/totp', cookie)).json()).toEqual(reauth);
    expect((await call('POST', '/account/security/passkeys/options', cookie)).json()).toEqual(reauth);
    expect((await call('POST', '/account/security/recovery-codes', cookie)).json()).toEqual(reauth);
    expect((await call('PUT', `/contact/${id}`, cookie, { email: 'stolen@evil.test' })).json()).toEqual(reauth);
    expect(await emailOf(id)).toBe(email);
    // Other fields of one's own contact need nothing.
    expect((await call('PUT', `/contact/${id}`, cookie, { phone: '555-010-0222' })).statusCode).toBe(200);

    expect((await call('POST', '/account/security/confirm', cookie, { password: 'wrong' })).json()).toMatchObject({ statusCode: 400, error: SECURITY_MESSAGES.wrongPassword });
    expect((await call('POST', '/account/security/totp', cookie)).statusCode).toBe(403);
    expect((await call('POST', '/account/security/confirm', cookie, { password: 'portal-demo' })).json()).toEqual({ ok: true });
    const started = await call('POST', '/account/security/totp', cookie);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await call('POST', '/account/security/totp/confirm', cookie, { code: await generate({ secret, epoch: Math.floor(now.getTime() / 1000) }) });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('POST', '/account/security/recovery-codes', cookie)).statusCode).toBe(200);

    tick(10);
    expect((await call('POST', '/account/security/recovery-codes', cookie)).json()).toEqual(reauth);
    // An app code does as well as the password, once.
    tick(1);
    const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    expect((await call('POST', '/account/security/confirm', cookie, { code })).json()).toEqual({ ok: true });
    expect((await call('POST', '/account/security/recovery-codes', cookie)).statusCode).toBe(200);
    tick(11);
    expect((await call('POST', '/account/security/confirm', cookie, { code })).json()).toMatchObject({ statusCode: 400, error: SECURITY_MESSAGES.wrongCode });
    expect((await call('DELETE', '/account/security/totp', cookie, { password: 'portal-demo' })).statusCode).toBe(200);
  });

  test('a confirmation taken by one process counts in another that holds the session in memory', async () => {
    const other = await t.openAnother({ sessionCacheMs: 60 * 60_000 });
    try {
      const cookie = await t.login('sam.support@demo.test');
      tick(11);
      // The other process reads (and holds) the session first.
      expect((await call('GET', '/auth/me', cookie, undefined, other)).statusCode).toBe(200);
      expect((await call('POST', '/account/security/recovery-codes', cookie, undefined, other)).json()).toEqual(reauth);
      expect((await call('POST', '/account/security/confirm', cookie, { password: 'portal-demo' })).statusCode).toBe(200);
      expect((await call('POST', '/account/security/recovery-codes', cookie, undefined, other)).statusCode).not.toBe(403);
    } finally {
      await other.close();
    }
  });

  test('the confirmation is limited like the sign-in', async () => {
    const limited = await t.openAnother({ loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const cookie = await t.login('admin@demo.test');
      const tries = [];
      for (let i = 0; i < 5; i += 1) tries.push((await call('POST', '/account/security/confirm', cookie, { password: 'wrong' }, limited)).statusCode);
      expect(tries).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('an e-mail change', () => {
  test("one's own: the old address is told with a link that puts it back within 7 days, once, and signs every session out", async () => {
    const id = await t.contactId('client2@demo.test');
    const cookie = await t.login('client2@demo.test');
    const elsewhere = await t.login('client2@demo.test');
    const changed = await call('PUT', `/contact/${id}`, cookie, { email: 'Blake.New@globex.test' });
    expect(changed.statusCode).toBe(200);
    expect(await emailOf(id)).toBe('blake.new@globex.test');
    const told = (await mailTo('client2@demo.test')).at(-1);
    expect(told?.subject).toBe('The e-mail address of your support portal account was changed');
    expect(told?.text).toContain(`${t.app.config.publicUrl}/emailchange/undo/`);
    const code = await linkCode('client2@demo.test', '/emailchange/undo');

    tick(6 * 24 * 60);
    const undone = await call('POST', `/auth/email-change/undo/${code}`);
    expect(undone.json()).toEqual({ email: 'client2@demo.test', first_name: 'Blake' });
    expect(await emailOf(id)).toBe('client2@demo.test');
    expect((await call('GET', '/auth/me', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', elsewhere)).statusCode).toBe(401);
    expect((await call('POST', `/auth/email-change/undo/${code}`)).json()).toMatchObject({ statusCode: 400, error: STEP_UP_MESSAGES.emailLinkInvalid });

    // Past 7 days the link no longer works.
    const again = await t.login('client2@demo.test');
    expect((await call('PUT', `/contact/${id}`, again, { email: 'blake.later@globex.test' })).statusCode).toBe(200);
    const late = await linkCode('client2@demo.test', '/emailchange/undo');
    tick(7 * 24 * 60 + 1);
    expect((await call('POST', `/auth/email-change/undo/${late}`)).json()).toMatchObject({ statusCode: 400, error: STEP_UP_MESSAGES.emailLinkExpired });
    expect(await emailOf(id)).toBe('blake.later@globex.test');
  });

  test("a primary contact's change of a co-contact's e-mail waits for the new address; the old address is told and may keep it", async () => {
    const ids = await t.demoIds();
    const primary = await t.login('client@demo.test');
    const put = (email: string) => call('PUT', `/company/${ids.acme}/contacts/${ids.dana}`, primary, { email });
    const res = await put('mine@attacker.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'dana@acme.test' });
    expect(await emailOf(ids.dana)).toBe('dana@acme.test');
    expect((await mailTo('mine@attacker.test')).at(-1)?.subject).toBe('Confirm your new e-mail address for the support portal');
    expect((await mailTo('dana@acme.test')).at(-1)?.subject).toBe('A change of your support portal e-mail address was asked');

    // The old address keeps it: the waiting change is void.
    const keep = await linkCode('dana@acme.test', '/emailchange/undo');
    const pending = await linkCode('mine@attacker.test', '/emailchange/confirm');
    expect((await call('POST', `/auth/email-change/undo/${keep}`)).json()).toEqual({ email: 'dana@acme.test', first_name: 'Dana' });
    expect((await call('POST', `/auth/email-change/confirm/${pending}`)).json()).toMatchObject({ statusCode: 400, error: STEP_UP_MESSAGES.emailLinkInvalid });
    expect(await emailOf(ids.dana)).toBe('dana@acme.test');

    // Confirmed by the new address, it is made, once.
    expect((await put('dana.new@acme.test')).statusCode).toBe(200);
    const confirm = await linkCode('dana.new@acme.test', '/emailchange/confirm');
    expect((await call('POST', `/auth/email-change/confirm/${confirm}`)).json()).toEqual({ email: 'dana.new@acme.test', first_name: 'Dana' });
    expect(await emailOf(ids.dana)).toBe('dana.new@acme.test');
    expect((await call('POST', `/auth/email-change/confirm/${confirm}`)).statusCode).toBe(400);
  });

  test("an admin's change of someone's e-mail waits for the new address too", async () => {
    const ids = await t.demoIds();
    const admin = await t.login('admin@demo.test');
    expect((await call('PUT', `/contact/${ids.sam}`, admin, { email: 'sam.elsewhere@demo.test' })).statusCode).toBe(200);
    expect(await emailOf(ids.sam)).toBe('sam.support@demo.test');
    const code = await linkCode('sam.elsewhere@demo.test', '/emailchange/confirm');
    expect((await call('POST', `/auth/email-change/confirm/${code}`)).statusCode).toBe(200);
    expect(await emailOf(ids.sam)).toBe('sam.elsewhere@demo.test');
  });

  test('a fresh sign-in changes its own e-mail through the company contacts too; an old one is asked first', async () => {
    const ids = await t.demoIds();
    const cookie = await t.login('client@demo.test');
    tick(11);
    const put = (email: string) => call('PUT', `/company/${ids.acme}/contacts/${ids.client}`, cookie, { email });
    expect((await put('alex.new@acme.test')).json()).toEqual(reauth);
    expect((await call('POST', '/account/security/confirm', cookie, { password: 'portal-demo' })).statusCode).toBe(200);
    expect((await put('alex.new@acme.test')).json()).toMatchObject({ email: 'alex.new@acme.test' });
    expect((await mailTo('client@demo.test')).at(-1)?.subject).toBe('The e-mail address of your support portal account was changed');
  });
});
