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
