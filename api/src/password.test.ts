import { LEGACY_SCRYPT, OWASP_ARGON2ID, TEST_ARGON2ID, hashPassword, needsRehash, scryptMaxmem, verifyPassword } from './password';

// docs/product/accounts-and-roles.md#passwords: new hashes are argon2id at OWASP's parameters; older ones still verify.

test("new hashes are argon2id at OWASP's parameters, which they carry", async () => {
  expect(OWASP_ARGON2ID).toEqual({ kind: 'argon2id', memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const hash = await hashPassword('correct horse');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
  await expect(verifyPassword('correct horsE', hash)).resolves.toBe(false);
  expect(needsRehash(hash, OWASP_ARGON2ID)).toBe(false);
});

test('an older scrypt hash still verifies and is marked for an upgrade; a weaker target never downgrades', async () => {
  const legacy = await hashPassword('battery staple', LEGACY_SCRYPT);
  expect(legacy.startsWith('scrypt$16384$8$1$')).toBe(true);
  await expect(verifyPassword('battery staple', legacy)).resolves.toBe(true);
  await expect(verifyPassword('battery stapler', legacy)).resolves.toBe(false);
  expect(needsRehash(legacy, OWASP_ARGON2ID)).toBe(true);
  const cheap = await hashPassword('battery staple', TEST_ARGON2ID);
  expect(needsRehash(cheap, OWASP_ARGON2ID)).toBe(true);
  expect(needsRehash(await hashPassword('x'), TEST_ARGON2ID)).toBe(false);
  expect(needsRehash('not a hash', OWASP_ARGON2ID)).toBe(true);
});

test('a stored hash with absurd parameters is refused, not computed', async () => {
  expect(scryptMaxmem({ N: 2 ** 17, r: 8, p: 1 })).toBe(134_220_800);
  await expect(verifyPassword('x', 'scrypt$4194304$8$1$c2FsdA$a2V5')).resolves.toBe(false);
  await expect(verifyPassword('x', 'scrypt$1000$8$1$c2FsdA$a2V5')).resolves.toBe(false);
  await expect(verifyPassword('x', '$argon2id$v=19$m=99999999,p=1,t=2$c2FsdHNhbHQ$a2V5a2V5')).resolves.toBe(false);
  await expect(verifyPassword('x', '$argon2id$v=19$m=19456,p=1,t=2$c2FsdHNhbHQ$broken')).resolves.toBe(false);
  await expect(verifyPassword('x', null)).resolves.toBe(false);
});
