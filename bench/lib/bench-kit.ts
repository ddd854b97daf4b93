// What the benchmark scripts share: a seeded generator (the same data every run), chunked inserts,
// and the median time of a warm GET through app.inject.
import type { createPortalApi } from '@portal/api';

type App = Awaited<ReturnType<typeof createPortalApi>>;

/** A small deterministic generator: the same database every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Writes `rows` `size` at a time (SQLite bounds the parameters of one statement). */
export async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** One warm-up, then the median of `runs` reads of `url` (which must answer 200), and the answer's size and body. */
export async function medianGet(app: App, url: string, cookie: string, runs: number): Promise<{ medianMs: number; bytes: number; body: string }> {
  const once = async () => {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { ms, bytes: res.rawPayload.length, body: res.body };
  };
  await once();
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await once());
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, bytes: results[0]!.bytes, body: results[0]!.body };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** p50/p95/p99 of a list of timings in ms. */
export function percentiles(times: readonly number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Signs a demo user in over HTTP (the demo password) and answers the session cookie to send with each read. */
export async function signInOverHttp(address: string, username: string): Promise<string> {
  const res = await fetch(`${address}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'portal-demo' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return cookie;
}
