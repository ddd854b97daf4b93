// A CPU profile of the portal's hot path under the polling load: the portal started as
// `server/start.ts` (WORKERS processes), each process profiled during the measured seconds (the
// inspector, through lib/cpu-profile-preload.cjs, as `node --cpu-prof` would), BENCH_USERS simulated users of
// bench/bench-push.ts (push off: every screen polls at its documented interval; BENCH_LIVE=1:
// streams open and polling at the safety net) from BENCH_GENERATORS processes for BENCH_SECONDS,
// then the portal stopped gracefully, so each process writes its profile. The busiest WORKERS
// profiles (the API processes) are summed: the top BENCH_PROFILE_TOP functions by self time, then
// by file and by package, as shares of the busy time (lib/cpu-profile.ts). The summary goes to
// stdout and to BENCH_PROFILE_OUT; the .cpuprofile files stay in BENCH_PROFILE_DIR (open them in
// Chrome's DevTools, Performance tab). Loopback only, bounded in time.
//   npx tsx bench/profile-hot-path.ts
//   (BENCH_USERS=1000 BENCH_SECONDS=20 BENCH_WARMUP_SECONDS=3 WORKERS=<cores> BENCH_GENERATORS=<max(2, cores)> BENCH_LIVE=0 BENCH_WRITES_PER_S=2
//    BENCH_PORT=18720 BENCH_PROFILE_DIR=<temp> BENCH_PROFILE_OUT=<dir>/summary.txt BENCH_PROFILE_TOP=25)
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { formatSummary, summarizeProfiles, type CpuProfile } from './lib/cpu-profile';
import { Generators, startPortal, startWriter, stop } from './lib/push-load';
import { quantiles } from './lib/push-load-samples';
import { populate } from './lib/push-load-users';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const WORKERS = Number(process.env.WORKERS ?? availableParallelism());
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? Math.max(2, availableParallelism()));
const LIVE = process.env.BENCH_LIVE === '1';
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 18720);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-hot-path-'));
mkdirSync(PROFILE_DIR, { recursive: true });
const OUT = process.env.BENCH_PROFILE_OUT ?? path.join(PROFILE_DIR, 'summary.txt');
const ROOT = path.resolve(import.meta.dirname, '..');

const deadline = setTimeout(() => {
  console.error('profile-hot-path: deadline reached, stopping');
  process.exit(2);
}, (900 + WARMUP_SECONDS + SECONDS + 120) * 1000 + USERS * 20);
deadline.unref();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const profilesIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).map((name) => path.join(dir, name));

/** Waits until the processes have written their profiles (the count and sizes stop changing), at most `ms`. */
async function settled(dir: string, ms: number): Promise<string[]> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    const files = profilesIn(dir);
    const now = files.map((file) => `${file}:${statSync(file).size}`).join(',');
    if (files.length > 0 && now === last) return files;
    last = now;
    await sleep(1000);
  }
  return profilesIn(dir);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
  let portal: ChildProcess | null = null;
  try {
    const { users, writer, tickets } = await populate(dataDir, USERS);
    // Node refuses --cpu-prof in NODE_OPTIONS: a preloaded module profiles each process through the inspector.
    const nodeOptions = [process.env.NODE_OPTIONS, `--require ${path.join(ROOT, 'bench/lib/cpu-profile-preload.cjs')}`].filter(Boolean).join(' ');
    const startFile = path.join(PROFILE_DIR, 'start');
    rmSync(startFile, { force: true });
    portal = await startPortal({ dataDir, port: PORT, workers: WORKERS, env: { NODE_OPTIONS: nodeOptions, PORTAL_CPU_PROFILE_DIR: PROFILE_DIR, PORTAL_CPU_PROFILE_START: startFile } });
    // Only the portal's processes: profiles already there (an earlier run, a process that exited while starting) go.
    const before = new Set(profilesIn(PROFILE_DIR));
    const { generators, failed } = await Generators.open(GENERATORS, users, { port: PORT, live: LIVE, streams: LIVE, idleMs: 5000, timeoutMs: 60_000 + USERS * 20 });
    const stopWriter = startWriter(PORT, writer, tickets, WRITES_PER_S);
    generators.send({ type: 'poll' });
    await sleep(WARMUP_SECONDS * 1000);
    // The profiles cover the measured seconds only, not the start and the warm-up.
    writeFileSync(startFile, '');
    generators.send({ type: 'count' });
    await sleep(SECONDS * 1000);
    generators.send({ type: 'pause' });
    const { data } = await generators.collect();
    stopWriter();
    await generators.close();
    const { p50, p99 } = quantiles(data.values);
    const load = `${USERS} users, push ${LIVE ? 'on' : 'off'}, ${WORKERS} API processes, ${GENERATORS} generators, ${SECONDS} s: `
      + `${Math.round((data.values.length + data.errors) / SECONDS)} req/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${data.errors + failed} errors, ${data.notModified} 304s`;
    console.log(load);
    await stop(portal, 15_000);
    portal = null;
    const written = (await settled(PROFILE_DIR, 20_000)).filter((file) => !before.has(file));
    const profiles = written.map((file) => JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
    const busy = (profile: CpuProfile) => summarizeProfiles([profile], { root: ROOT, top: 1 }).busyMs;
    const workers = profiles.sort((a, b) => busy(b) - busy(a)).slice(0, WORKERS);
    const summary = formatSummary(summarizeProfiles(workers, { root: ROOT, top: TOP }), `CPU profile of the ${workers.length} busiest of ${profiles.length} processes under: ${load}`);
    writeFileSync(OUT, `${summary}\n`);
    console.log(`\n${summary}\n\nsummary in ${OUT}; profiles in ${PROFILE_DIR}`);
  } finally {
    await stop(portal, 15_000);
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
