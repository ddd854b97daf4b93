import { DEFAULT_MODES, MESSAGES, RESET_CODE_VALID_MS, VERIFY_CODE_VALID_MS } from '@portal/domain';
import { hashSecretToken } from '../password';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let unique = 0;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example', registerRateLimit: { max: 1000, timeWindowMs: 3_600_000 } });
});
afterAll(async () => {
  await t.close();
});

interface Person { title: string; first_name: string; last_name: string; email: string; phone: string; primary: number }
interface Wizard { company: { name: string; url: string }; contacts: Person[]; prefs: { frequency: string; intensity: string[] } }

/** A wizard's final payload with fresh addresses and URL: the company "Example <n> & Sons", two contacts. */
function aRegistration(overrides: Partial<Wizard> = {}): Wizard {
  const n = ++unique;
  return {
    company: { name: `Example ${n} <b>& Sons</b>`, url: `https://www.example-${n}.test/` },
    contacts: [
      { title: 'Owner', first_name: 'Rita', last_name: 'Reg', email: `Rita.${n}@Example.test `, phone: '555-010-0001', primary: 0 },
      { title: 'Office', first_name: 'Otto', last_name: 'Reg', email: `otto.${n}@example.test`, phone: '555-010-0002', primary: 1 },
    ],
    prefs: { frequency: 'quarterly', intensity: ['maintenance', 'security'] },
    ...overrides,
  };
}

const register = (payload: object, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

const db = () => t.app.db;
const outbox = (to: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
const codeIn = (text: string | null, page: 'verifyemail' | 'resetpassword') =>
  new RegExp(`https://portal\\.example/${page}/([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1] ?? '';

/** Rows of every table a registration writes: a refused or failed one must leave all of them as they were. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = ['companies', 'company_meta', 'contacts', 'contact_meta', 'company_contacts', 'contact_codes', 'mail_outbox'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

test('writes the company, its contacts, links, prefs, codes and welcome mails, and answers 201', async () => {
  const payload = aRegistration();
  const res = await register(payload);
  expect(res.statusCode).toBe(201);
  const { company_id, contacts } = res.json();
  expect(contacts).toBe(2);

  const company = await t.app.repos.companies.findById(company_id);
  expect(company).toMatchObject({ name: payload.company.name, url: payload.company.url, mode: 2 });
  const meta = Object.fromEntries(company!.meta.map((m) => [m.meta_key, m.meta_value]));
  expect(meta.status).toBe('2');
  expect(JSON.parse(meta.maintenance_prefs!)).toEqual({ frequency: 'quarterly', intensity: ['maintenance', 'security'] });

  // The first contact is primary whatever was sent; the others keep what was sent.
  const linked = await t.app.repos.companyContacts.list(company_id);
  expect(linked.map((c) => [c.email, c.group_id, c.title, c.primary])).toEqual([
    [`rita.${unique}@example.test`, 5, 'Owner', 1],
    [`otto.${unique}@example.test`, 5, 'Office', 1],
  ]);
  for (const person of linked) {
    const row = await t.app.repos.contacts.findById(person.contact_id);
    expect(row).toMatchObject({ active: 1, title: person.title });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await t.app.repos.contacts.metaValue(person.contact_id, 'verified')).toBe('0');
    const codes = await db().selectFrom('contact_codes').selectAll().where('contact_id', '=', person.contact_id).orderBy('purpose').execute();
    expect(codes.map((c) => [c.purpose, Date.parse(c.expires_at) - Date.parse(c.date_created)])).toEqual([
      ['reset', RESET_CODE_VALID_MS],
      ['verify', VERIFY_CODE_VALID_MS],
    ]);

    const mails = await outbox(person.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Welcome to the support portal');
    const verifyCode = codeIn(mail!.text, 'verifyemail');
    const resetCode = codeIn(mail!.text, 'resetpassword');
    expect(verifyCode.length).toBeGreaterThanOrEqual(40);
    expect(codes.map((c) => c.code_hash).sort()).toEqual([hashSecretToken(resetCode), hashSecretToken(verifyCode)].sort());
    expect(JSON.stringify(codes)).not.toContain(verifyCode);
    expect(mail!.html).toContain(`href="https://portal.example/verifyemail/${verifyCode}"`);
    expect(mail!.html).toContain(`href="https://portal.example/resetpassword/${resetCode}"`);
    expect(mail!.text).toContain(payload.company.name);
    expect(mail!.html).toContain(`Example ${unique} &lt;b&gt;&amp; Sons&lt;/b&gt;`);
    expect(mail!.html).not.toContain('<b>&');
  }
  // Nothing secret in the answer.
  expect(res.body).not.toMatch(/password|scrypt|code/i);
});

test("the welcome mail's links work: verify the address, set the password, sign in", async () => {
  const payload = aRegistration();
  expect((await register(payload)).statusCode).toBe(201);
  const email = `rita.${unique}@example.test`;
  const [mail] = await outbox(email);
  const contactId = await t.contactId(email);

  // Nobody can sign in before a password is set.
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: 'portal-demo' } })).statusCode).toBe(401);

  const verify = await t.app.inject({ method: 'POST', url: `/api/auth/verify/${codeIn(mail!.text, 'verifyemail')}` });
  expect(verify.statusCode).toBe(200);
  expect(verify.json()).toEqual({ verified: true, first_name: 'Rita' });
  expect(await t.app.repos.contacts.metaValue(contactId, 'verified')).toBe('1');
  const again = await t.app.inject({ method: 'POST', url: `/api/auth/verify/${codeIn(mail!.text, 'verifyemail')}` });
  expect(again.json()).toEqual({ statusCode: 400, error: MESSAGES.verificationCodeInvalid });

  const resetCode = codeIn(mail!.text, 'resetpassword');
  expect((await t.app.inject({ method: 'GET', url: `/api/auth/reset/${resetCode}` })).json()).toEqual({ valid: true, first_name: 'Rita' });
  const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { code: resetCode, password: 'my-new-pass', confirm: 'my-new-pass' } });
  expect(reset.json()).toEqual({ ok: true });

  const cookie = await t.login(email, 'my-new-pass');
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  expect(me.json()).toMatchObject({ dashboard: '/clients', contact: { email, companies: [{ name: payload.company.name, primary: 1 }] } });
});

test('an invalid wizard payload answers the first problem in catalogue words and writes nothing', async () => {
  const before = await rowCounts();
  const base = aRegistration();
  const [first, second] = base.contacts as [Person, Person];
  const cases: [object, string][] = [
    [{ ...base, company: { name: ' ', url: 'https://blank-name.test' } }, MESSAGES.fillAllFields],
    [{ ...base, company: { name: 'No URL', url: '' } }, MESSAGES.fillAllFields],
    [{ ...base, company: { name: 'Scheme Only', url: 'https://' } }, MESSAGES.fillAllFields],
    [{ ...base, company: { name: 'Bad URL', url: 'newco dot test' } }, MESSAGES.invalidCompanyUrl],
    [{ ...base, company: { name: 'Mail URL', url: 'mailto:rita@example.test' } }, MESSAGES.invalidCompanyUrl],
    [{ ...base, contacts: [] }, MESSAGES.fillAllFields],
    [{ ...base, contacts: [{ ...first, last_name: '' }] }, MESSAGES.fillAllFields],
    [{ ...base, contacts: [first, { ...second, email: 'not-an-email' }] }, MESSAGES.invalidEmail],
    [{ ...base, contacts: [{ ...first, phone: '555-0100' }] }, MESSAGES.invalidPhone],
    [{ ...base, prefs: { frequency: 'weekly', intensity: ['maintenance'] } }, MESSAGES.invalidInput],
    [{ company: base.company, contacts: base.contacts }, MESSAGES.invalidInput],
  ];
  for (const [payload, message] of cases) {
    const res = await register(payload);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { statusCode: 400, error: message } });
  }
  expect(await rowCounts()).toEqual(before);
});

test('a Website URL typed without a scheme is stored with https://; one with a scheme as sent', async () => {
  const bare = aRegistration();
  const typed = `new-${unique}.example/shop`;
  const res = await register({ ...bare, company: { name: bare.company.name, url: `  ${typed} ` } });
  expect(res.statusCode).toBe(201);
  expect((await t.app.repos.companies.findById(res.json().company_id))?.url).toBe(`https://${typed}`);

  const plain = aRegistration();
  const http = await register({ ...plain, company: { name: plain.company.name, url: `http://plain-${unique}.example` } });
  expect((await t.app.repos.companies.findById(http.json().company_id))?.url).toBe(`http://plain-${unique}.example`);
});

test('a URL another company has, in any spelling, is 409 and writes nothing', async () => {
  const before = await rowCounts();
  for (const url of ['acme.example', 'HTTP://WWW.Acme.Example/', 'https://acme.example']) {
    const res = await register(aRegistration({ company: { name: 'Acme Again', url } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: MESSAGES.companyUrlExists });
  }
  expect(await rowCounts()).toEqual(before);
});

test("an e-mail any contact has (active or not) or one twice in the list is 409 'This email has already been used.'", async () => {
  const inactive = aRegistration();
  expect((await register(inactive)).statusCode).toBe(201);
  const inactiveId = await t.contactId(`otto.${unique}@example.test`);
  await db().updateTable('contacts').set({ active: 0 }).where('contact_id', '=', inactiveId).execute();

  const before = await rowCounts();
  const base = aRegistration();
  const [first, second] = base.contacts as [Person, Person];
  for (const contacts of [
    [first, { ...second, email: ' Client@Demo.TEST ' }],
    [{ ...first, email: `otto.${unique - 1}@example.test` }],
    [first, { ...second, email: String(first.email).toUpperCase() }],
  ]) {
    const res = await register({ ...base, contacts });
    expect(res.json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });
  }
  expect(await rowCounts()).toEqual(before);
});

test('a company starts Active when the mode list has no Onboarding', async () => {
  await t.app.repos.options.save(t.app.db, 'mode-defaults', DEFAULT_MODES.filter((mode) => mode.name !== 'Onboarding'));
  try {
    const res = await register(aRegistration());
    const company = await t.app.repos.companies.findById(res.json().company_id);
    expect(company).toMatchObject({ mode: 1 });
    expect(company!.meta.find((m) => m.meta_key === 'status')?.meta_value).toBe('1');
  } finally {
    await t.app.repos.options.save(t.app.db, 'mode-defaults', DEFAULT_MODES);
  }
});

/** Makes the repository method throw on its `failingCall`-th call and behave as usual otherwise. */
function failOnCall<T extends object>(target: T, method: keyof T & string, failingCall: number) {
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  return jest.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
    calls += 1;
    if (calls === failingCall) throw new Error('disk full');
    return original(...args);
  }) as never);
}

test.each([
  ["the second contact's welcome mail", () => failOnCall(t.app.repos.mailOutbox, 'add', 2)],
  ["the second contact's verify code", () => failOnCall(t.app.repos.contactCodes, 'replace', 3)],
])('a failure at %s rolls the whole registration back and answers Unexpected error occurred.', async (_where, fail) => {
  const before = await rowCounts();
  const payload = aRegistration();
  const spy = fail();
  try {
    const res = await register(payload);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: MESSAGES.unexpectedError });
    expect(res.body).not.toContain('disk full');
  } finally {
    spy.mockRestore();
  }
  expect(await rowCounts()).toEqual(before);
  expect(await db().selectFrom('companies').select('company_id').where('name', '=', payload.company.name).execute()).toEqual([]);
  // The same wizard sent again goes through: nothing of the failed attempt is in its way.
  expect((await register(payload)).statusCode).toBe(201);
});

test('an abandoned wizard writes nothing: its only call before the final POST is the public URL check', async () => {
  const before = await rowCounts();
  const check = await t.app.inject({ method: 'GET', url: '/api/company/search?field=url&value=abandoned.test', remoteAddress: '10.1.0.9' });
  expect(check.json()).toEqual({ exists: false });
  expect(await rowCounts()).toEqual(before);
});

test('two registrations racing for one e-mail: one is written, the other is 409', async () => {
  const a = aRegistration();
  const b = aRegistration();
  const shared = `race.${unique}@example.test`;
  const [resA, resB] = await Promise.all([
    register({ ...a, contacts: [{ ...a.contacts[0], email: shared }] }, '10.1.0.2'),
    register({ ...b, contacts: [{ ...b.contacts[0], email: shared }] }, '10.1.0.3'),
  ]);
  expect([resA.statusCode, resB.statusCode].sort()).toEqual([201, 409]);
  expect(await db().selectFrom('contacts').select('contact_id').where('email', '=', shared).execute()).toHaveLength(1);
  expect(await outbox(shared)).toHaveLength(1);
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      registerRateLimit: { max: 2, timeWindowMs: 3_600_000 },
      publicRateLimit: { max: 4, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await limited.close();
  });
  const registerOn = (payload: object, remoteAddress: string) =>
    limited.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

  test('a few registrations per hour from one address; another address is not affected', async () => {
    expect((await registerOn(aRegistration(), '10.2.0.1')).statusCode).toBe(201);
    expect((await registerOn(aRegistration(), '10.2.0.1')).statusCode).toBe(201);
    const third = await registerOn(aRegistration(), '10.2.0.1');
    expect(third.json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyRequests });
    expect((await registerOn(aRegistration(), '10.2.0.2')).statusCode).toBe(201);
  });

  test('invalid forms do not use up the hour; the per-minute limit still stops a flood', async () => {
    for (let i = 0; i < 3; i += 1) expect((await registerOn({ company: {} }, '10.2.0.3')).statusCode).toBe(400);
    expect((await registerOn(aRegistration(), '10.2.0.3')).statusCode).toBe(201);
    const flood = await registerOn(aRegistration(), '10.2.0.3');
    expect(flood.json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyRequests });
  });

  test('the verify link is limited per address per minute', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await limited.app.inject({ method: 'POST', url: `/api/auth/verify/guess-${i}`, remoteAddress: '10.2.0.4' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});
