// The portal's polling mix with N signed-in users, each with its own session, against the
// started portal (`scripts/start.ts`, WORKERS processes), with live push off (every screen polls at
// its documented interval) and on (one event stream per user, polling at the 30 s safety net, and the
// keys an event names fetched again, as SWR does). In the same run the same load goes to a bare
// route answering fixed bytes from memory on the same number of processes: the machine's ceiling.
// Loopback only; every step is bounded in time. Prints users, requests/s, p50/p95/p99 and errors
// per step, and the largest N with p99 under 50 ms per mode.
// Then change-to-screen latency: BENCH_LATENCY_STREAMS streams open (staff first), notes written one
// at a time by another session, and for each the time until every stream that may see it was told.
//   npx tsx scripts/bench-push.ts
//   (BENCH_USERS=500,1000,2000,4000 BENCH_SECONDS=15 WORKERS=<cores> BENCH_WRITES_PER_S=2 BENCH_MODES=off,on,ceiling
//    BENCH_LATENCY_STREAMS=2000 BENCH_LATENCY_CHANGES=20)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { LIVE_SAFETY_POLL_MS, keyMatches } from '@portal/domain';
import { chunked } from './lib/bench-kit';

const USERS = (process.env.BENCH_USERS ?? '500,1000,2000,4000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const WORKERS = Number(process.env.WORKERS ?? availableParallelism());
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 2);
const MODES = (process.env.BENCH_MODES ?? 'off,on,ceiling').split(',') as Mode[];
const PORT = Number(process.env.BENCH_PORT ?? 18700);
const CEILING_PORT = PORT + 1;
const P99_TARGET_MS = 50;
const LATENCY_STREAMS = Number(process.env.BENCH_LATENCY_STREAMS ?? 2000);
const LATENCY_CHANGES = Number(process.env.BENCH_LATENCY_CHANGES ?? 20);
const COMPANIES = 200;
const TICKETS_PER_COMPANY = 10;
const ROOT = path.resolve(import.meta.dirname, '..');
// The whole run stops here even if a step hangs.
const deadline = setTimeout(() => {
  console.error('bench-push: deadline reached, stopping');
  process.exit(2);
}, (USERS.length * MODES.length * (SECONDS + WARMUP_SECONDS + 30) + 600) * 1000);
deadline.unref();

type Mode = 'off' | 'on' | 'ceiling';
type Kind = 'dashboard' | 'ticket' | 'agent';

interface User {
  kind: Kind;
  contactId: number;
  companyId: number;
  ticketId: number;
  cookie: string;
}

/** A polled read: its path (the SWR key) and its documented interval. */
interface Poll {
  key: string;
  everyMs: number;
}

/** What each screen polls (docs/product/tickets.md#refresh, docs/product/dashboards.md#refresh-and-live-updates): ~3.6 requests/s per user on average. */
function pollsOf(user: User): Poll[] {
  const notifications = { key: `/contact/${user.contactId}/notifications`, everyMs: 1000 };
  switch (user.kind) {
    case 'dashboard':
      return [
        notifications,
        ...[`/company/${user.companyId}`, `/company/${user.companyId}/tickets`, `/company/${user.companyId}/currenttime`, `/company/${user.companyId}/ytdtime`]
          .map((key) => ({ key, everyMs: 1000 })),
      ];
    case 'ticket':
      return [
        notifications,
        { key: `/ticket/${user.ticketId}`, everyMs: 5000 },
        { key: `/ticket/${user.ticketId}/activity`, everyMs: 5000 },
        { key: `/ticket/${user.ticketId}/tasks`, everyMs: 1000 },
        { key: `/ticket/${user.ticketId}/attachments`, everyMs: 1000 },
      ];
    case 'agent':
      return [
        notifications,
        ...[`/contact/${user.contactId}/tickets`, `/contact/${user.contactId}/currenttime`, `/contact/${user.contactId}/ytdtime`].map((key) => ({ key, everyMs: 5000 })),
      ];
  }
}

const sessionToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Companies with tickets, and `count` users (40% client dashboards, 30% ticket pages, 30% agent pages), each with a session. */
async function populate(dataDir: string, count: number): Promise<{ users: User[]; writer: string; tickets: number[] }> {
  const app = await createPortalApi({ dataDir, databaseUrl: 'sqlite', seedDemo: true, logger: false, mailTransport: null, runJobs: false });
  try {
    const { db } = app;
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    await chunked(Array.from({ length: COMPANIES }, (_, i) => ({
      name: `Push Company ${i + 1}`, url: `https://push${i + 1}.example`, description: null, mode: 1, note: null, date_created: now,
    })), 500, (chunk) => db.insertInto('companies').values(chunk).execute());
    const companies = (await db.selectFrom('companies').select('company_id').where('name', 'like', 'Push Company %').execute()).map((c) => c.company_id);
    const admin = await db.selectFrom('contacts').select('contact_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await chunked(companies.flatMap((companyId) => Array.from({ length: TICKETS_PER_COMPANY }, (_, i) => ({
      contact_id: null, company_id: companyId, assignee_id: admin.contact_id, title: `Push ticket ${i + 1}`, description: 'Bench ticket.',
      type_id: 1, priority_id: 2, status_id: 2, date_created: now, date_updated: now, date_due: null, date_assigned: now, date_completed: null,
      on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    }))), 1000, (chunk) => db.insertInto('tickets').values(chunk).execute());
    const ticketsOf = new Map<number, number[]>();
    for (const t of await db.selectFrom('tickets').select(['ticket_id', 'company_id']).where('title', 'like', 'Push ticket %').execute()) {
      ticketsOf.set(t.company_id, [...(ticketsOf.get(t.company_id) ?? []), t.ticket_id]);
    }
    const kinds: Kind[] = ['dashboard', 'dashboard', 'dashboard', 'dashboard', 'ticket', 'ticket', 'ticket', 'agent', 'agent', 'agent'];
    const planned = Array.from({ length: count }, (_, i) => ({ kind: kinds[i % kinds.length]!, companyId: companies[i % companies.length]! }));
    await chunked(planned.map((p, i) => ({
      title: p.kind === 'agent' ? 'Developer' : 'Owner', first_name: 'Push', last_name: `User ${i + 1}`, email: `push${i + 1}@bench.test`, phone: null,
      group_id: p.kind === 'agent' ? 2 : 5, password_hash: null, active: 1, date_created: now,
    })), 500, (chunk) => db.insertInto('contacts').values(chunk).execute());
    const contacts = await db.selectFrom('contacts').select(['contact_id', 'email']).where('email', 'like', 'push%@bench.test').execute();
    const idOf = new Map(contacts.map((c) => [c.email, c.contact_id]));
    const users: User[] = planned.map((p, i) => {
      const tickets = ticketsOf.get(p.companyId)!;
      return { ...p, contactId: idOf.get(`push${i + 1}@bench.test`)!, ticketId: tickets[i % tickets.length]!, cookie: '' };
    });
    await chunked(users.filter((u) => u.kind !== 'agent').map((u) => ({
      company_id: u.companyId, contact_id: u.contactId, title: 'Owner', primary: 1,
    })), 500, (chunk) => db.insertInto('company_contacts').values(chunk).execute());
    const sessions = users.map((u) => ({ user: u, token: sessionToken() }));
    const writerToken = sessionToken();
    await chunked([...sessions.map((s) => ({ token_hash: tokenHash(s.token), contact_id: s.user.contactId, date_created: now, last_seen: now, expires })),
      { token_hash: tokenHash(writerToken), contact_id: admin.contact_id, date_created: now, last_seen: now, expires }], 500,
    (chunk) => db.insertInto('sessions').values(chunk).execute());
    for (const s of sessions) s.user.cookie = `portal_session=${s.token}`;
    return { users, writer: `portal_session=${writerToken}`, tickets: [...ticketsOf.values()].flat() };
  } finally {
    await app.close();
  }
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${pattern}" within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      if (pattern.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.env.BENCH_VERBOSE && process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

async function startPortal(dataDir: string): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: String(WORKERS), LOG_LEVEL: 'warn',
      DEPLOY_DIR: process.env.BENCH_DEPLOY_DIR ?? path.join(tmpdir(), 'portal-bench-deploy'), LOGIN_RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await waitForLine(child, /ready in/, 600_000);
  return child;
}

/** The ceiling: the same processes answering a fixed body from memory. */
async function startCeiling(): Promise<ChildProcess> {
  const code = `
    const cluster = require('node:cluster'); const http = require('node:http');
    if (cluster.isPrimary) { for (let i = 0; i < ${WORKERS}; i++) cluster.fork(); let up = 0; cluster.on('listening', () => { if (++up === ${WORKERS}) console.log('ceiling ready in'); }); }
    else { const body = Buffer.from(JSON.stringify({ ok: true, items: Array.from({ length: 10 }, (_, i) => ({ id: i, title: 'fixed' })) }));
      http.createServer((req, res) => { if (req.url.startsWith('/api/events')) { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.write('event: ready\\ndata: {}\\n\\n'); return; }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); }).listen(${CEILING_PORT}, '127.0.0.1'); }`;
  // cluster.fork() re-runs a script file: an inline -e script has none.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-bench-ceiling-')), 'ceiling.cjs');
  writeFileSync(file, code);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  await waitForLine(child, /ready in/, 30_000);
  return child;
}

function stop(child: ChildProcess | null): void {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

class Recorder {
  latencies: number[] = [];
  errors = 0;
  counting = false;
  record(ms: number, ok: boolean): void {
    if (!this.counting) return;
    if (ok) this.latencies.push(ms);
    else this.errors += 1;
  }
  summary(seconds: number) {
    const all = this.latencies;
    return { rps: Math.round((all.length + this.errors) / seconds), p50: quantile(all, 0.5), p95: quantile(all, 0.95), p99: quantile(all, 0.99), errors: this.errors };
  }
}

/** One simulated browser tab: its own keep-alive connections, its polls, and in push mode its stream. */
class Tab {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<string>();
  private stream: http.ClientRequest | null = null;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

  constructor(private readonly user: User, private readonly port: number, private readonly recorder: Recorder) {}

  get(key: string): void {
    if (this.inFlight.has(key)) return; // SWR dedupes a key already being fetched
    this.inFlight.add(key);
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port: this.port, path: `/api${key}`, agent: this.agent, headers: { cookie: this.user.cookie } }, (response) => {
      response.resume();
      response.on('end', () => {
        this.inFlight.delete(key);
        this.recorder.record(performance.now() - started, (response.statusCode ?? 500) < 400);
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      this.inFlight.delete(key);
      this.recorder.record(performance.now() - started, false);
    });
  }

  startPolling(live: boolean): void {
    for (const poll of pollsOf(this.user)) {
      const every = live ? LIVE_SAFETY_POLL_MS : poll.everyMs;
      // A random phase, as tabs opened at different moments.
      const first = setTimeout(() => {
        this.get(poll.key);
        this.timers.push(setInterval(() => this.get(poll.key), every));
      }, Math.random() * every);
      this.timers.push(first);
    }
  }

  /** Opens the stream; resolves on `ready`. A `stale` event fetches the named keys this tab shows again. */
  openStream(onEvent?: (keys: string[]) => void): Promise<void> {
    const keys = pollsOf(this.user).map((p) => p.key);
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: this.port, path: '/api/events', headers: { cookie: this.user.cookie, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event === 'ready') resolve();
            if (event === 'stale' && data) {
              const stale = (JSON.parse(data) as { keys: string[] }).keys;
              onEvent?.(stale);
              for (const key of keys) if (stale.some((s) => keyMatches(s, key))) this.get(key);
            }
          }
        });
      });
      request.on('error', reject);
      this.stream = request;
    });
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.stream?.destroy();
    this.agent.destroy();
  }
}

/** Notes written by an admin on random tickets, WRITES_PER_S a second, in every mode alike. */
function startWriter(port: number, cookie: string, tickets: number[]): () => void {
  if (WRITES_PER_S <= 0) return () => undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const timer = setInterval(() => {
    const ticketId = tickets[Math.floor(Math.random() * tickets.length)]!;
    const body = JSON.stringify({ ticket_id: ticketId, note: `Bench note ${Date.now()}` });
    const request = http.request({
      host: '127.0.0.1', port, path: '/api/activity', method: 'POST', agent,
      headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${port}` },
    }, (response) => response.resume());
    request.on('error', () => undefined);
    request.end(body);
  }, 1000 / WRITES_PER_S);
  return () => {
    clearInterval(timer);
    agent.destroy();
  };
}

async function step(mode: Mode, users: User[], writer: string, tickets: number[]) {
  const port = mode === 'ceiling' ? CEILING_PORT : PORT;
  const recorder = new Recorder();
  const tabs = users.map((user) => new Tab(user, port, recorder));
  const live = mode === 'on';
  if (live) {
    // Streams open in batches, as tabs do over time, not all in the same millisecond.
    for (let i = 0; i < tabs.length; i += 200) await Promise.all(tabs.slice(i, i + 200).map((tab) => tab.openStream()));
  }
  for (const tab of tabs) tab.startPolling(live);
  const stopWriter = mode === 'ceiling' ? () => undefined : startWriter(port, writer, tickets);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  recorder.counting = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  recorder.counting = false;
  stopWriter();
  for (const tab of tabs) tab.close();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return recorder.summary(SECONDS);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** A note written by one session; the time until each open stream allowed to see it has been told. */
async function changeToScreen(users: User[], writer: string, tickets: number[]): Promise<void> {
  const streams = [...users.filter((u) => u.kind === 'agent'), ...users.filter((u) => u.kind !== 'agent')].slice(0, LATENCY_STREAMS);
  const recorder = new Recorder();
  let current: { key: string; started: number; told: number[] } | null = null;
  const tabs = streams.map((user) => new Tab(user, PORT, recorder));
  for (let i = 0; i < tabs.length; i += 200) {
    await Promise.all(tabs.slice(i, i + 200).map((tab) => tab.openStream((keys) => {
      if (current && keys.includes(current.key)) current.told.push(performance.now() - current.started);
    })));
  }
  const every: number[] = [];
  const lastTold: number[] = [];
  const toldCounts: number[] = [];
  const agent = new http.Agent({ keepAlive: true });
  for (let change = 0; change < LATENCY_CHANGES; change += 1) {
    const ticketId = tickets[change % tickets.length]!;
    current = { key: `/ticket/${ticketId}/activity`, started: performance.now(), told: [] };
    const body = JSON.stringify({ ticket_id: ticketId, note: `Latency note ${change}` });
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1', port: PORT, path: '/api/activity', method: 'POST', agent,
        headers: { cookie: writer, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${PORT}` },
      }, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', () => resolve());
      request.end(body);
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    every.push(...current.told);
    if (current.told.length > 0) lastTold.push(Math.max(...current.told));
    toldCounts.push(current.told.length);
  }
  current = null;
  for (const tab of tabs) tab.close();
  agent.destroy();
  console.log(`\nchange-to-screen with ${tabs.length} open streams, ${LATENCY_CHANGES} notes (each told to ${Math.min(...toldCounts)}-${Math.max(...toldCounts)} streams):`);
  console.log(`  every stream told: p50 ${quantile(every, 0.5).toFixed(1)} ms, p99 ${quantile(every, 0.99).toFixed(1)} ms`);
  console.log(`  the last stream of a change told: p50 ${quantile(lastTold, 0.5).toFixed(1)} ms, p99 ${quantile(lastTold, 0.99).toFixed(1)} ms`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-push-'));
  let portal: ChildProcess | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    const most = Math.max(...USERS);
    const started = Date.now();
    const { users, writer, tickets } = await populate(dataDir, most);
    console.log(`${most} users with their own sessions over ${COMPANIES} companies, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    portal = MODES.some((m) => m !== 'ceiling') ? await startPortal(dataDir) : null;
    ceiling = MODES.includes('ceiling') ? await startCeiling() : null;
    console.log(`portal and ceiling on ${WORKERS} processes; ${SECONDS} s per step after ${WARMUP_SECONDS} s of warm-up; ${WRITES_PER_S} notes/s written`);
    console.log('mode      users    req/s    p50 ms    p95 ms    p99 ms   errors');
    const best = new Map<Mode, number>();
    for (const mode of MODES) {
      for (const count of USERS) {
        const result = await step(mode, users.slice(0, count), writer, tickets);
        const label = { off: 'push off', on: 'push on', ceiling: 'ceiling' }[mode];
        console.log(
          `${label.padEnd(9)} ${String(count).padStart(5)} ${String(result.rps).padStart(8)} ${result.p50.toFixed(1).padStart(9)} ${result.p95.toFixed(1).padStart(9)} ${result.p99.toFixed(1).padStart(9)} ${String(result.errors).padStart(8)}`,
        );
        if (result.p99 < P99_TARGET_MS && result.errors === 0) best.set(mode, Math.max(best.get(mode) ?? 0, count));
      }
    }
    for (const mode of MODES) console.log(`largest N with p99 under ${P99_TARGET_MS} ms, ${mode}: ${best.get(mode) ?? 'none of the steps'}`);
    if (portal && LATENCY_STREAMS > 0) await changeToScreen(users, writer, tickets);
  } finally {
    stop(portal);
    stop(ceiling);
    await new Promise((resolve) => setTimeout(resolve, 1000));
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
