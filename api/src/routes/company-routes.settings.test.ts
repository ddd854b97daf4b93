import { MESSAGES, MODE, STATUS } from '@portal/domain';
import { sql } from 'kysely';
import { isPostgresUrl } from '../db/connect';
import { aCompany, aTicket } from '../test-support/factories';
import { createTestApp, openDemoCast, type DemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let call: DemoCast['call'];
let cookies: DemoCookies;
let ids: DemoIds;

const row = (ticketId: number) => t.app.db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();
const metaOf = async (companyId: number, key: string) => (await t.app.repos.companies.getMeta(companyId, key))?.meta_value;

beforeAll(async () => {
  ({ t, call, cookies, ids } = await openDemoCast());
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/company', () => {
  test('an admin creates a company: 201, mode 1 by default, mirrored in the status meta', async () => {
    const res = await call('POST', '/api/company', cookies.admin, { name: '  Wayne Enterprises ', url: 'https://wayne.example', description: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Wayne Enterprises', url: 'https://wayne.example', description: null, mode: MODE.active });
    expect(await metaOf(res.json().company_id, 'status')).toBe('1');
    const onboarding = await call('POST', '/api/company', cookies.admin, { name: 'Stark', url: 'stark.example', mode: '2' });
    expect(onboarding.json()).toMatchObject({ mode: 2 });
    expect(await metaOf(onboarding.json().company_id, 'status')).toBe('2');
  });

  test('a URL another company has, with or without scheme, www. or trailing slash, is 409', async () => {
    for (const url of ['https://acme.example', 'http://www.acme.example/', 'ACME.example//', 'www.Acme.Example']) {
      const res = await call('POST', '/api/company', cookies.admin, { name: 'Acme Again', url });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 409, MESSAGES.companyUrlExists]);
    }
    expect((await call('POST', '/api/company', cookies.admin, { name: 'Sub', url: 'https://shop.acme.example' })).statusCode).toBe(201);
  });

  test('two saves of one site at once: one company gets it, the other the 409; the database itself refuses a second', async () => {
    const answers = await Promise.all(['https://race.example', 'www.race.example/'].map((url, index) =>
      call('POST', '/api/company', cookies.admin, { name: `Racer ${index}`, url })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().error).toBe(MESSAGES.companyUrlExists);
    // Past the service's check, straight to the repository: the unique url_key still says no.
    await expect(t.app.db.transaction().execute((trx) => t.app.repos.companies.create(trx, { name: 'Sneaky', url: 'RACE.example' })))
      .rejects.toMatchObject({ code: expect.stringMatching(/^(23505|SQLITE_CONSTRAINT_UNIQUE)$/) });
  });

  test('a URL without a scheme is stored with https://; one that is not a web address is named', async () => {
    const res = await call('POST', '/api/company', cookies.admin, { name: 'Bare Site', url: ' bare-site.example/about ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ url: 'https://bare-site.example/about' });
    expect((await t.app.repos.companies.findById(res.json().company_id))?.url).toBe('https://bare-site.example/about');
    for (const url of ['bare site', 'ftp://files.example', 'localhost']) {
      const bad = await call('POST', '/api/company', cookies.admin, { name: 'Bad Site', url });
      expect([url, bad.json()]).toEqual([url, { statusCode: 400, error: MESSAGES.invalidCompanyUrl }]);
    }
  });

  test('name and url are needed; an unknown mode is refused', async () => {
    for (const body of [{ name: '', url: 'x.example' }, { name: 'Blank Url', url: '  ' }, { name: 'Scheme Only', url: 'https://' }]) {
      const res = await call('POST', '/api/company', cookies.admin, body);
      expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.fillAllFields });
    }
    expect((await call('POST', '/api/company', cookies.admin, { name: 'Moded', url: 'moded.example', mode: 9 })).statusCode).toBe(400);
    expect((await call('POST', '/api/company', cookies.agent, { name: 'Agent Co', url: 'agentco.example' })).statusCode).toBe(403);
  });
});

describe('PUT /api/company/:id: info, settings, one transaction', () => {
  test("the company's primary contact saves name, url and description; the answer hides the staff note", async () => {
    const res = await call('PUT', `/api/company/${ids.acme}`, cookies.client, { name: 'Acme, LLC', url: 'https://www.acme.example/', description: 'Anvils.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme, LLC', url: 'https://www.acme.example/', description: 'Anvils.', note: null, tickets_changed: 0 });
    const dana = await t.login('dana@acme.test');
    expect((await call('PUT', `/api/company/${ids.acme}`, dana, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.client2, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.client, { mode: MODE.active })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.client, { services: [1] })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.agent, { default_agent: ids.agent })).statusCode).toBe(403);
    expect((await t.app.repos.companies.findById(ids.acme))?.name).toBe('Acme, LLC');
  });

  test("another company's URL is 409, in any spelling; its own is fine", async () => {
    const res = await call('PUT', `/api/company/${ids.acme}`, cookies.admin, { url: 'https://www.globex.example/' });
    expect(res.json()).toEqual({ statusCode: 409, error: MESSAGES.companyUrlExists });
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.admin, { url: 'acme.example' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.admin, { url: 'https://' })).json().error).toBe(MESSAGES.fillAllFields);
  });

  test('a saved URL without a scheme gets https://; an invalid one is refused and nothing changes', async () => {
    const co = await aCompany(t.app, 'Url Co', MODE.active, '1');
    const saved = await call('PUT', `/api/company/${co}`, cookies.admin, { name: 'Url Co', url: 'www.url-co.example', description: 'Sites.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ url: 'https://www.url-co.example' });
    const bad = await call('PUT', `/api/company/${co}`, cookies.admin, { name: 'Renamed', url: 'url-co', description: 'Changed.' });
    expect(bad.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidCompanyUrl });
    expect(await t.app.repos.companies.findById(co)).toMatchObject({ name: 'Url Co', url: 'https://www.url-co.example', description: 'Sites.' });
  });

  test('services must be ids of service-defaults; the default agent an active staff contact, or null to clear', async () => {
    const co = await aCompany(t.app, 'Settings Co', MODE.active, '1');
    const saved = await call('PUT', `/api/company/${co}`, cookies.admin, { services: ['3', 1, 3], default_agent: String(ids.sam) });
    expect(saved.statusCode).toBe(200);
    expect(await metaOf(co, 'services')).toBe('1,3');
    expect(await metaOf(co, 'default_agent')).toBe(String(ids.sam));
    for (const body of [{ services: [1, 9] }, { default_agent: ids.client }, { default_agent: 999_999 }]) {
      expect((await call('PUT', `/api/company/${co}`, cookies.admin, body)).statusCode).toBe(400);
    }
    await t.app.db.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', ids.sam).execute();
    try {
      expect((await call('PUT', `/api/company/${co}`, cookies.admin, { default_agent: ids.sam })).statusCode).toBe(400);
    } finally {
      await t.app.db.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', ids.sam).execute();
    }
    expect((await call('PUT', `/api/company/${co}`, cookies.admin, { services: [], default_agent: null })).statusCode).toBe(200);
    expect(await metaOf(co, 'services')).toBe('');
    expect(await metaOf(co, 'default_agent')).toBeNull();
  });

  test('mode 3 with the info and settings closes the open tickets in the same save', async () => {
    const co = await aCompany(t.app, 'All At Once', MODE.active, '1');
    const open = await aTicket(t.app, { company_id: co, status_id: STATUS.assigned, assignee_id: ids.agent });
    const res = await call('PUT', `/api/company/${co}`, cookies.admin, {
      name: 'All At Once (inactive)', url: 'https://allatonce.example', description: 'Paused.', mode: MODE.inactive, services: [3], default_agent: null,
    });
    expect(res.json()).toMatchObject({ name: 'All At Once (inactive)', mode: MODE.inactive, tickets_changed: 1 });
    expect([(await row(open)).status_id, (await row(open)).assignee_id]).toEqual([STATUS.cancelled, null]);
    expect([await metaOf(co, 'status'), await metaOf(co, 'services')]).toEqual(['3', '3']);
  });

  test('a failed ticket write undoes the fields and the meta of the same save', async () => {
    const co = await aCompany(t.app, 'Undo Co', MODE.active, '1');
    const ticket = await aTicket(t.app, { company_id: co, status_id: STATUS.testing, assignee_id: ids.agent, title: 'Refuse me' });
    const postgres = isPostgresUrl(process.env.DATABASE_URL);
    if (postgres) {
      await sql`create function refuse_me() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(t.app.db);
      await sql`create trigger refuse_me before update on tickets for each row when (new.title = 'Refuse me') execute function refuse_me()`.execute(t.app.db);
    } else {
      await sql`create trigger refuse_me before update on tickets when new.title = 'Refuse me' begin select raise(abort, 'refused'); end`.execute(t.app.db);
    }
    try {
      const res = await call('PUT', `/api/company/${co}`, cookies.admin, { name: 'Renamed', mode: MODE.closed, services: [2], default_agent: ids.agent });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_me${postgres ? sql` on tickets` : sql``}`.execute(t.app.db);
      if (postgres) await sql`drop function refuse_me()`.execute(t.app.db);
    }
    expect(await t.app.repos.companies.findById(co)).toMatchObject({ name: 'Undo Co', mode: MODE.active });
    expect([await metaOf(co, 'status'), await metaOf(co, 'services'), await metaOf(co, 'default_agent')]).toEqual(['1', '1', undefined]);
    expect((await row(ticket)).status_id).toBe(STATUS.testing);
  });
});

describe('GET /api/company/search', () => {
  test('answers whether a site is taken, to anyone, in any spelling', async () => {
    const taken = await call('GET', `/api/company/search?field=url&value=${encodeURIComponent('https://www.Globex.example/')}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true });
    expect((await call('GET', '/api/company/search?field=url&value=globex.example', cookies.client)).json()).toEqual({ exists: true });
    expect((await call('GET', '/api/company/search?field=url&value=lex.example')).json()).toEqual({ exists: false });
    expect((await call('GET', '/api/company/search?field=name&value=Globex')).statusCode).toBe(400);
    expect((await call('GET', '/api/company/search?field=url&value=')).statusCode).toBe(400);
  });

  test('is rate limited per address with the catalogue message', async () => {
    const limited = await createTestApp({ publicRateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const search = (ip: string) => limited.app.inject({ method: 'GET', url: '/api/company/search?field=url&value=acme.example', remoteAddress: ip });
      expect((await search('10.1.0.1')).statusCode).toBe(200);
      expect((await search('10.1.0.1')).statusCode).toBe(200);
      const refused = await search('10.1.0.1');
      expect(refused.json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyRequests });
      expect((await search('10.1.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
