import { MESSAGES, RESET_CODE_VALID_MS, VERIFY_CODE_VALID_MS } from '@portal/domain';
import { hashSecretToken } from '../password';
import { newContactCode } from '../services/reset-codes';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example', forgotRateLimit: { max: 1000, timeWindowMs: 3_600_000 } });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.db;
const inject = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
const forgot = (email: string) => inject('POST', '/api/auth/forgot', { email });
const resetWith = (code: string, password = 'a-new-password', cookie?: string) =>
  inject('POST', '/api/auth/reset', { code, password, confirm: password }, cookie);
const outbox = (to: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
const codeOf = (text: string | null | undefined) => /https:\/\/portal\.example\/resetpassword\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';
const codes = (contactId: number, purpose: 'reset' | 'verify') =>
  db().selectFrom('contact_codes').selectAll().where('contact_id', '=', contactId).where('purpose', '=', purpose).execute();

/** Mails `email` a reset link through POST /auth/forgot and answers the code it carries. */
async function forgotCode(email: string): Promise<string> {
  expect((await forgot(email)).json()).toEqual({ sent: true });
  const mails = await outbox(email);
  return codeOf(mails.at(-1)?.text);
}

/** Stores a code for the contact directly, as if issued `ageMs` ago. */
async function storedCode(contactId: number, purpose: 'reset' | 'verify', ageMs = 0): Promise<string> {
  const { code, row } = newContactCode(contactId, purpose, new Date(Date.now() - ageMs));
  await t.app.repos.contactCodes.replace(t.app.db, row);
  return code;
}

async function withInactive<T>(contactId: number, run: () => Promise<T>): Promise<T> {
  await db().updateTable('contacts').set({ active: 0 }).where('contact_id', '=', contactId).execute();
  try {
    return await run();
  } finally {
    await db().updateTable('contacts').set({ active: 1 }).where('contact_id', '=', contactId).execute();
  }
}

describe('POST /auth/forgot', () => {
  test('queues a reset mail for a trimmed, case-insensitive e-mail; only the hash is stored, valid one day', async () => {
    const pat = await t.contactId('pat@initech.test');
    const res = await forgot('  Pat@Initech.TEST ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const [mail] = await outbox('pat@initech.test');
    expect(mail).toMatchObject({ subject: 'Set your support portal password' });
    const code = codeOf(mail!.text);
    expect(mail!.html).toContain(`href="https://portal.example/resetpassword/${code}"`);
    const [row] = await codes(pat, 'reset');
    expect(row!.code_hash).toBe(hashSecretToken(code));
    expect(Date.parse(row!.expires_at) - Date.parse(row!.date_created)).toBe(RESET_CODE_VALID_MS);
    expect(res.body).not.toContain(code);

    // A second request replaces the code: the first mail's link stops working.
    const second = await forgotCode('pat@initech.test');
    expect((await inject('GET', `/api/auth/reset/${code}`)).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeInvalid });
    expect((await inject('GET', `/api/auth/reset/${second}`)).json()).toEqual({ valid: true, first_name: 'Pat' });
  });

  test("an unknown or deactivated address is 404 'Contact not found. Please try again.' and nothing is queued", async () => {
    const uma = await t.contactId('uma@umbrella.test');
    const queued = (await db().selectFrom('mail_outbox').select('id').execute()).length;
    expect((await forgot('nobody@nowhere.test')).json()).toEqual({ statusCode: 404, error: MESSAGES.contactNotFoundTryAgain });
    await withInactive(uma, async () => {
      expect((await forgot('uma@umbrella.test')).json()).toEqual({ statusCode: 404, error: MESSAGES.contactNotFoundTryAgain });
    });
    expect((await forgot('not an e-mail')).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotFoundTryAgain });
    expect((await inject('POST', '/api/auth/forgot', {})).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotFoundTryAgain });
    expect((await db().selectFrom('mail_outbox').select('id').execute()).length).toBe(queued);
    expect(await codes(uma, 'reset')).toEqual([]);
  });
});

describe('GET /auth/reset/:code', () => {
  test('answers the first name for a good code and each cause for a bad one', async () => {
    const jo = await t.contactId('jo.junior@demo.test');
    const code = await forgotCode('jo.junior@demo.test');
    expect((await inject('GET', `/api/auth/reset/${code}`)).json()).toEqual({ valid: true, first_name: 'Jo' });
    // Reading does not use the code up.
    expect((await inject('GET', `/api/auth/reset/${code}`)).statusCode).toBe(200);

    expect((await inject('GET', '/api/auth/reset/no-such-code')).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeInvalid });
    await withInactive(jo, async () => {
      expect((await inject('GET', `/api/auth/reset/${code}`)).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNoLongerActive });
    });
    const old = await storedCode(jo, 'reset', RESET_CODE_VALID_MS + 60_000);
    expect((await inject('GET', `/api/auth/reset/${old}`)).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeExpired });
    // A verification code is no reset code.
    const verify = await storedCode(jo, 'verify');
    expect((await inject('GET', `/api/auth/reset/${verify}`)).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeInvalid });
  });
});

describe('POST /auth/reset', () => {
  test('sets the password, verifies the contact, uses the code up and signs out the other sessions', async () => {
    const dana = await t.contactId('dana@acme.test');
    await db().deleteFrom('contact_meta').where('contact_id', '=', dana).where('meta_key', '=', 'verified').execute();
    const elsewhere = await t.login('dana@acme.test');
    const here = await t.login('dana@acme.test');
    const code = await forgotCode('dana@acme.test');

    const res = await resetWith(code, 'dana-new-pass', here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.app.repos.contacts.metaValue(dana, 'verified')).toBe('1');
    expect(await codes(dana, 'reset')).toEqual([]);
    expect((await inject('GET', '/api/auth/me', undefined, here)).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/me', undefined, elsewhere)).json()).toEqual({ statusCode: 401, error: MESSAGES.notSignedIn });

    expect(await t.login('dana@acme.test', 'dana-new-pass')).toMatch(/^portal_session=/);
    await expect(t.login('dana@acme.test', 'portal-demo')).rejects.toThrow(/401/);

    // Once used, the code is gone.
    expect((await resetWith(code, 'another-pass')).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeInvalid });
    expect(await t.login('dana@acme.test', 'dana-new-pass')).toMatch(/^portal_session=/);
  });

  test('without a session of the contact, every session of the contact ends', async () => {
    const first = await t.login('client2@demo.test');
    const second = await t.login('client2@demo.test');
    const someoneElse = await t.login('agent@demo.test');
    const code = await forgotCode('client2@demo.test');
    expect((await resetWith(code, 'blake-new-pass', someoneElse)).statusCode).toBe(200);
    for (const cookie of [first, second]) expect((await inject('GET', '/api/auth/me', undefined, cookie)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/me', undefined, someoneElse)).statusCode).toBe(200);
  });

  test('a short or unconfirmed password is refused and the code still works', async () => {
    const code = await forgotCode('sam.support@demo.test');
    for (const payload of [
      { code, password: 'short', confirm: 'short' },
      { code, password: 'long-enough-1', confirm: 'long-enough-2' },
      { code, password: 'long-enough-1' },
    ]) {
      expect((await inject('POST', '/api/auth/reset', payload)).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNotUpdated });
    }
    expect((await inject('GET', `/api/auth/reset/${code}`)).statusCode).toBe(200);
    await expect(t.login('sam.support@demo.test')).resolves.toMatch(/^portal_session=/);
  });

  test('an expired code, a deactivated contact or an unknown code changes nothing', async () => {
    const sam = await t.contactId('sam.support@demo.test');
    const old = await storedCode(sam, 'reset', RESET_CODE_VALID_MS + 1000);
    expect((await resetWith(old)).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeExpired });
    const code = await storedCode(sam, 'reset');
    await withInactive(sam, async () => {
      expect((await resetWith(code)).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNoLongerActive });
    });
    expect((await resetWith('made-up-code')).json()).toEqual({ statusCode: 400, error: MESSAGES.resetCodeInvalid });
    await expect(t.login('sam.support@demo.test')).resolves.toMatch(/^portal_session=/);
  });

  test('two uses of one code at once: one wins, the other is refused', async () => {
    const code = await forgotCode('jo.junior@demo.test');
    const answers = await Promise.all([resetWith(code, 'first-password'), resetWith(code, 'second-password')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((res) => res.statusCode === 200) === 0 ? 'first-password' : 'second-password';
    await expect(t.login('jo.junior@demo.test', winner)).resolves.toMatch(/^portal_session=/);
  });
});

describe('POST /auth/verify/:code', () => {
  test('marks the contact verified once; an unknown, used, expired or reset code is refused', async () => {
    const pat = await t.contactId('pat@initech.test');
    await t.app.repos.contacts.upsertMeta(t.app.db, pat, 'verified', '0');
    const code = await storedCode(pat, 'verify');
    expect((await inject('POST', `/api/auth/verify/${code}`)).json()).toEqual({ verified: true, first_name: 'Pat' });
    expect(await t.app.repos.contacts.metaValue(pat, 'verified')).toBe('1');
    expect(await codes(pat, 'verify')).toEqual([]);

    const invalid = { statusCode: 400, error: MESSAGES.verificationCodeInvalid };
    expect((await inject('POST', `/api/auth/verify/${code}`)).json()).toEqual(invalid);
    expect((await inject('POST', '/api/auth/verify/made-up')).json()).toEqual(invalid);
    const expired = await storedCode(pat, 'verify', VERIFY_CODE_VALID_MS + 1000);
    expect((await inject('POST', `/api/auth/verify/${expired}`)).json()).toEqual(invalid);
    const reset = await storedCode(pat, 'reset');
    expect((await inject('POST', `/api/auth/verify/${reset}`)).json()).toEqual(invalid);
  });

  test('a deactivated contact is refused and stays unverified', async () => {
    const uma = await t.contactId('uma@umbrella.test');
    await t.app.repos.contacts.upsertMeta(t.app.db, uma, 'verified', '0');
    const code = await storedCode(uma, 'verify');
    await withInactive(uma, async () => {
      expect((await inject('POST', `/api/auth/verify/${code}`)).json()).toEqual({ statusCode: 400, error: MESSAGES.contactNoLongerActive });
    });
    expect(await t.app.repos.contacts.metaValue(uma, 'verified')).toBe('0');
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      publicRateLimit: { max: 3, timeWindowMs: 60_000 },
      forgotRateLimit: { max: 2, timeWindowMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await limited.close();
  });
  const call = (method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: object) =>
    limited.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });
  const tooMany = { statusCode: 429, error: MESSAGES.tooManyRequests };

  test('forgot: a few per e-mail whatever the address, and a few per address whatever the e-mail', async () => {
    expect((await call('POST', '/api/auth/forgot', '10.3.0.1', { email: 'pat@initech.test' })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/forgot', '10.3.0.2', { email: 'PAT@initech.test' })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/forgot', '10.3.0.3', { email: ' pat@initech.test' })).json()).toEqual(tooMany);
    expect((await call('POST', '/api/auth/forgot', '10.3.0.3', { email: 'uma@umbrella.test' })).statusCode).toBe(200);

    const statuses = [];
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']) {
      statuses.push((await call('POST', '/api/auth/forgot', '10.3.0.4', { email })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  test.each([
    ['GET', '/api/auth/reset/guess', undefined],
    ['POST', '/api/auth/reset', { code: 'guess', password: 'guess-guess', confirm: 'guess-guess' }],
    ['POST', '/api/auth/verify/guess', undefined],
  ] as const)('%s %s: a few guesses per address a minute', async (method, url, payload) => {
    const address = `10.3.1.${url.length}${method.length}`;
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await call(method, url, address, payload)).statusCode);
    expect(answers).toEqual([400, 400, 400, 429]);
    expect((await call(method, url, address, payload)).json()).toEqual(tooMany);
    expect((await call(method, url, '10.3.2.1', payload)).statusCode).toBe(400);
  });
});
