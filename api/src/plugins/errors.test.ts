import path from 'node:path';
import Database from 'better-sqlite3';
import { MESSAGES } from '@portal/domain';
import { sql } from 'kysely';
import { isPostgresUrl } from '../db/connect';
import { DATABASE_RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from '../errors';
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

test('a database that cannot be reached answers 503 with Retry-After and a plain text, never 500', async () => {
  const cookie = await t.login('admin@demo.test');
  const original = t.app.repos.companies.listAll;
  t.app.repos.companies.listAll = async () => {
    throw new Error('Connection terminated unexpectedly');
  };
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
    // In the browser's language: the database that would say the contact's own is not asked.
    const german = await t.app.inject({ method: 'GET', url: '/api/company', headers: { cookie, 'accept-language': 'de-DE' } });
    expect(german.json()).toEqual({ statusCode: 503, error: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.' });
  } finally {
    t.app.repos.companies.listAll = original;
  }
});

test("/api/ready with a session cookie the database cannot read answers that 503 too, not its own schema's 500", async () => {
  const original = t.app.repos.sessions.findViewer;
  t.app.repos.sessions.findViewer = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { cookie: 'portal_session=not-held-in-memory' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
  } finally {
    t.app.repos.sessions.findViewer = original;
  }
});

// Another process holding SQLite's write lock past busy_timeout (5 s in production, shortened here on the app's one
// connection): the write answers 503 and writes nothing; once the lock is let go the same write goes through.
(isPostgresUrl(process.env.DATABASE_URL) ? test.skip : test)('SQLITE_BUSY: a write while another process holds the write lock answers 503, then succeeds', async () => {
  const cookie = await t.login('agent@demo.test');
  const { ticket_id: ticketId } = await t.app.db.selectFrom('tickets').select('ticket_id').orderBy('ticket_id').executeTakeFirstOrThrow();
  const note = (text: string) => t.app.inject({ method: 'POST', url: '/api/activity', headers: { cookie }, payload: { ticket_id: ticketId, note: text } });
  const other = new Database(path.join(t.app.config.dataDir, 'portal.db'));
  await sql`pragma busy_timeout = 100`.execute(t.app.db);
  try {
    other.exec('begin immediate');
    const refused = await note('Written while the lock was held');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
    // Reads go on meanwhile (WAL).
    expect((await t.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/activity`, headers: { cookie } })).statusCode).toBe(200);
    other.exec('rollback');
    expect((await note('Written once the lock was let go')).statusCode).toBe(201);
    const notes = await t.app.db.selectFrom('activity').select('note').where('ticket_id', '=', ticketId).execute();
    expect(notes.map((row) => row.note)).toContain('Written once the lock was let go');
    expect(notes.map((row) => row.note)).not.toContain('Written while the lock was held');
  } finally {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await sql`pragma busy_timeout = 5000`.execute(t.app.db);
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
