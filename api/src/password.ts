import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import argon2 from 'argon2';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

// Password hashes (docs/product/accounts-and-roles.md#passwords). New hashes are argon2id at OWASP's
// parameters (19 MiB, 2 passes, 1 lane), through the `argon2` package, which ships prebuilt binaries:
// as strong as OWASP's scrypt (N=2^17) and several times quicker, so a sign-in stays well under
// 250 ms. Hashes made earlier with scrypt (`scrypt$N$r$p$salt$key`) still verify, and are upgraded
// to argon2id at the owner's next successful sign-in.

/** argon2id's cost: memory in KiB, passes, lanes. */
export interface Argon2Cost {
  kind: 'argon2id';
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** scrypt's cost (the hashes of old): N (CPU and memory), r (block size), p (parallelism). */
export interface ScryptCost {
  kind: 'scrypt';
  N: number;
  r: number;
  p: number;
}

export type PasswordCost = Argon2Cost | ScryptCost;

/** OWASP's argon2id minimum: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID: Argon2Cost = { kind: 'argon2id', memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Cheap parameters for tests only (PortalApiOptions.passwordHashCost = 'test'): never in production. */
export const TEST_ARGON2ID: Argon2Cost = { kind: 'argon2id', memoryCost: 1_024, timeCost: 1, parallelism: 1 };
/** The scrypt parameters of the hashes made before argon2id (they still verify, and are upgraded at sign-in). */
export const LEGACY_SCRYPT: ScryptCost = { kind: 'scrypt', N: 2 ** 14, r: 8, p: 1 };

/** Nothing above these is accepted from a stored hash (a tampered row must not exhaust memory or time). */
const MAX_SCRYPT_N = 2 ** 20;
const MAX_ARGON2_MEMORY_KIB = 1_048_576;
const MAX_ARGON2_PASSES = 10;
const SCRYPT_KEY_LENGTH = 64;

/** The memory scrypt needs (OpenSSL's check): 128·r·(N+2) + 128·r·p bytes; Node's default cap is 32 MiB. */
export function scryptMaxmem({ N, r, p }: Pick<ScryptCost, 'N' | 'r' | 'p'>): number {
  return 128 * r * (N + 2) + 128 * r * p;
}

/**
 * At most this many hashes run at once in this process: a burst of sign-ins waits its turn instead of
 * taking the machine's memory and every core (the login rate limit bounds the burst).
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const deriveScrypt = (password: string, salt: Buffer, length: number, cost: Pick<ScryptCost, 'N' | 'r' | 'p'>) =>
  limited(() => scrypt(password, salt, length, { N: cost.N, r: cost.r, p: cost.p, maxmem: scryptMaxmem(cost) }));

/** A new hash at `cost`: argon2id's PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), or scrypt's format. Async: the event loop is not blocked. */
export async function hashPassword(password: string, cost: PasswordCost = OWASP_ARGON2ID): Promise<string> {
  if (cost.kind === 'argon2id') {
    return limited(() => argon2.hash(password, {
      type: argon2.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: cost.parallelism,
    }));
  }
  const salt = randomBytes(16);
  const key = await deriveScrypt(password, salt, SCRYPT_KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type ParsedHash = { cost: Argon2Cost; phc: string } | { cost: ScryptCost; salt: Buffer; key: Buffer };

function parseHash(stored: string | null | undefined): ParsedHash | null {
  const text = stored ?? '';
  const argon = /^\$argon2id\$v=19\$([a-z]=\d{1,8}(?:,[a-z]=\d{1,8}){2})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(text);
  if (argon) {
    const field = Object.fromEntries(argon[1]!.split(',').map((pair) => pair.split('=') as [string, string]));
    const cost: Argon2Cost = { kind: 'argon2id', memoryCost: Number(field.m), timeCost: Number(field.t), parallelism: Number(field.p) };
    const sane = cost.memoryCost >= 8 * cost.parallelism && cost.memoryCost <= MAX_ARGON2_MEMORY_KIB && cost.timeCost >= 1
      && cost.timeCost <= MAX_ARGON2_PASSES && cost.parallelism >= 1 && cost.parallelism <= 16;
    return sane ? { cost, phc: text } : null;
  }
  const parts = text.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const cost: ScryptCost = { kind: 'scrypt', N: Number(n), r: Number(r), p: Number(p) };
  const sane = Number.isInteger(cost.N) && cost.N > 1 && cost.N <= MAX_SCRYPT_N && (cost.N & (cost.N - 1)) === 0
    && Number.isInteger(cost.r) && cost.r >= 1 && cost.r <= 32 && Number.isInteger(cost.p) && cost.p >= 1 && cost.p <= 16;
  return sane ? { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') } : null;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  if ('phc' in parsed) {
    try {
      return await limited(() => argon2.verify(parsed.phc, password));
    } catch {
      return false; // a damaged hash verifies nothing
    }
  }
  const actual = await deriveScrypt(password, parsed.salt, parsed.key.length, parsed.cost);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/**
 * Is `stored` weaker than `target` (or unreadable)? Then the next successful sign-in rehashes it.
 * Any scrypt hash is older than argon2id; a weaker target never downgrades a stronger hash.
 */
export function needsRehash(stored: string | null | undefined, target: PasswordCost): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const current = parsed.cost;
  if (target.kind === 'argon2id') {
    if (current.kind === 'scrypt') return true;
    return current.memoryCost < target.memoryCost || current.timeCost < target.timeCost;
  }
  if (current.kind === 'argon2id') return false;
  return current.N * current.r * current.p < target.N * target.r * target.p || current.N < target.N;
}

/** A hash to compare against when the user does not exist, so both paths cost one hash at `cost`. */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: PasswordCost = OWASP_ARGON2ID): Promise<string> {
  const key = JSON.stringify(cost);
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/** 32 random bytes, base64url: a session cookie or a one-time code (reset, verify). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 of a secret token: what is stored, so a stolen database yields no usable session or code. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The password of a contact someone else created (contacts tab, POST /contact): the hash of a
 * random secret nobody knows, so the contact signs in only after setting its own through a reset.
 */
export function unusablePasswordHash(cost: PasswordCost = OWASP_ARGON2ID): Promise<string> {
  return hashPassword(newSecretToken(), cost);
}
