import { GROUP_ADMIN, MESSAGES, MODE, type Viewer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { resolveConfig } from '../config';
import { isPostgresUrl } from '../db/connect';
import { hashSecretToken } from '../password';
import { aCompany } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { isChange } from './event-transports';
import { createSessionCache, type CachedSession } from './session-cache';
import { linkedTransports } from '../test-support/linked-transports';

// Sessions held in memory (docs/architecture.md#sessions-in-memory): the very next request after a revoking
// write is refused or re-scoped, in this process and in another one on the same database.

const HOUR = 60 * 60 * 1000;
let now = new Date('2030-03-01T09:00:00.000Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const bus = linkedTransports();
const transportB = bus.peer();
let t: TestApp;
/** Another process on the same database, linked to the first through the transport. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, sessionIdleHours: 2, eventTransport: bus.peer() });
  other = await t.openAnother({ eventTransport: transportB });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const a = on(() => t.app);
const b = on(() => other);
function on(appOf: () => FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    appOf().inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}
/** Signed in when 200; 401 once the session is gone. */
const status = async (call: typeof a, cookie: string, url = '/auth/me') => (await call('GET', url, cookie)).statusCode;

/** A fresh staff member of `group`, signed in twice (two browsers); the admin's cookie too. */
let serial = 0;
async function aPerson(group = 2) {
  serial += 1;
  const email = `held${serial}@cache.test`;
  const admin = await t.login('admin@demo.test');
  const made = await a('POST', '/contact', admin, { first_name: 'Held', last_name: `${serial}`, email, group_id: group });
  expect(made.statusCode).toBe(201);
  const id = (made.json() as { contact_id: number }).contact_id;
  await withDemoPassword(id);
  return { id, email, admin, first: await t.login(email), second: await t.login(email) };
}

/** The demo password for a contact made through the API (which gives it an unusable one until a reset). */
async function withDemoPassword(contactId: number) {
  const adminHash = (await t.app.db.selectFrom('contacts').select('password_hash').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).password_hash;
  await t.app.db.updateTable('contacts').set({ password_hash: adminHash }).where('contact_id', '=', contactId).execute();
}

/** Both processes have just answered `cookie` (so both hold it). */
async function held(cookie: string, url = '/auth/me') {
  expect(await status(a, cookie, url)).toBe(200);
  expect(await status(b, cookie, url)).toBe(200);
}

describe('held in memory', () => {
  test('a session answered moments ago is not read again; after its few seconds it is', async () => {
    const person = await aPerson();
    const reads = jest.spyOn(other.repos.sessions, 'findViewer');
    const policy = jest.spyOn(other.repos.options, 'get');
    for (let i = 0; i < 5; i++) expect(await status(b, person.first, '/account/sessions')).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    // A staff member's second-factor check too: once per held session.
    expect(policy.mock.calls.filter(([name]) => name === 'security-policy')).toHaveLength(1);
    advance(resolveConfig({}, {}).sessionCacheMs);
    expect(await status(b, person.first, '/account/sessions')).toBe(200);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  test('an idle session is still refused, and one in use is still renewed once a minute', async () => {
    const person = await aPerson();
    const row = () => t.app.db.selectFrom('sessions').select('last_seen').where('token_hash', '=', hashSecretToken(person.first.split('=')[1]!)).executeTakeFirstOrThrow();
    const signedIn = (await row()).last_seen;
    await held(person.first);
    await held(person.second);
    advance(61_000);
    // Answered from memory within its few seconds, and marked used once.
    const touches = jest.spyOn(t.app.repos.sessions, 'touch');
    expect(await status(a, person.first)).toBe(200);
    expect(await status(a, person.first)).toBe(200);
    // With the next batch of renewals (session-touches.ts).
    await t.app.sessions.flushTouches();
    expect(touches).toHaveBeenCalledTimes(1);
    expect((await row()).last_seen).toBe(now.toISOString());
    expect((await row()).last_seen).not.toBe(signedIn);
    // The second browser was not used: two idle hours later it is refused, the first (used now) is not.
    advance(2 * HOUR - 61_000 + 1000);
    await held(person.first);
    expect(await status(a, person.second)).toBe(401);
    expect(await status(b, person.second)).toBe(401);
  });

  test("an entry never outlives the session's absolute end", async () => {
    const person = await aPerson();
    const hash = hashSecretToken(person.first.split('=')[1]!);
    const end = new Date(now.getTime() + 2000);
    await t.app.db.updateTable('sessions').set({ expires: end.toISOString() }).where('token_hash', '=', hash).execute();
    await held(person.first);
    advance(2000);
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);
  });

  test('SESSION_CACHE_MS: default 5 s, 0 switches it off and every request reads the session', async () => {
    expect(resolveConfig({}, {}).sessionCacheMs).toBe(5000);
    expect(resolveConfig({}, { SESSION_CACHE_MS: '0' }).sessionCacheMs).toBe(0);
    expect(resolveConfig({}, { SESSION_CACHE_MS: '2500' }).sessionCacheMs).toBe(2500);
    expect(resolveConfig({}, { SESSION_CACHE_MS: 'soon' }).sessionCacheMs).toBe(5000);
    const off = await t.openAnother({ sessionCacheMs: 0, eventTransport: bus.peer() });
    try {
      const person = await aPerson();
      const reads = jest.spyOn(off.repos.sessions, 'findViewer');
      for (let i = 0; i < 3; i++) expect((await off.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.first } })).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      await off.close();
    }
  });
});

describe('revoked in every process at once', () => {
  test('signing out', async () => {
    const person = await aPerson();
    await held(person.first);
    expect((await a('POST', '/auth/logout', person.first)).statusCode).toBe(200);
    expect(await status(a, person.first)).toBe(401);
    expect((await b('GET', '/auth/me', person.first)).json()).toEqual({ statusCode: 401, error: MESSAGES.notSignedIn });
    // The other browser goes on.
    await held(person.second);
  });

  test('signing in again from a browser that had a session ends that session', async () => {
    const person = await aPerson();
    await held(person.first);
    const again = await b('POST', '/auth/login', person.first, { username: person.email, password: 'portal-demo' });
    expect(again.statusCode).toBe(200);
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);
  });

  test('the sessions page: one session, then every other one', async () => {
    const person = await aPerson();
    const third = await t.login(person.email);
    await held(person.first);
    await held(third);
    const list = (await b('GET', '/account/sessions', person.second)).json() as { sessions: { id: number; current: boolean }[] };
    const firstId = (await t.app.db.selectFrom('sessions').select('session_id')
      .where('token_hash', '=', hashSecretToken(person.first.split('=')[1]!)).executeTakeFirstOrThrow()).session_id;
    expect(list.sessions.map((s) => s.id)).toContain(firstId);
    expect((await b('DELETE', `/account/sessions/${firstId}`, person.second)).statusCode).toBe(200);
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);
    await held(third);
    expect((await b('POST', '/account/sessions/end-others', person.second)).json()).toEqual({ ended: 1 });
    expect(await status(a, third)).toBe(401);
    await held(person.second);
  });

  test("an admin ends a user's sessions, or resets their second factor", async () => {
    const person = await aPerson();
    await held(person.first);
    expect((await b('POST', `/admin/contacts/${person.id}/sessions/end`, person.admin)).statusCode).toBe(200);
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);

    const again = await t.login(person.email);
    await held(again);
    expect((await b('POST', `/admin/contacts/${person.id}/second-factor/reset`, person.admin)).statusCode).toBe(200);
    expect(await status(a, again)).toBe(401);
    expect(await status(b, again)).toBe(401);
  });

  test('a new password, changed by its owner or by an admin', async () => {
    const person = await aPerson();
    await held(person.first);
    await held(person.second);
    const own = await a('PUT', `/contact/${person.id}`, person.second, { password: 'a-new-password-1', current_password: 'portal-demo' });
    expect(own.statusCode).toBe(200);
    expect(await status(b, person.first)).toBe(401);
    expect(await status(a, person.first)).toBe(401);
    await held(person.second);
    expect((await b('PUT', `/contact/${person.id}`, person.admin, { password: 'a-new-password-2' })).statusCode).toBe(200);
    expect(await status(a, person.second)).toBe(401);
    expect(await status(b, person.second)).toBe(401);
  });

  test('a password reset with a code', async () => {
    const person = await aPerson();
    await held(person.first);
    const { link } = (await a('GET', `/contact/${person.id}/sendresetcode`, person.admin)).json() as { link: string };
    const code = decodeURIComponent(link.split('/').pop()!);
    const reset = await b('POST', '/auth/reset', undefined, { code, password: 'a-reset-password-1', confirm: 'a-reset-password-1' });
    expect(reset.json()).toEqual({ ok: true });
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);
  });

  test('deactivation: an agent deleted, a company deleted with its only clients', async () => {
    const person = await aPerson();
    await held(person.first);
    expect((await b('DELETE', `/contact/${person.id}`, person.admin)).statusCode).toBe(200);
    expect(await status(a, person.first)).toBe(401);
    expect(await status(b, person.first)).toBe(401);

    const company = await aCompany(t.app, 'Short-lived Co', MODE.active);
    const added = await a('POST', `/company/${company}/contacts`, person.admin, {
      first_name: 'Only', last_name: 'Here', email: 'only.here@cache.test', phone: '555-010-0101', title: 'Owner', primary: 1,
    });
    expect(added.statusCode).toBe(201);
    await withDemoPassword((added.json() as { contact_id: number }).contact_id);
    const client = await t.login('only.here@cache.test');
    await held(client, `/company/${company}`);
    expect((await b('DELETE', `/company/${company}`, person.admin)).statusCode).toBe(200);
    expect(await status(a, client)).toBe(401);
    expect(await status(b, client)).toBe(401);
  });

  test('a new group: the held session is re-scoped', async () => {
    const person = await aPerson();
    await held(person.first);
    expect(await status(a, person.first, '/admin/security-policy')).toBe(403);
    expect(await status(b, person.first, '/admin/security-policy')).toBe(403);
    expect((await a('PUT', `/contact/${person.id}`, person.admin, { group_id: GROUP_ADMIN })).statusCode).toBe(200);
    expect(await status(a, person.first, '/admin/security-policy')).toBe(200);
    expect(await status(b, person.first, '/admin/security-policy')).toBe(200);
    expect((await b('PUT', `/contact/${person.id}`, person.admin, { group_id: 2 })).statusCode).toBe(200);
    expect(await status(a, person.first, '/admin/security-policy')).toBe(403);
    expect(await status(b, person.first, '/admin/security-policy')).toBe(403);
  });

  test("a company link: the client's held session sees the company at once, and stops seeing it", async () => {
    const company = await aCompany(t.app, 'Linked Later Co', MODE.active);
    const client = await t.login('client2@demo.test');
    const clientId = await t.contactId('client2@demo.test');
    const admin = await t.login('admin@demo.test');
    await held(client);
    expect(await status(a, client, `/company/${company}`)).toBe(403);
    expect(await status(b, client, `/company/${company}`)).toBe(403);
    expect((await a('POST', `/company/${company}/contacts`, admin, { contact_id: clientId, title: 'Guest' })).statusCode).toBe(201);
    expect(await status(a, client, `/company/${company}`)).toBe(200);
    expect(await status(b, client, `/company/${company}`)).toBe(200);
    expect((await b('DELETE', `/company/${company}/contacts/${clientId}`, admin)).statusCode).toBe(200);
    expect(await status(a, client, `/company/${company}`)).toBe(403);
    expect(await status(b, client, `/company/${company}`)).toBe(403);
  });

  test('a lost transport (resync) drops everything this process holds', async () => {
    const person = await aPerson();
    await held(person.first);
    // Ended behind the transport's back (as if its change had been lost on the way).
    await t.app.db.deleteFrom('sessions').where('contact_id', '=', person.id).execute();
    expect(await status(b, person.first)).toBe(200);
    transportB.resync();
    expect(await status(b, person.first)).toBe(401);
  });
});

describe('second factors and the staff policy', () => {
  test('enrolment required is held with the session and dropped when the policy switches or a factor is added', async () => {
    const { generate } = await import('otplib');
    const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    // An admin of its own: one with a second factor signs in in two steps.
    const admin = (await aPerson(GROUP_ADMIN)).first;
    const adminApp = (await a('POST', '/account/security/totp', admin)).json() as { secret: string };
    expect((await a('POST', '/account/security/totp/confirm', admin, { code: await codeAt(adminApp.secret) })).statusCode).toBe(200);
    const person = await aPerson();
    await held(person.first, '/company');
    try {
      expect((await a('PUT', '/admin/security-policy', admin, { require_staff_second_factor: true })).statusCode).toBe(200);
      const blocked = await b('GET', '/company', person.first);
      expect(blocked.statusCode).toBe(403);
      expect(await status(a, person.first, '/company')).toBe(403);

      const started = (await b('POST', '/account/security/totp', person.first)).json() as { secret: string };
      advance(30_000);
      expect((await b('POST', '/account/security/totp/confirm', person.first, { code: await codeAt(started.secret) })).statusCode).toBe(200);
      expect(await status(a, person.first, '/company')).toBe(200);
      expect(await status(b, person.first, '/company')).toBe(200);
      // Its other browser was signed out by the new factor, in both processes.
      expect(await status(a, person.second)).toBe(401);
      expect(await status(b, person.second)).toBe(401);
    } finally {
      expect((await a('PUT', '/admin/security-policy', admin, { require_staff_second_factor: false })).statusCode).toBe(200);
    }
    // Off again: a staff member without a factor, held as blocked moments ago, goes on at once.
    const late = await aPerson();
    expect((await a('PUT', '/admin/security-policy', admin, { require_staff_second_factor: true })).statusCode).toBe(200);
    expect(await status(a, late.first, '/company')).toBe(403);
    expect(await status(b, late.first, '/company')).toBe(403);
    expect((await b('PUT', '/admin/security-policy', admin, { require_staff_second_factor: false })).statusCode).toBe(200);
    expect(await status(a, late.first, '/company')).toBe(200);
    expect(await status(b, late.first, '/company')).toBe(200);
  });
});

describe('the live stream', () => {
  test("a session change re-reads its contact's open streams: a revoked one ends at once", async () => {
    const { listeningUrl, openLiveStream } = await import('../test-support/live-stream');
    const person = await aPerson();
    const url = await listeningUrl(other);
    const stream = await openLiveStream(url, person.first);
    await stream.next((event) => event.event === 'ready');
    expect((await a('POST', '/auth/logout', person.first)).statusCode).toBe(200);
    await stream.ended;
    expect(other.events.openStreams).toBe(0);
  });
});

describe('the cache itself', () => {
  const viewer = (contactId: number): Viewer => ({ contactId, groupId: 2, companyIds: [], primaryCompanyIds: [] });
  const at = new Date('2030-01-01T00:00:00.000Z');
  const session = (contactId: number, extra: Partial<CachedSession> = {}): CachedSession => ({
    viewer: viewer(contactId), sessionId: contactId, lastSeenMs: at.getTime(), expiresMs: at.getTime() + HOUR, ...extra,
  });
  const later = (ms: number) => new Date(at.getTime() + ms);

  test('holds an entry for its life, within the idle limit and the end; a drop during a read keeps that read out', () => {
    const cache = createSessionCache({ ttlMs: 5000, idleMs: 2000 });
    cache.put('a', session(1), at, cache.generation);
    expect(cache.get('a', later(1999))?.viewer.contactId).toBe(1);
    expect(cache.get('a', later(2000))).toBeUndefined();
    cache.put('b', session(2, { lastSeenMs: at.getTime() + 10_000, expiresMs: at.getTime() + 3000 }), at, cache.generation);
    expect(cache.get('b', later(3000))).toBeUndefined();
    cache.put('c', session(3, { lastSeenMs: at.getTime() + 10_000 }), at, cache.generation);
    expect(cache.get('c', later(4999))).toBeDefined();
    expect(cache.get('c', later(5000))).toBeUndefined();

    const before = cache.generation;
    cache.dropContact(99);
    cache.put('d', session(4), at, before);
    expect(cache.get('d', at)).toBeUndefined();
  });

  test('forgets the contacts of session changes and company members, everything for "all"; holds nothing at 0; bounded', () => {
    const cache = createSessionCache({ ttlMs: 5000, idleMs: HOUR, maxEntries: 3 });
    for (const [token, id] of [['a', 1], ['a2', 1], ['b', 2]] as const) cache.put(token, session(id), at, cache.generation);
    cache.forget([{ kind: 'session', contactId: 1 }]);
    expect([cache.get('a', at), cache.get('a2', at), cache.get('b', at)?.viewer.contactId]).toEqual([undefined, undefined, 2]);
    cache.forget([{ kind: 'company', companyId: 4, members: [2] }, { kind: 'ticket', ticketId: 1, companyId: 4, assignees: [2] }]);
    expect(cache.size).toBe(0);
    for (const [token, id] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) cache.put(token, session(id), at, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a', at)).toBeUndefined();
    cache.forget([{ kind: 'session', contactId: 'all' }]);
    expect(cache.size).toBe(0);

    const off = createSessionCache({ ttlMs: 0, idleMs: HOUR });
    off.put('a', session(1), at, off.generation);
    expect(off.get('a', at)).toBeUndefined();
  });

  test('a session change crosses processes only with a contact id or "all"', () => {
    expect(isChange({ kind: 'session', contactId: 7 })).toBe(true);
    expect(isChange({ kind: 'session', contactId: 'all' })).toBe(true);
    expect(isChange({ kind: 'session', contactId: '7' })).toBe(false);
    expect(isChange({ kind: 'session' })).toBe(false);
  });
});

const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;

postgresOnly('over PostgreSQL LISTEN/NOTIFY', () => {
  test("a sign-out in one instance: the other drops the held session when the notification comes", async () => {
    const first = await createTestApp();
    const second = await first.openAnother();
    try {
      expect(second.events.transport).toBe('postgres');
      const cookie = await first.login('agent@demo.test');
      const heard = new Promise<void>((resolve) => {
        second.events.onChanges({ changes: (changes) => changes.some((c) => c.kind === 'session') && resolve(), resync: () => undefined });
      });
      expect((await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      expect((await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      await heard;
      expect((await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
