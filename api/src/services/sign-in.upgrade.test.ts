import { SECURITY_MESSAGES } from '@portal/domain';
import { LEGACY_SCRYPT, hashPassword, verifyPassword } from '../password';
import { createTestApp, type TestApp } from '../test-support/test-app';

// docs/product/accounts-and-roles.md#passwords: an older hash is upgraded at the next successful sign-in.
// This app hashes at OWASP's cost, as production does (the other test apps use a cheap one).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordHashCost: 'owasp', loginRateLimit: { max: 2, timeWindowMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
});

const storedHash = async (email: string) =>
  (await t.app.db.selectFrom('contacts').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

test("a sign-in with an old scrypt hash stores an argon2id hash of the same password at OWASP's cost; a failed one changes nothing", async () => {
  const email = 'agent@demo.test';
  const legacy = await hashPassword('old-but-good', LEGACY_SCRYPT);
  await t.app.db.updateTable('contacts').set({ password_hash: legacy }).where('email', '=', email).execute();

  const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: 'not-it' } });
  expect(wrong.statusCode).toBe(401);
  expect(await storedHash(email)).toBe(legacy);

  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: 'old-but-good' } });
  expect(res.statusCode).toBe(200);
  const upgraded = await storedHash(email);
  expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  await expect(verifyPassword('old-but-good', upgraded)).resolves.toBe(true);
});

test('wrong second-factor codes are rate limited per address too', async () => {
  // The password step is limited per address and username as before; the code step per address.
  const codes = Array.from({ length: 3 }, () => t.app.inject({
    method: 'POST', url: '/api/auth/login/second-factor', remoteAddress: '10.9.9.9', payload: { method: 'totp', code: '123456' },
  }));
  // Sent together: which of the three is counted last is up to the database (PostgreSQL answers in any order).
  const statuses = (await Promise.all(codes)).map((r) => r.statusCode);
  expect(statuses.sort()).toEqual([401, 401, 429]);
  const limited = await t.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', remoteAddress: '10.9.9.9', payload: { method: 'totp', code: '1' } });
  expect(limited.json()).toMatchObject({ statusCode: 429 });
  const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', remoteAddress: '10.9.9.8', payload: { method: 'totp', code: '1' } });
  expect(elsewhere.json()).toMatchObject({ statusCode: 401, error: SECURITY_MESSAGES.signInExpired });
});
