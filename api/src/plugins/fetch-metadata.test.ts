import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

// docs/architecture.md#security: Fetch Metadata, the second wall beside the origin check. Each request below carries
// no Origin, so that this wall alone is what answers.

let t: TestApp;
let cookie: string;
let admin: string;
let agentId = 0;
let danaId = 0;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example', allowedOrigins: ['https://admin.example.com'] });
  cookie = await t.login('agent@demo.test');
  admin = await t.login('admin@demo.test');
  agentId = await t.contactId('agent@demo.test');
  danaId = await t.contactId('dana@acme.test');
});
afterAll(async () => {
  await t.close();
});

const refused = { statusCode: 403, error: MESSAGES.crossSiteRequest };

/** A note to oneself: a signed-in write that answers 201 when it is let through. */
const note = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/notifications', headers: { cookie, ...headers }, payload: { contact_id: agentId, note: 'fetch metadata' } });

test('a write a cross-site page sends (Sec-Fetch-Site: cross-site) is refused 403 and writes nothing, whatever its method', async () => {
  const before = await t.app.db.selectFrom('notifications').selectAll().execute();
  const res = await note({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual(refused);
  expect(await t.app.db.selectFrom('notifications').selectAll().execute()).toHaveLength(before.length);
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const other = await t.app.inject({ method, url: `/api/contact/${agentId}`, headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect([method, other.statusCode]).toEqual([method, 403]);
  }
  // A form another site submits: a navigation, still a cross-site write.
  const form = await t.app.inject({
    method: 'POST', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  });
  expect(form.json()).toEqual(refused);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
});

test("the portal's own, the dev servers' (same-site), a typed address (none) and a request without the headers pass", async () => {
  expect((await note({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).statusCode).toBe(201);
  expect((await note({ 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).statusCode).toBe(201);
  expect((await note({ 'sec-fetch-site': 'none' })).statusCode).toBe(201);
  expect((await note({})).statusCode).toBe(201);
  // A site the operator listed (ALLOWED_ORIGINS) is another site to the browser, and may still write.
  expect((await note({ 'sec-fetch-site': 'cross-site', origin: 'https://admin.example.com' })).statusCode).toBe(201);
  expect((await note({ 'sec-fetch-site': 'cross-site', origin: 'https://admin.example.com.evil.example' })).statusCode).toBe(403);
});

test('a cross-site read passes: a link to the API from elsewhere (a download in a mail) still opens', async () => {
  const res = await t.app.inject({
    method: 'GET', url: '/api/auth/me', headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  });
  expect(res.statusCode).toBe(200);
});

test('the API loaded as an image refuses 403 and does nothing: an image in a note cannot replace a reset code', async () => {
  const url = `/api/contact/${danaId}/sendresetcode`;
  const codes = () => t.app.db.selectFrom('contact_codes').select('code_hash').where('contact_id', '=', danaId).where('purpose', '=', 'reset').execute();
  const before = await codes();
  for (const site of ['same-origin', 'cross-site']) {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin, 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } });
    expect([site, res.statusCode]).toEqual([site, 403]);
    expect(res.json()).toEqual(refused);
  }
  expect(await codes()).toEqual(before);
});

test('nor as a script, a style sheet, media, a font or a plug-in', async () => {
  for (const dest of ['script', 'style', 'video', 'audio', 'font', 'object', 'embed', 'worker']) {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest } });
    expect([dest, res.statusCode]).toEqual([dest, 403]);
  }
});

test("the one-click unsubscribe a web-mail page posts cross-site passes this wall: its token is its authority", async () => {
  const res = await t.app.inject({
    method: 'POST', url: '/api/contact/unsubscribe/1.daily.forged',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  // Past the walls: the forged token itself is what is refused.
  expect(res.statusCode).toBe(404);
});

test('paths outside /api are not this wall\'s: the front end\'s own images load', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' } });
  expect(res.statusCode).toBe(404);
});
