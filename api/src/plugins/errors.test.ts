import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('a failure inside a route answers 500 with a fixed text and no internals', async () => {
  const cookie = await t.login('admin@demo.test');
  const original = t.app.repos.companies.listAll;
  t.app.repos.companies.listAll = async () => {
    throw new Error('SQLITE_CORRUPT: secret table layout at /srv/data/portal.db');
  };
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: { cookie } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: MESSAGES.unexpectedError });
    expect(res.body).not.toContain('SQLITE');
  } finally {
    t.app.repos.companies.listAll = original;
  }
});

test('an unknown API path answers 404 in the error shape; a bad id 400', async () => {
  const cookie = await t.login('agent@demo.test');
  const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { cookie } });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ statusCode: 404, error: MESSAGES.noResultsFound });
  const bad = await t.app.inject({ method: 'GET', url: '/api/ticket/abc', headers: { cookie } });
  expect(bad.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
});

test("a validation failure answers the first issue's catalogue message, else the route's, else 'Invalid input.'", async () => {
  const admin = await t.login('admin@demo.test');
  const acme = await t.companyId('Acme, LLC');
  const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: admin }, payload });
  const person = { title: 'QA', first_name: 'Quinn', last_name: 'Ash', email: 'quinn@acme.test', phone: '555-400-0001' };
  const errorOf = async (method: 'POST' | 'PUT', url: string, payload: object) => (await send(method, url, payload)).json().error;

  expect(await errorOf('POST', `/api/company/${acme}/contacts`, { ...person, phone: '5554000001' })).toBe(MESSAGES.invalidPhone);
  expect(await errorOf('POST', `/api/company/${acme}/contacts`, { ...person, email: 'quinn@acme' })).toBe(MESSAGES.invalidEmail);
  expect(await errorOf('POST', `/api/company/${acme}/contacts`, { ...person, first_name: '' })).toBe(MESSAGES.fillAllFields);
  expect(await errorOf('POST', '/api/company', { name: 'Nameless', url: '' })).toBe(MESSAGES.fillAllFields);
  expect(await errorOf('PUT', `/api/contact/${await t.contactId('dana@acme.test')}`, { phone: 'call me' })).toBe(MESSAGES.invalidPhone);
  // Issues without a catalogue message: the route's own, then the generic one.
  expect(await errorOf('POST', `/api/company/${acme}/contacts`, { primary: 'maybe' })).toBe(MESSAGES.companyContactNotCreated);
  expect(await errorOf('POST', '/api/company', { name: 'No url' })).toBe(MESSAGES.companyNotCreated);
  expect(await errorOf('PUT', `/api/company/${acme}`, { mode: 'closed' })).toBe(MESSAGES.invalidInput);
});

test('malformed JSON answers 400 with a message', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
});

test('the OpenAPI page is served from the zod schemas', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
    '/api/auth/login', '/api/contact/{id}', '/api/contact/{id}/notifications', '/api/ticket/{id}', '/api/options/{name}',
  ]));
  expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
  const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
});
