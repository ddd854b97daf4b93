import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSecretsKey, seal, secretsKeyFor, unseal } from './secret-box';

// docs/product/accounts-and-roles.md#account-security: app secrets are kept sealed (AES-256-GCM).

test('a sealed secret opens with its key and context only', () => {
  const key = parseSecretsKey('a'.repeat(64));
  const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'totp:7');
  expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  expect(unseal(key, sealed, 'totp:7')).toBe('JBSWY3DPEHPK3PXP');
  expect(() => unseal(key, sealed, 'totp:8')).toThrow();
  expect(() => unseal(parseSecretsKey('b'.repeat(64)), sealed, 'totp:7')).toThrow();
});

test('SECRETS_KEY must be 32 bytes; unset, a key file is made once in DATA_DIR, readable by its owner only', () => {
  expect(() => parseSecretsKey('too-short')).toThrow(/SECRETS_KEY/);
  expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-box-'));
  try {
    const first = secretsKeyFor({ secretsKey: undefined, dataDir });
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(secretsKeyFor({ secretsKey: undefined, dataDir })).toEqual(first);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
