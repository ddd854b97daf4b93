import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Two API instances on one database stand for two processes (or machines): the limits are counted
// in the database, so together they allow what one does.

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  const limits = {
    loginRateLimit: { max: 3, timeWindowMs: 60_000 },
    publicRateLimit: { max: 2, timeWindowMs: 60_000 },
    forgotRateLimit: { max: 2, timeWindowMs: 3_600_000 },
    registerRateLimit: { max: 1000, timeWindowMs: 3_600_000 },
  };
  t = await createTestApp(limits);
  other = await t.openAnother(limits);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const tooMany = { statusCode: 429, error: MESSAGES.tooManyRequests };
const login = (app: FastifyInstance, username: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'wrong-password' }, remoteAddress });

test('sign-in: the second instance refuses once the first used the allowance', async () => {
  const statuses = [];
  for (let i = 0; i < 3; i += 1) statuses.push((await login(t.app, 'agent@demo.test', '10.9.0.1')).statusCode);
  expect(statuses).toEqual([401, 401, 401]);
  const refused = await login(other, 'agent@demo.test', '10.9.0.1');
  expect(refused.json()).toEqual({ statusCode: 429, error: MESSAGES.tooManyLogins });
  expect((await login(t.app, 'agent@demo.test', '10.9.0.1')).statusCode).toBe(429);
  // Another account from that address, and that account from another address, have their own count.
  expect((await login(other, 'admin@demo.test', '10.9.0.1')).statusCode).toBe(401);
  expect((await login(other, 'agent@demo.test', '10.9.0.2')).statusCode).toBe(401);
});

test('a public route: one count per address across instances, and one per route', async () => {
  const check = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.9.1.1' });
  expect((await check(t.app, '/api/auth/reset/guess')).statusCode).toBe(400);
  expect((await check(other, '/api/auth/reset/guess')).statusCode).toBe(400);
  expect((await check(t.app, '/api/auth/reset/guess')).json()).toEqual(tooMany);
  expect((await check(other, '/api/auth/reset/guess')).json()).toEqual(tooMany);
  expect((await other.inject({ method: 'POST', url: '/api/auth/verify/guess', remoteAddress: '10.9.1.1' })).statusCode).toBe(400);
});

test('a keyed limit (forgot password per e-mail) is shared too', async () => {
  const forgot = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'pat@initech.test' }, remoteAddress });
  expect((await forgot(t.app, '10.9.2.1')).statusCode).toBe(200);
  expect((await forgot(other, '10.9.2.2')).statusCode).toBe(200);
  expect((await forgot(t.app, '10.9.2.3')).json()).toEqual(tooMany);
  expect((await forgot(other, '10.9.2.4')).json()).toEqual(tooMany);
});

describe('the counters', () => {
  test('a window opens at the first hit, counts every hit, and opens again once it ended', async () => {
    const { rateLimits } = t.app.repos;
    const start = 1_800_000_000_000;
    expect(await rateLimits.hit('test|a', start, 1000)).toEqual({ hits: 1, expiresAt: start + 1000 });
    expect(await rateLimits.hit('test|a', start + 400, 1000)).toEqual({ hits: 2, expiresAt: start + 1000 });
    expect(await rateLimits.read('test|a', start + 999)).toEqual({ hits: 2, expiresAt: start + 1000 });
    expect(await rateLimits.hit('test|a', start + 1000, 1000)).toEqual({ hits: 1, expiresAt: start + 2000 });
    expect(await rateLimits.read('test|b', start)).toBeUndefined();
  });

  test('hits at once from both instances are all counted', async () => {
    const now = 1_800_000_100_000;
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? t.app : other).repos.rateLimits.hit('test|burst', now, 60_000)),
    );
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  test('ended windows are pruned, open ones kept', async () => {
    const { rateLimits } = t.app.repos;
    const now = 1_900_000_000_000;
    await rateLimits.hit('test|ended', now - 2000, 1000);
    await rateLimits.hit('test|open', now, 1000);
    expect(await rateLimits.prune(now)).toBeGreaterThanOrEqual(1);
    expect(await rateLimits.read('test|open', now)).toEqual({ hits: 1, expiresAt: now + 1000 });
    const keys = (await t.app.db.selectFrom('rate_limit_hits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('test|open');
    expect(keys).not.toContain('test|ended');
  });
});
