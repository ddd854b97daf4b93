import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { CHANGE_SEQ_HEADER, LIVE_SAFETY_POLL_MS, keyMatches, parseChangeSeq, watchListOf } from '@portal/domain';
import { chunked } from './bench-kit';

// The simulated users of scripts/bench-push.ts and scripts/profile-hot-path.ts: the seeded users
// with their sessions, the portal and the bare route they load, and one browser tab per user (its
// polls, its HTTP cache, its event stream). The tabs run in generator processes
// (lib/push-load-generator.ts); this module is what both sides share.

export const COMPANIES = 200;
/** Tabs send their watch lists after `ready`, as the browser does (BENCH_WATCH=0: they do not, and are told every key). */
const WATCH = process.env.BENCH_WATCH !== '0';
/** With push on, tabs check their safety-net keys in one request (BENCH_CHECK=0: each key polls alone, as before checks). */
const CHECK = process.env.BENCH_CHECK !== '0';
const TICKETS_PER_COMPANY = 10;
const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * With push on, a generator's tabs send their polls through one pool of this many keep-alive connections, as
 * the portal's reverse proxy does upstream (each browser holds one HTTP/2 connection to the proxy). Each
 * tab's stream keeps its own connection. Without the pool, every 30 s safety-net poll of 20,000 tabs opened
 * a new connection (a browser keeps it, but 20,000 streams plus as many idle poll connections do not fit
 * the file limit), and the machine's time went to the kernel's connection setup, not to the portal.
 */
export const UPSTREAM_POOL_SOCKETS = 256;
/** Source addresses the tabs connect from (127.0.0.2 …): each has its own ephemeral ports, so 20,000 streams plus their polls fit. */
export const SOURCE_ADDRESSES = 60;

export type Kind = 'dashboard' | 'ticket' | 'agent';

export interface User {
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
export function pollsOf(user: User): Poll[] {
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
export async function populate(dataDir: string, count: number): Promise<{ users: User[]; writer: string; tickets: number[] }> {
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

export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}`));
    });
  });
}

/** `scripts/start.ts` with `workers` processes on loopback; `env` adds to the environment (NODE_OPTIONS for a profile). */
export async function startPortal(options: { dataDir: string; port: number; workers: number; env?: Record<string, string> }): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, WORKERS: String(options.workers), LOG_LEVEL: 'warn',
      DEPLOY_DIR: process.env.BENCH_DEPLOY_DIR ?? path.join(tmpdir(), 'portal-bench-deploy'), LOGIN_RATE_LIMIT_MAX: '100000', ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await waitForLine(child, /ready in/, 600_000);
  return child;
}

/** The ceiling: the same number of processes answering a fixed body from memory (and an event stream that says ready). */
export async function startCeiling(port: number, workers: number): Promise<ChildProcess> {
  const code = `
    const cluster = require('node:cluster'); const http = require('node:http');
    if (cluster.isPrimary) { for (let i = 0; i < ${workers}; i++) cluster.fork(); let up = 0; cluster.on('listening', () => { if (++up === ${workers}) console.log('ceiling ready in'); }); }
    else { const body = Buffer.from(JSON.stringify({ ok: true, items: Array.from({ length: 10 }, (_, i) => ({ id: i, title: 'fixed' })) }));
      const server = http.createServer((req, res) => { if (req.url.startsWith('/api/events')) { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.write('event: ready\\ndata: {}\\n\\n'); return; }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); });
      server.keepAliveTimeout = 72000; server.listen(${port}, '127.0.0.1');
      process.on('SIGTERM', () => process.exit(0)); }`;
  // cluster.fork() re-runs a script file: an inline -e script has none.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-bench-ceiling-')), 'ceiling.cjs');
  writeFileSync(file, code);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  await waitForLine(child, /ready in/, 30_000);
  return child;
}

/** SIGTERM to the child's whole process group (it was spawned detached); resolves when every process of it has exited, or after `waitMs`. */
export async function stop(child: ChildProcess | null, waitMs = 1000): Promise<void> {
  if (!child?.pid) return;
  const group = -child.pid;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(group, 'SIGTERM');
  const until = Date.now() + waitMs;
  while (alive() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Latencies (ms) of the answered requests, errors and 304s: merged exactly across generators (raw samples). */
export class Samples {
  private values = new Float64Array(1024);
  length = 0;
  errors = 0;
  /** Of the errors, those with no answer at all (refused, reset, timed out). */
  unanswered = 0;
  notModified = 0;
  counting = true;

  record(ms: number, status: number): void {
    if (!this.counting) return;
    if (status === 0 || status >= 400) {
      this.errors += 1;
      if (status === 0) this.unanswered += 1;
      return;
    }
    if (status === 304) this.notModified += 1;
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }

  /** What a generator sends back. */
  toJSON(): SamplesData {
    return { values: this.values.slice(0, this.length), errors: this.errors, unanswered: this.unanswered, notModified: this.notModified };
  }

  static merge(parts: SamplesData[]): SamplesData {
    const values = new Float64Array(parts.reduce((sum, part) => sum + part.values.length, 0));
    let at = 0;
    for (const part of parts) {
      values.set(part.values, at);
      at += part.values.length;
    }
    const sum = (field: 'errors' | 'unanswered' | 'notModified') => parts.reduce((total, part) => total + part[field], 0);
    return { values, errors: sum('errors'), unanswered: sum('unanswered'), notModified: sum('notModified') };
  }
}

export interface SamplesData {
  values: Float64Array;
  errors: number;
  unanswered: number;
  notModified: number;
}

/** p50/p95/p99 of the samples (sorted in place). */
export function quantiles(values: Float64Array): { p50: number; p95: number; p99: number } {
  values.sort();
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The wall clock in ms with sub-millisecond precision: comparable across the processes of one machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/**
 * One simulated browser tab: its own keep-alive connections (idle ones closed after `idleMs`, so
 * 20,000 tabs fit in the file limit), its polls, an HTTP cache (each key's `ETag` sent back as
 * `If-None-Match`; a 304 is an answer like a 200), and in push mode its event stream.
 */
export class Tab {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<string>();
  private etags = new Map<string, string>();
  private stream: http.ClientRequest | null = null;
  private readonly agent: http.Agent;
  /** The highest change number the tab has seen, sent with each request as the browser does (x-portal-seq). */
  private seq = 0;
  private noteSeq(value: unknown): void {
    const seq = parseChangeSeq(value);
    if (seq !== undefined && seq > this.seq) this.seq = seq;
  }
  private seqHeaders(): http.OutgoingHttpHeaders {
    return this.seq > 0 ? { [CHANGE_SEQ_HEADER]: String(this.seq) } : {};
  }

  /** `pool`: the polls go through it instead of the tab's own connections (see UPSTREAM_POOL_SOCKETS). */
  constructor(private readonly user: User, private readonly port: number, private readonly samples: Samples, private readonly localAddress: string, idleMs: number, private readonly pool?: http.Agent) {
    this.agent = pool ?? new http.Agent({ keepAlive: true, maxSockets: 6, timeout: idleMs, localAddress });
  }

  get(key: string, done?: () => void): void {
    if (this.inFlight.has(key)) {
      done?.();
      return; // SWR dedupes a key already being fetched
    }
    this.inFlight.add(key);
    const started = performance.now();
    const headers: http.OutgoingHttpHeaders = { cookie: this.user.cookie, accept: 'application/json', ...this.seqHeaders() };
    const etag = this.etags.get(key);
    if (etag) headers['if-none-match'] = etag;
    const request = http.get({ host: '127.0.0.1', port: this.port, path: `/api${key}`, agent: this.agent, headers }, (response) => {
      const status = response.statusCode ?? 0;
      this.noteSeq(response.headers[CHANGE_SEQ_HEADER]);
      const tag = response.headers.etag;
      if (status === 200 && tag) this.etags.set(key, tag);
      response.resume();
      response.on('end', () => {
        this.inFlight.delete(key);
        this.samples.record(performance.now() - started, status);
        done?.();
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      this.inFlight.delete(key);
      this.samples.record(performance.now() - started, 0);
      done?.();
    });
  }

  /**
   * The screen's first reads, as a page makes them when it opens: every key once, one after another (with push
   * on through the generator's pool, as over a browser's one HTTP/2 connection to a proxy; thousands of tabs
   * opening five connections each would only measure the file limit); resolves when all are answered.
   */
  async load(): Promise<void> {
    for (const poll of pollsOf(this.user)) await new Promise<void>((resolve) => this.get(poll.key, resolve));
  }

  startPolling(live: boolean): void {
    if (live && CHECK) {
      // The safety net in one request a tab, as the browser sends it (POST /api/events/check), at a random phase.
      const first = setTimeout(() => {
        this.check();
        this.timers.push(setInterval(() => this.check(), LIVE_SAFETY_POLL_MS));
      }, Math.random() * LIVE_SAFETY_POLL_MS);
      this.timers.push(first);
      return;
    }
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

  /** The tab's safety-net check: its keys with the ETags it holds; the keys named in the answer are read again. */
  check(): void {
    const keys = pollsOf(this.user).map((poll) => ({ key: poll.key, etag: this.etags.get(poll.key) ?? null }));
    const body = JSON.stringify({ keys });
    const started = performance.now();
    const request = http.request({
      host: '127.0.0.1', port: this.port, path: '/api/events/check', method: 'POST', agent: this.agent,
      headers: {
        cookie: this.user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${this.port}`,
        ...this.seqHeaders(),
      },
    }, (response) => {
      const status = response.statusCode ?? 0;
      this.noteSeq(response.headers[CHANGE_SEQ_HEADER]);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        this.samples.record(performance.now() - started, status);
        if (status !== 200) return;
        // The bare route answers a fixed body: nothing named.
        for (const key of (JSON.parse(text) as { stale?: string[] }).stale ?? []) this.get(key);
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => this.samples.record(performance.now() - started, 0));
    request.end(body);
  }

  /** Tells the stream which keys this tab shows, as the browser does after `ready` (POST /api/events/watch). */
  watch(stream: string): void {
    const body = JSON.stringify({ stream, seq: 1, keys: watchListOf(pollsOf(this.user).map((p) => p.key)) });
    const request = http.request({
      host: '127.0.0.1', port: this.port, path: '/api/events/watch', method: 'POST', agent: this.agent,
      headers: { cookie: this.user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${this.port}` },
    }, (response) => response.resume());
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => undefined);
    request.end(body);
  }

  /**
   * Opens the stream; resolves on `ready`, after which the tab sends its watch list (unless BENCH_WATCH=0: then
   * the stream names every key the viewer may read, as for a tab before watch lists). A `stale` event fetches
   * the named keys this tab shows again.
   */
  openStream(onStale?: (keys: string[]) => void): Promise<void> {
    const keys = pollsOf(this.user).map((p) => p.key);
    return new Promise((resolve, reject) => {
      const request = http.get({
        host: '127.0.0.1', port: this.port, path: '/api/events', localAddress: this.localAddress,
        headers: { cookie: this.user.cookie, accept: 'text/event-stream' },
      }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
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
            if (event === 'ready') {
              const ready = data ? (JSON.parse(data) as { stream?: string; seq?: number }) : undefined;
              this.noteSeq(ready?.seq);
              const stream = ready?.stream;
              if (stream && WATCH) this.watch(stream);
              resolve();
            }
            if (event === 'stale' && data) {
              const { keys: stale, seq } = JSON.parse(data) as { keys: string[]; seq?: number };
              this.noteSeq(seq);
              onStale?.(stale);
              for (const key of keys) if (stale.some((s) => keyMatches(s, key))) this.get(key);
            }
          }
        });
      });
      request.setTimeout(30_000, () => request.destroy(new Error('stream not ready within 30 s')));
      request.on('response', () => request.setTimeout(0));
      request.on('error', reject);
      this.stream = request;
    });
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.stream?.destroy();
    if (!this.pool) this.agent.destroy();
  }
}

/** Notes written by an admin on random tickets, `perSecond` a second. Stops with the returned function. */
export function startWriter(port: number, cookie: string, tickets: number[], perSecond: number): () => void {
  if (perSecond <= 0) return () => undefined;
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
  }, 1000 / perSecond);
  return () => {
    clearInterval(timer);
    agent.destroy();
  };
}

function nextMessage<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`a load generator sent no "${type}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
  });
}

/**
 * The load generator processes (lib/push-load-generator.ts), each with its share of the users, its
 * own sockets and event loop: the load of 20,000 tabs does not fit in one process's loop.
 */
export class Generators {
  private constructor(private readonly children: ChildProcess[]) {}

  /** Forks `count` generators and opens their tabs (and streams); resolves with the streams that failed to open. */
  static async open(count: number, users: User[], options: { port: number; live: boolean; streams: boolean; idleMs: number; timeoutMs: number }): Promise<{ generators: Generators; failed: number }> {
    const shares = Array.from({ length: count }, (_, g) => users.filter((_, i) => i % count === g)).filter((share) => share.length > 0);
    const children = shares.map(() => fork(path.join(import.meta.dirname, 'push-load-generator.ts'), [], {
      cwd: ROOT, execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }));
    const generators = new Generators(children);
    try {
      const opened = await Promise.all(children.map((child, g) => {
        const answer = nextMessage<{ failed: number }>(child, 'opened', options.timeoutMs);
        child.send({ type: 'open', users: shares[g], port: options.port, live: options.live, streams: options.streams, idleMs: options.idleMs, index: g * 7 });
        return answer;
      }));
      return { generators, failed: opened.reduce((sum, o) => sum + o.failed, 0) };
    } catch (error) {
      await generators.close();
      throw error;
    }
  }

  send(message: { type: 'poll' | 'count' | 'pause' } | { type: 'watch'; key: string | null }): void {
    for (const child of this.children) child.send(message);
  }

  /** Every generator's samples merged, and the wall-clock times at which its streams were told of the watched key. */
  async collect(timeoutMs = 30_000): Promise<{ data: SamplesData; told: number[] }> {
    const parts = await Promise.all(this.children.map((child) => {
      const answer = nextMessage<{ data: SamplesData; told: number[] }>(child, 'samples', timeoutMs);
      child.send({ type: 'collect' });
      return answer;
    }));
    return { data: Samples.merge(parts.map((p) => p.data)), told: parts.flatMap((p) => p.told) };
  }

  /** Closes the tabs and ends the processes (killed after 5 s). */
  async close(): Promise<void> {
    await Promise.all(this.children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }));
  }
}
