// The portal's polling mix with N signed-in users, each with its own session, against the started
// portal (`server/start.ts`, WORKERS processes):
//   - push off (every screen polls at its documented interval) at BENCH_USERS, and in the same run
//     the same load against a bare route answering fixed bytes from memory on as many processes
//     (the machine's ceiling); prints the largest N with p99 under 50 ms for each and their ratio
//     (the portal must hold at least half of the bare route's);
//   - push on (one event stream per user, polling at the 30 s safety net, and the keys an event names
//     fetched again, as SWR does) at BENCH_ON_USERS: each tab opens as a page does (its screen's first
//     reads, then its stream; the time to open them all is printed), its polls go through a pool of
//     keep-alive connections per generator as through a reverse proxy (lib/push-load.ts,
//     UPSTREAM_POOL_SOCKETS), and what is measured after the warm-up is the steady state of signed-in
//     users (BENCH_ON_WARMUP_SECONDS, default 40: every tab's first safety-net poll has gone by);
//   - change-to-screen latency: BENCH_LATENCY_STREAMS streams open (staff first, on the pages of the noted tickets; polling at the
//     safety net unless BENCH_LATENCY_POLLING=0), notes written one at a time by another session,
//     and for each the time until every stream whose tab shows it was told (p99 target 200 ms).
// The load comes from BENCH_GENERATORS processes (lib/push-load-generator.ts), each with its share of
// the users and its own sockets; their raw latencies are merged exactly into one table. Each
// simulated tab behaves like a browser with an HTTP cache: it keeps each key's ETag and sends it as
// If-None-Match; a 304 counts as an answer (column 304s). Idle poll connections close after
// BENCH_IDLE_MS, so 20,000 streams plus their polls stay under the file limit (`ulimit -n`, checked
// at the start; every process inherits it), and tabs connect from 127.0.0.2… so the ephemeral
// ports of one source address do not run out. Loopback only; every step is bounded in time and the
// whole run stops at a deadline.
//   npx tsx bench/bench-push.ts          (npm run bench:push)
//   BENCH_USERS=500,1000,2000,4000  BENCH_ON_USERS=10000,20000  BENCH_LATENCY_STREAMS=20000
//   BENCH_LATENCY_CHANGES=20  BENCH_LATENCY_POLLING=1  BENCH_MODES=off,ceiling,on,latency
//   BENCH_SECONDS=15  BENCH_WARMUP_SECONDS=30  BENCH_ON_WARMUP_SECONDS=40  WORKERS=<cores>  BENCH_GENERATORS=<max(2, cores)>
//   BENCH_WRITES_PER_S=2  BENCH_PORTAL_NODE_OPTIONS  BENCH_WATCH=1 (0: tabs send no watch list)  BENCH_CHECK=1 (0: each safety-net key polls alone)  BENCH_IDLE_MS=5000  BENCH_PORT=18700 (the bare route on +1)
//   BENCH_DEPLOY_DIR (the front end's deployed builds, default $TMPDIR/portal-bench-deploy)  BENCH_VERBOSE=1
// A small check: BENCH_USERS=200 BENCH_ON_USERS=1000 BENCH_LATENCY_STREAMS=1000 BENCH_SECONDS=5 npx tsx bench/bench-push.ts
import { execSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Generators, startCeiling, startPortal, startWriter, stop } from './lib/push-load';
import { quantiles, wallClock } from './lib/push-load-samples';
import { populate, type User } from './lib/push-load-users';

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').filter(Boolean).map(Number);
const USERS = list(process.env.BENCH_USERS, '500,1000,2000,4000');
const ON_USERS = list(process.env.BENCH_ON_USERS, '10000,20000');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// Push off, each step after 30 s at its load: the minute after a start with thousands of tabs polling
// is start-up (each tab's first reads, cold caches; with 3 s the first step's p99 was 2-9 s), not the steady state.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
const ON_WARMUP_SECONDS = Number(process.env.BENCH_ON_WARMUP_SECONDS ?? 40);
const WORKERS = Number(process.env.WORKERS ?? availableParallelism());
/** The portal's processes only (not the generators'): BENCH_PORTAL_NODE_OPTIONS, e.g. a V8 flag to compare. */
const portalEnv = (): Record<string, string> => (process.env.BENCH_PORTAL_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_PORTAL_NODE_OPTIONS } : {});
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? Math.max(2, availableParallelism()));
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 2);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const MODES = (process.env.BENCH_MODES ?? 'off,ceiling,on,latency').split(',') as Mode[];
const PORT = Number(process.env.BENCH_PORT ?? 18700);
const CEILING_PORT = PORT + 1;
const P99_TARGET_MS = 50;
const LATENCY_TARGET_MS = 200;
const LATENCY_STREAMS = Number(process.env.BENCH_LATENCY_STREAMS ?? 20000);
const LATENCY_CHANGES = Number(process.env.BENCH_LATENCY_CHANGES ?? 20);
const LATENCY_POLLING = process.env.BENCH_LATENCY_POLLING !== '0';

type Mode = 'off' | 'ceiling' | 'on' | 'latency';
const LABEL: Record<Exclude<Mode, 'latency'>, string> = { off: 'push off', ceiling: 'bare', on: 'push on' };

const stepsOf = (mode: Exclude<Mode, 'latency'>) => (MODES.includes(mode) ? (mode === 'on' ? ON_USERS : USERS) : []);
/** A step's bound: opening (streams in batches), warm-up, the measure, collecting and closing. */
const stepBoundMs = (count: number) => (Math.max(WARMUP_SECONDS, ON_WARMUP_SECONDS) + SECONDS + 60) * 1000 + count * 20;
// The whole run stops here even if a step hangs: seeding and start, every step, the latency part.
const deadline = setTimeout(() => {
  console.error('bench-push: deadline reached, stopping');
  process.exit(2);
}, 900_000 + (['off', 'ceiling', 'on'] as const).flatMap(stepsOf).reduce((sum, count) => sum + stepBoundMs(count), 0)
  + (MODES.includes('latency') ? LATENCY_CHANGES * 3000 + LATENCY_STREAMS * 20 + 60_000 : 0));
deadline.unref();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bounded<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The soft file limit every process started from here inherits; the hard one bounds it. */
function fileLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 0;
  } catch {
    return 0;
  }
}

interface StepResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  unanswered: number;
  notModified: number;
}

async function step(mode: Exclude<Mode, 'latency'>, users: User[], writer: string, tickets: number[]): Promise<StepResult> {
  const port = mode === 'ceiling' ? CEILING_PORT : PORT;
  const live = mode === 'on';
  const opening = Date.now();
  const { generators, failed } = await Generators.open(GENERATORS, users, { port, live, streams: live, idleMs: IDLE_MS, timeoutMs: 60_000 + users.length * 20 });
  if (live) console.log(`  ${users.length} tabs opened (first reads and streams) in ${((Date.now() - opening) / 1000).toFixed(1)} s, ${failed} failed`);
  const stopWriter = mode === 'ceiling' ? () => undefined : startWriter(port, writer, tickets, WRITES_PER_S);
  try {
    generators.send({ type: 'poll' });
    await sleep((live ? ON_WARMUP_SECONDS : WARMUP_SECONDS) * 1000);
    generators.send({ type: 'count' });
    await sleep(SECONDS * 1000);
    generators.send({ type: 'pause' });
    const { data } = await generators.collect();
    const { p50, p95, p99 } = quantiles(data.values);
    const errors = data.errors + failed;
    return { rps: Math.round((data.values.length + data.errors) / SECONDS), p50, p95, p99, errors, unanswered: data.unanswered + failed, notModified: data.notModified };
  } finally {
    stopWriter();
    await generators.close();
    // Closed connections leave the server's side before the next step starts.
    await sleep(1500);
  }
}

/** Notes written by one session, one at a time; for each, when every open stream allowed to see it was told. */
async function changeToScreen(users: User[], writer: string, tickets: number[]): Promise<void> {
  // The agents (first) are on the ticket pages of the tickets the notes go to, a share each: with watch lists
  // a note is told to the tabs showing its ticket; BENCH_WATCH=0, to every stream that may read it (every agent).
  let page = 0;
  const streams = [...users.filter((u) => u.kind === 'agent'), ...users.filter((u) => u.kind !== 'agent')].slice(0, LATENCY_STREAMS)
    .map((user): User => (user.kind === 'agent' ? { ...user, kind: 'ticket', ticketId: tickets[page++ % LATENCY_CHANGES]! } : user));
  const opened = Date.now();
  const { generators, failed } = await Generators.open(GENERATORS, streams, { port: PORT, live: true, streams: true, idleMs: IDLE_MS, timeoutMs: 60_000 + streams.length * 20 });
  const agent = new http.Agent({ keepAlive: true });
  try {
    console.log(`\n${streams.length} streams open in ${((Date.now() - opened) / 1000).toFixed(1)} s (${failed} failed), ${GENERATORS} generators${LATENCY_POLLING ? ', polling at the safety net' : ''}`);
    if (LATENCY_POLLING) generators.send({ type: 'poll' });
    await sleep(WARMUP_SECONDS * 1000);
    const every: number[] = [];
    const lastTold: number[] = [];
    const toldCounts: number[] = [];
    for (let change = 0; change < LATENCY_CHANGES; change += 1) {
      const ticketId = tickets[change % tickets.length]!;
      generators.send({ type: 'watch', key: `/ticket/${ticketId}/activity` });
      await sleep(50); // the generators have the key before the note is written
      const started = wallClock();
      const body = JSON.stringify({ ticket_id: ticketId, note: `Latency note ${change}` });
      await bounded('a note', 10_000, new Promise<void>((resolve) => {
        const request = http.request({
          host: '127.0.0.1', port: PORT, path: '/api/activity', method: 'POST', agent,
          headers: { cookie: writer, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${PORT}` },
        }, (response) => {
          response.resume();
          response.on('end', resolve);
        });
        request.on('error', () => resolve());
        request.end(body);
      }));
      await sleep(1000);
      const { told } = await generators.collect();
      const times = told.map((at) => at - started);
      every.push(...times);
      if (times.length > 0) lastTold.push(Math.max(...times));
      toldCounts.push(times.length);
    }
    generators.send({ type: 'watch', key: null });
    const all = quantiles(Float64Array.from(every));
    const last = quantiles(Float64Array.from(lastTold));
    console.log(`change-to-screen with ${streams.length} open streams, ${LATENCY_CHANGES} notes (each told to ${Math.min(...toldCounts)}-${Math.max(...toldCounts)} streams):`);
    console.log(`  every stream told: p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms (target ${LATENCY_TARGET_MS} ms: ${all.p99 < LATENCY_TARGET_MS ? 'met' : 'NOT met'})`);
    console.log(`  the last stream of a change told: p50 ${last.p50.toFixed(1)} ms, p99 ${last.p99.toFixed(1)} ms`);
  } finally {
    agent.destroy();
    await generators.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-push-'));
  let portal: ChildProcess | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    const most = Math.max(...stepsOf('off'), ...stepsOf('ceiling'), ...stepsOf('on'), MODES.includes('latency') ? LATENCY_STREAMS : 0);
    const limit = fileLimit();
    // Each stream holds a socket in a generator and one in a worker, and each tab an idle poll connection now and then.
    const perProcess = Math.ceil((Math.max(...stepsOf('on'), MODES.includes('latency') ? LATENCY_STREAMS : 0) * 1.3) / Math.min(GENERATORS, WORKERS));
    console.log(`file limit ${limit} per process (ulimit -n)${limit && perProcess > limit ? `: below the ~${perProcess} the push-on steps need; raise it (ulimit -n) or add WORKERS/BENCH_GENERATORS` : ''}`);
    const started = Date.now();
    const { users, writer, tickets } = await populate(dataDir, most);
    console.log(`${most} users with their own sessions, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    portal = MODES.some((m) => m !== 'ceiling') ? await startPortal({ dataDir, port: PORT, workers: WORKERS, env: portalEnv() }) : null;
    ceiling = MODES.includes('ceiling') ? await startCeiling(CEILING_PORT, WORKERS) : null;
    console.log(`portal and bare route on ${WORKERS} processes each; load from ${GENERATORS} generator processes; ${SECONDS} s per step after ${WARMUP_SECONDS} s of warm-up (push on: ${ON_WARMUP_SECONDS} s); ${WRITES_PER_S} notes/s written`);
    console.log('mode       users    req/s    p50 ms    p95 ms    p99 ms   errors     304s');
    const best = new Map<Mode, number>();
    for (const mode of ['off', 'ceiling', 'on'] as const) {
      for (const count of stepsOf(mode)) {
        let result: StepResult;
        try {
          result = await bounded(`${LABEL[mode]} at ${count}`, stepBoundMs(count), step(mode, users.slice(0, count), writer, tickets));
        } catch (error) {
          console.log(`${LABEL[mode].padEnd(9)} ${String(count).padStart(6)}  failed: ${(error as Error).message}`);
          continue;
        }
        console.log(
          `${LABEL[mode].padEnd(9)} ${String(count).padStart(6)} ${String(result.rps).padStart(8)} ${result.p50.toFixed(1).padStart(9)} ${result.p95.toFixed(1).padStart(9)} ${result.p99.toFixed(1).padStart(9)} ${String(result.errors).padStart(8)} ${String(result.notModified).padStart(8)}${result.unanswered > 0 ? `  (${result.unanswered} errors unanswered: refused, reset or timed out)` : ''}`,
        );
        if (result.p99 < P99_TARGET_MS && result.errors === 0) best.set(mode, Math.max(best.get(mode) ?? 0, count));
      }
    }
    for (const mode of ['off', 'ceiling', 'on'] as const) {
      if (stepsOf(mode).length > 0) console.log(`largest N with p99 under ${P99_TARGET_MS} ms, ${LABEL[mode]}: ${best.get(mode) ?? 'none of the steps'}`);
    }
    if (stepsOf('off').length > 0 && stepsOf('ceiling').length > 0) {
      const ratio = (best.get('off') ?? 0) / (best.get('ceiling') || Number.NaN);
      console.log(`portal/bare (push off): ${best.get('off') ?? 0}/${best.get('ceiling') ?? 0} = ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} (target at least 0.5)`);
    }
    if (portal && MODES.includes('latency') && LATENCY_STREAMS > 0) {
      await bounded('change-to-screen', LATENCY_CHANGES * 3000 + LATENCY_STREAMS * 20 + 60_000, changeToScreen(users, writer, tickets));
    }
  } finally {
    await Promise.all([stop(portal, 12_000), stop(ceiling)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
