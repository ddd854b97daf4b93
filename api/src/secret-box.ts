import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file the key is made in when SECRETS_KEY is unset (docs/product/accounts-and-roles.md#account-security). */
export const SECRETS_KEY_FILE = 'secrets.key';

/** SECRETS_KEY as base64 or hex; anything but 32 bytes stops the start with a clear message. */
export function parseSecretsKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY: expected 32 bytes, base64 (44 characters) or hex (64 characters)');
  return key;
}

const fileKeys = new Map<string, Buffer>();

/**
 * The key secrets are sealed with: SECRETS_KEY, or DATA_DIR/secrets.key, made once (mode 0600) by
 * whichever process needs it first. Several machines must share DATA_DIR or set one SECRETS_KEY.
 */
export function secretsKeyFor(config: { secretsKey: string | undefined; dataDir: string }): Buffer {
  if (config.secretsKey) return parseSecretsKey(config.secretsKey);
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  const cached = fileKeys.get(file);
  if (cached) return cached;
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretsKey(readFileSync(file, 'utf8'));
  fileKeys.set(file, key);
  return key;
}

/**
 * AES-256-GCM: `v1.iv.tag.ciphertext` (base64url). `context` (e.g. `totp:12`) is authenticated
 * too, so a sealed value copied to another row does not open.
 */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text of `sealed`; throws when the key, the context or the bytes are not the ones it was sealed with. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
