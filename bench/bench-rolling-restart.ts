// A rolling restart under load (docs/operations.md#stopping-restarting-and-upgrading): WORKERS (default 2) API
// processes on one port and a temp SQLite file, under the real supervisor, each stopping as start.ts's
// workers do (the front end is left out: it is static files). Signed-in clients read a ticket's activity
// and write notes on it as fast as they are answered, and live streams stay open, while every worker is
// replaced one at a time. Prints requests answered, errors by kind, the longest gap with no answer,
// the slowest answer, the time the rolling restart took, the streams handed off and reconnected, and
// acknowledged writes lost (must be 0) and refused writes written all the same (must be 0).
//   npm run bench:restart
//   (WORKERS=2 BENCH_WRITERS=8 BENCH_READERS=8 BENCH_STREAMS=20 BENCH_BEFORE_S=3 BENCH_AFTER_S=3)
import { rmSync } from 'node:fs';
import {
  freePort, notesStartingWith, openLiveClient, preparePortal, signIn, startCluster, startWriters, workerPids,
} from '../server/lib/rolling-restart-kit';

const WORKERS = Number(process.env.WORKERS ?? 2);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const READERS = Number(process.env.BENCH_READERS ?? 8);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20);
const BEFORE_S = Number(process.env.BENCH_BEFORE_S ?? 3);
const AFTER_S = Number(process.env.BENCH_AFTER_S ?? 3);

const deadline = setTimeout(() => {
  console.error('bench-rolling-restart: deadline reached, stopping');
  process.exit(2);
}, 300_000);
deadline.unref();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  ok: boolean;
  failure?: string;
  startedAt: number;
  endedAt: number;
}

/** Readers of GET /api/ticket/:id/activity, as fast as they are answered. */
function startReaders(baseUrl: string, cookie: string, ticketId: number, count: number) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      const startedAt = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/ticket/${ticketId}/activity`, { headers: { cookie } });
        await res.arrayBuffer();
        answers.push({ ok: res.status === 200, ...(res.status === 200 ? {} : { failure: String(res.status) }), startedAt, endedAt: performance.now() });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        answers.push({ ok: false, failure: cause?.code ?? String(error), startedAt, endedAt: performance.now() });
        await sleep(10);
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function main(): Promise<void> {
  const { dataDir, ticketId } = await preparePortal('portal-bench-restart-');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The supervisor's lines with their time: a step of the restart is a new worker starting (fork to
  // `started`), then an old one draining (to `replaced by`).
  const lines: { at: number; message: string }[] = [];
  const supervisor = await startCluster({ dataDir, port, count: WORKERS, log: (message) => lines.push({ at: performance.now(), message }) });
  try {
    const cookie = await signIn(baseUrl);
    const streams = Array.from({ length: STREAMS }, () => openLiveClient(baseUrl, cookie));
    for (const stream of streams) await stream.until(() => (stream.connections[0]?.readies ?? 0) > 0, 'first ready');

    const prefix = `bench-restart-${Date.now()}-`;
    const loadStarted = performance.now();
    const writers = startWriters({ baseUrl, cookie, ticketId, writers: WRITERS, prefix });
    const readers = startReaders(baseUrl, cookie, ticketId, READERS);
    await sleep(BEFORE_S * 1000);
    const before = workerPids();
    const restartStarted = performance.now();
    const replaced = await supervisor.restart();
    const restartMs = performance.now() - restartStarted;
    await sleep(AFTER_S * 1000);
    await Promise.all([writers.stop(), readers.stop()]);
    const loadMs = performance.now() - loadStarted;
    const after = workerPids();

    // Every stream handed off: reconnected and told `ready` again.
    let reconnectedAll = true;
    for (const stream of streams) {
      await stream.until(() => stream.connections.length >= 2 && (stream.connections.at(-1)?.readies ?? 0) > 0, 'reconnect', 10_000)
        .catch(() => (reconnectedAll = false));
    }
    const handOffs = streams.flatMap((s) => s.connections.filter((c) => c.status === 200 && c.ended !== null && c.ended !== 'closed'));
    const withHint = handOffs.filter((c) => c.lastRetryMs === 1000).length;
    const gaveUp = streams.filter((s) => s.gaveUp !== null).length;
    await Promise.all(streams.map((s) => s.close()));
    await supervisor.stop();

    const stored = new Set(await notesStartingWith(dataDir, prefix));
    const writes = writers.outcomes.map((o) => ({ ok: o.status === 201, failure: o.failure, startedAt: o.startedAt, endedAt: o.endedAt, note: o.note }));
    const all: Answer[] = [...writes, ...readers.answers].sort((a, b) => a.endedAt - b.endedAt);
    const answered = all.filter((a) => a.ok);
    let longestGap = 0;
    for (let i = 1; i < answered.length; i += 1) longestGap = Math.max(longestGap, answered[i]!.endedAt - answered[i - 1]!.endedAt);
    const slowest = Math.max(...answered.map((a) => a.endedAt - a.startedAt));
    const errors = new Map<string, number>();
    for (const a of all) if (!a.ok) errors.set(a.failure ?? '?', (errors.get(a.failure ?? '?') ?? 0) + 1);
    const lost = writes.filter((w) => w.ok && !stored.has(w.note)).length;
    const refusedButWritten = writes.filter((w) => !w.ok && stored.has(w.note)).length;

    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(`\nRolling restart of ${WORKERS} workers under load (${WRITERS} writers, ${READERS} readers, ${STREAMS} live streams)`);
    console.log(`  workers ${before.join(', ')} -> ${after.join(', ')} (${replaced} replaced)`);
    console.log(`  rolling restart took            ${ms(restartMs)}`);
    let stepStart = restartStarted;
    let listeningAt = NaN;
    for (const line of lines.filter((l) => l.at >= restartStarted)) {
      if (/ started$/.test(line.message)) listeningAt = line.at;
      if (/ replaced by /.test(line.message)) {
        console.log(`    new worker started in ${ms(listeningAt - stepStart)}, old one drained and exited in ${ms(line.at - listeningAt)}`);
        stepStart = line.at;
      }
    }
    console.log(`  requests answered               ${answered.length} in ${ms(loadMs)} (${Math.round(answered.length / (loadMs / 1000))}/s): ${writes.filter((w) => w.ok).length} writes, ${readers.answers.filter((a) => a.ok).length} reads`);
    console.log(`  errors                          ${all.length - answered.length}${errors.size ? ` (${[...errors].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`);
    console.log(`  longest gap with no answer      ${ms(longestGap)}`);
    console.log(`  slowest answer                  ${ms(slowest)}`);
    console.log(`  streams handed off              ${handOffs.length} (${withHint} with retry: 1000), all reconnected: ${reconnectedAll ? 'yes' : 'no'}, gave up: ${gaveUp}`);
    console.log(`  acknowledged writes lost        ${lost}`);
    console.log(`  refused writes written anyway   ${refusedButWritten}`);
    if (lost > 0 || refusedButWritten > 0 || replaced !== WORKERS || !reconnectedAll) process.exitCode = 1;
  } finally {
    await supervisor.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
