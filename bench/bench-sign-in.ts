// Sign-in time at the password hash's production cost (argon2id, m=19 MiB, t=2, p=1), and what the sign-in
// rate limit does to a flood (docs/product/accounts-and-roles.md#passwords). Over HTTP on this machine:
//  1. RUNS sequential POST /api/auth/login with the right password: p50 / p95 / max.
//  2. A flood of wrong passwords from one address for one username, CONCURRENCY at a time for
//     FLOOD_SECONDS, with the default limit (10 a minute per address and username): refused (429) and
//     hashed (401) per second.
//  3. The same flood spread over many usernames: the per-address limit (5 times the per-username one)
//     refuses it after its first 50 hashes; hashes are computed at most two at once per process.
// Prints figures; nothing is asserted.   npm run bench:sign-in   (RUNS=30 FLOOD_SECONDS=5 CONCURRENCY=20)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';

const RUNS = Number(process.env.RUNS ?? 30);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);

type App = Awaited<ReturnType<typeof createPortalApi>>;

async function withApp<T>(loginRateLimit: { max: number; timeWindowMs: number } | undefined, work: (base: string, app: App) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-sign-in-'));
  const app = await createPortalApi({
    dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false, passwordHashCost: 'owasp',
    ...(loginRateLimit ? { loginRateLimit } : {}),
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return await work(address, app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const login = async (base: string, username: string, password: string) => {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function flood(base: string, usernameOf: (i: number) => string) {
  const counts = new Map<number, number>();
  const hashedTimes: number[] = [];
  const end = performance.now() + FLOOD_SECONDS * 1000;
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < end) {
      const i = next++;
      const { status, ms: took } = await login(base, usernameOf(i), `wrong-${i}`);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status === 401) hashedTimes.push(took);
    }
  }));
  const refused = counts.get(429) ?? 0;
  const hashed = counts.get(401) ?? 0;
  hashedTimes.sort((a, b) => a - b);
  return { refused, hashed, other: [...counts].filter(([s]) => s !== 401 && s !== 429), p50: percentile(hashedTimes, 50) };
}

async function main(): Promise<void> {
  console.log(`argon2id m=19456 KiB t=2 p=1; ${RUNS} sign-ins; floods of ${FLOOD_SECONDS} s, ${CONCURRENCY} at a time`);
  await withApp({ max: 100_000, timeWindowMs: 60_000 }, async (base) => {
    await login(base, 'agent@demo.test', 'portal-demo');
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { status, ms: took } = await login(base, 'agent@demo.test', 'portal-demo');
      if (status !== 200) throw new Error(`sign-in answered ${status}`);
      times.push(took);
    }
    times.sort((a, b) => a - b);
    console.log(`sign-in (right password, POST /api/auth/login over HTTP): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1) ?? NaN)}`);
  });
  await withApp(undefined, async (base) => {
    const one = await flood(base, () => 'agent@demo.test');
    console.log(`flood, one address and username, default limit: ${(one.refused / FLOOD_SECONDS).toFixed(0)} refused/s (429), ${(one.hashed / FLOOD_SECONDS).toFixed(1)} hashed/s (401)${one.other.length ? `, other ${JSON.stringify(one.other)}` : ''}`);
  });
  await withApp(undefined, async (base) => {
    const spray = await flood(base, (i) => `nobody-${i}@bench.test`);
    console.log(`flood, one address, a new username each time: ${(spray.refused / FLOOD_SECONDS).toFixed(0)} refused/s, ${(spray.hashed / FLOOD_SECONDS).toFixed(1)} hashed/s, a hashed attempt's p50 ${ms(spray.p50)}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
