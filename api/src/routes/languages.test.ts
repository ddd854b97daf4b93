import { MESSAGES } from '@portal/domain';
import { contactLanguage, portalLocale } from '../services/contact-language';
import { createTestApp, type DemoCookies, type TestApp } from '../test-support/test-app';

// A person's language and the agency's language and currency, stored and served (docs/product/languages.md).

let t: TestApp;
let cookies: DemoCookies;
let ids: Record<'admin' | 'agent' | 'client', number>;
beforeAll(async () => {
  t = await createTestApp({ registerRateLimit: { max: 1000, timeWindowMs: 3_600_000 } });
  cookies = await t.loginDemoUsers();
  ids = { admin: await t.contactId('admin@demo.test'), agent: await t.contactId('agent@demo.test'), client: await t.contactId('client@demo.test') };
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const storedLanguage = async (contactId: number) =>
  (await t.app.db.selectFrom('contacts').select('language').where('contact_id', '=', contactId).executeTakeFirstOrThrow()).language;
const saveLocale = (value: unknown, cookie = cookies.admin) => call('POST', '/api/options', cookie, { option_name: 'locale', option_value: value });

let unique = 0;
const aRegistration = (language?: string) => {
  const n = ++unique;
  return {
    company: { name: `Sprachschule ${n}`, url: `https://sprachschule-${n}.test/` },
    contacts: [
      { title: 'Inhaberin', first_name: 'Greta', last_name: 'Grün', email: `greta.${n}@sprache.test`, phone: '555-010-0001', primary: 1 },
      { title: 'Büro', first_name: 'Otto', last_name: 'Ohm', email: `otto.${n}@sprache.test`, phone: '555-010-0002', primary: 0 },
    ],
    prefs: { frequency: 'quarterly', intensity: ['maintenance'] },
    ...(language ? { language } : {}),
  };
};

describe('before an admin sets the language and currency', () => {
  test('the option `locale` reads English and US dollars, the public settings and a session answer too', async () => {
    const option = await call('GET', '/api/options/locale', cookies.agent);
    expect(option.statusCode).toBe(200);
    expect(option.json()).toEqual({ option_name: 'locale', option_value: { language: 'en', currency: 'USD' } });

    expect((await call('GET', '/api/settings/public')).json()).toMatchObject({ language: 'en', currency: 'USD' });

    const me = await call('GET', '/api/auth/me', cookies.client);
    expect(me.json()).toMatchObject({ locale: { language: 'en', currency: 'USD' } });
    expect(me.json().contact).not.toHaveProperty('language');
    expect(await contactLanguage(t.app.db, ids.client)).toBe('en');
  });
});

describe('registration', () => {
  test('stores the language the wizard was read in on every contact it creates', async () => {
    const payload = aRegistration('de');
    const res = await call('POST', '/api/auth/register', undefined, payload);
    expect(res.statusCode).toBe(201);
    for (const person of payload.contacts) {
      const contactId = await t.contactId(person.email);
      expect(await storedLanguage(contactId)).toBe('de');
      expect(await contactLanguage(t.app.db, contactId)).toBe('de');
      expect((await t.app.repos.contacts.loadAnswer(contactId))?.language).toBe('de');
    }
  });

  test('without a language leaves it unset: the contacts read the portal default', async () => {
    const payload = aRegistration();
    expect((await call('POST', '/api/auth/register', undefined, payload)).statusCode).toBe(201);
    const contactId = await t.contactId(payload.contacts[0]!.email);
    expect(await storedLanguage(contactId)).toBeNull();
    expect((await t.app.repos.contacts.loadAnswer(contactId))).not.toHaveProperty('language');
  });

  test('refuses a language the portal does not speak', async () => {
    const res = await call('POST', '/api/auth/register', undefined, aRegistration('fr'));
    expect(res.statusCode).toBe(400);
  });
});

describe("a contact's own language", () => {
  afterAll(async () => {
    await t.app.db.updateTable('contacts').set({ language: null }).execute();
  });

  test('is changed by the contact: stored, answered with the contact and in the session answer', async () => {
    const res = await call('PUT', `/api/contact/${ids.agent}`, cookies.agent, { language: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact_id: ids.agent, language: 'de' });
    expect(await storedLanguage(ids.agent)).toBe('de');
    expect((await call('GET', `/api/contact/${ids.agent}`, cookies.agent)).json()).toMatchObject({ language: 'de' });
    expect((await call('GET', '/api/auth/me', cookies.agent)).json()).toMatchObject({
      contact: { language: 'de' }, locale: { language: 'de', currency: 'USD' },
    });

    // Back to English, as a client this time.
    expect((await call('PUT', `/api/contact/${ids.client}`, cookies.client, { language: 'en' })).json()).toMatchObject({ language: 'en' });
  });

  test("is refused to an admin changing someone else's (403), who may still change the rest", async () => {
    const before = await storedLanguage(ids.client);
    const res = await call('PUT', `/api/contact/${ids.client}`, cookies.admin, { language: 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: MESSAGES.notAuthorized });
    expect(await storedLanguage(ids.client)).toBe(before);
    // Nothing of the same request was written either.
    const both = await call('PUT', `/api/contact/${ids.client}`, cookies.admin, { phone: '555-999-0000', language: 'de' });
    expect(both.statusCode).toBe(403);
    expect((await t.app.repos.contacts.findById(ids.client))?.phone).not.toBe('555-999-0000');
    expect((await call('PUT', `/api/contact/${ids.client}`, cookies.admin, { phone: '555-999-0001' })).statusCode).toBe(200);
  });

  test('is refused to another client and to an agent (403)', async () => {
    expect((await call('PUT', `/api/contact/${ids.admin}`, cookies.agent, { language: 'de' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/contact/${ids.admin}`, cookies.client2, { language: 'de' })).statusCode).toBe(403);
  });

  test('must be a language the portal speaks (400)', async () => {
    const res = await call('PUT', `/api/contact/${ids.agent}`, cookies.agent, { language: 'fr' });
    expect(res.statusCode).toBe(400);
  });

  test('the session answer of a password sign-in carries it', async () => {
    await call('PUT', `/api/contact/${ids.agent}`, cookies.agent, { language: 'de' });
    const res = await call('POST', '/api/auth/login', undefined, { username: 'agent@demo.test', password: 'portal-demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dashboard: '/agents', locale: { language: 'de', currency: 'USD' } });
  });
});

describe('the portal default language and the agency currency (option `locale`)', () => {
  afterAll(async () => {
    await saveLocale({ language: 'en', currency: 'USD' });
  });

  test('an admin saves them; the option, the public settings and the session answers follow', async () => {
    const saved = await saveLocale({ language: 'de', currency: 'EUR' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ option_name: 'locale', option_value: { language: 'de', currency: 'EUR' } });
    expect((await call('GET', '/api/options/locale', cookies.client)).json().option_value).toEqual({ language: 'de', currency: 'EUR' });
    expect((await call('GET', '/api/settings/public')).json()).toMatchObject({ language: 'de', currency: 'EUR' });
    expect(await portalLocale(t.app.db)).toEqual({ language: 'de', currency: 'EUR' });

    // A contact who never chose reads the default; one who chose keeps theirs; both see the agency's currency.
    expect((await call('GET', '/api/auth/me', cookies.client)).json()).toMatchObject({ locale: { language: 'de', currency: 'EUR' } });
    expect(await contactLanguage(t.app.db, ids.client)).toBe('de');
    await call('PUT', `/api/contact/${ids.admin}`, cookies.admin, { language: 'en' });
    expect((await call('GET', '/api/auth/me', cookies.admin)).json()).toMatchObject({ locale: { language: 'en', currency: 'EUR' } });
    expect(await contactLanguage(t.app.db, ids.admin)).toBe('en');
  });

  test('an agent or a client may not save them (403); a value of the wrong shape is refused (400)', async () => {
    const before = (await call('GET', '/api/options/locale', cookies.admin)).json().option_value;
    expect((await saveLocale({ language: 'en', currency: 'USD' }, cookies.agent)).statusCode).toBe(403);
    expect((await saveLocale({ language: 'en', currency: 'USD' }, cookies.client)).statusCode).toBe(403);
    for (const value of [{ language: 'fr', currency: 'EUR' }, { language: 'de', currency: 'JPY' }, { language: 'de' }, 'de']) {
      const res = await saveLocale(value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
    }
    expect((await call('GET', '/api/options/locale', cookies.admin)).json().option_value).toEqual(before);
  });

  test('a stored value that is not one reads as the defaults', async () => {
    await t.app.db.updateTable('options').set({ option_value: '{"language":"xx"}' }).where('option_name', '=', 'locale').execute();
    expect((await call('GET', '/api/options/locale', cookies.admin)).json().option_value).toEqual({ language: 'en', currency: 'USD' });
    expect((await call('GET', '/api/settings/public')).json()).toMatchObject({ language: 'en', currency: 'USD' });
  });
});
