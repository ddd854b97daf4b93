import { MESSAGES } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { configPlugin } from './config';
import { originPlugin } from './origin';

// docs/architecture.md#security: a write whose Origin (or, without one, Referer) is not the portal's is
// refused 403.

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example', allowedOrigins: ['http://localhost:3000'] });
  cookie = await t.login('agent@demo.test');
});
afterAll(async () => {
  await t.close();
});

let agentId = 0;
beforeAll(async () => {
  agentId = await t.contactId('agent@demo.test');
});

/** A note to oneself: a signed-in write that answers 201 when it is let through. */
const note = (headers: Record<string, string>, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST', url: '/api/notifications', headers: { cookie, host: 'portal.internal:8080', ...headers },
    payload: { contact_id: agentId, note: 'origin check' },
  });

test('a write from another site is refused 403 with the message, and writes nothing', async () => {
  const before = await t.app.db.selectFrom('notifications').selectAll().execute();
  const res = await note({ origin: 'https://evil.example' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ statusCode: 403, error: MESSAGES.crossSiteRequest });
  expect(await t.app.db.selectFrom('notifications').selectAll().execute()).toHaveLength(before.length);
});

test('without an Origin, another site\'s Referer is refused; Origin: null is refused', async () => {
  const referred = await note({ referer: 'https://evil.example/page?x=1' });
  expect(referred.statusCode).toBe(403);
  expect(referred.json()).toEqual({ statusCode: 403, error: MESSAGES.crossSiteRequest });
  expect((await note({ origin: 'null' })).statusCode).toBe(403);
  expect((await note({ referer: 'not a url' })).statusCode).toBe(403);
  // A look-alike of the portal's own origin is another site.
  expect((await note({ origin: 'https://portal.example.evil.example' })).statusCode).toBe(403);
  expect((await note({ origin: 'http://portal.example' })).statusCode).toBe(403);
});

test('every write method is checked, signed in or not (sign-in and public flows too)', async () => {
  const evil = { origin: 'https://evil.example', host: 'portal.internal:8080' };
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: evil, payload: { username: 'agent@demo.test', password: 'portal-demo' } });
  expect(login.statusCode).toBe(403);
  expect(login.cookies).toHaveLength(0);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...evil, cookie } })).statusCode).toBe(403);
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const res = await t.app.inject({ method, url: `/api/contact/${agentId}`, headers: { ...evil, cookie }, payload: {} });
    expect([method, res.statusCode]).toEqual([method, 403]);
  }
  // The session survived the refused sign-out.
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
});

test("the request's own origin, PUBLIC_URL's and ALLOWED_ORIGINS pass", async () => {
  expect((await note({ origin: 'http://portal.internal:8080' })).statusCode).toBe(201);
  expect((await note({ origin: 'https://portal.example' })).statusCode).toBe(201);
  expect((await note({ origin: 'http://localhost:3000' })).statusCode).toBe(201);
  expect((await note({ referer: 'https://portal.example/agents?tab=1' })).statusCode).toBe(201);
  expect((await note({ referer: 'http://portal.internal:8080/admin' })).statusCode).toBe(201);
  // Origin decides when both are sent.
  expect((await note({ origin: 'https://portal.example', referer: 'https://evil.example/' })).statusCode).toBe(201);
  expect((await note({ origin: 'https://evil.example', referer: 'https://portal.example/' })).statusCode).toBe(403);
});

test('a write with neither header passes: only a browser carries a victim\'s cookie, and it sends Origin', async () => {
  expect((await note({})).statusCode).toBe(201);
});

test("the one-click unsubscribe is posted from a web-mail's own origin: its token is its authority", async () => {
  const refusedElsewhere = await note({ origin: 'https://mail.example' });
  expect(refusedElsewhere.statusCode).toBe(403);
  const res = await t.app.inject({
    method: 'POST', url: '/api/contact/unsubscribe/1.daily.forged', headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  // Past the origin check: the forged token itself is what is refused.
  expect(res.statusCode).toBe(404);
});

test('reads are never checked', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, origin: 'https://evil.example', referer: 'https://evil.example/' } });
  expect(res.statusCode).toBe(200);
});

test('behind a proxy (TRUST_PROXY) the forwarded protocol and host are the own origin', async () => {
  const previous = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = '1';
  const proxied = await t.openAnother();
  try {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'support.example.com' };
    expect((await note({ ...headers, origin: 'https://support.example.com' }, proxied)).statusCode).toBe(201);
    expect((await note({ ...headers, origin: 'http://portal.internal:8080' }, proxied)).statusCode).toBe(403);
  } finally {
    await proxied.close();
    if (previous === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = previous;
  }
});

describe('the path is checked as the router reads it', () => {
  test('POST /%61pi/… (the router reads /api/…) with a foreign Origin is refused and changes nothing', async () => {
    const admin = await t.login('admin@demo.test');
    const before = await t.app.db.selectFrom('audit_log').select('audit_id').execute();
    for (const url of [`/%61pi/admin/contacts/${agentId}/second-factor/reset`, `/%61%70%69/admin/contacts/${agentId}/sessions/end`, `/api/%61dmin/contacts/${agentId}/second-factor/reset`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin, origin: 'https://evil.example', host: 'portal.internal:8080' }, payload: {} });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
    }
    expect(await t.app.db.selectFrom('audit_log').select('audit_id').execute()).toHaveLength(before.length);
    // The same path written plainly reaches the origin check.
    const plain = await t.app.inject({
      method: 'POST', url: `/api/admin/contacts/${agentId}/second-factor/reset`, headers: { cookie: admin, origin: 'https://evil.example' }, payload: {},
    });
    expect(plain.json()).toEqual({ statusCode: 403, error: MESSAGES.crossSiteRequest });
  });

  test('on its own (without the canonical-path wall), the origin check goes by the matched route, not the raw URL', async () => {
    const app = Fastify();
    await app.register(configPlugin, { config: resolveConfig({ publicUrl: 'https://portal.example' }, {}) });
    await app.register(originPlugin);
    app.post('/api/admin/thing', async () => ({ done: true }));
    try {
      const res = await app.inject({ method: 'POST', url: '/%61pi/admin/thing', headers: { origin: 'https://evil.example' } });
      expect(res.json()).toEqual({ statusCode: 403, error: MESSAGES.crossSiteRequest });
      expect((await app.inject({ method: 'POST', url: '/%61pi/admin/thing', headers: { origin: 'https://portal.example' } })).json()).toEqual({ done: true });
    } finally {
      await app.close();
    }
  });
});
