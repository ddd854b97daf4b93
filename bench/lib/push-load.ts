import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Samples, type SamplesData } from './push-load-samples';
import type { User } from './push-load-users';

// The push benchmark's runner (bench-push.ts, profile-hot-path.ts): the portal (or the bare route that
// is its ceiling) in processes of its own, the writer whose notes make screens stale, and the load
// generator processes (push-load-generator.ts) that run the simulated tabs (push-load-tab.ts) of the
// seeded users (push-load-users.ts) and send their samples (push-load-samples.ts) back.

const ROOT = path.resolve(import.meta.dirname, '../..');

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

/** `server/start.ts` with `workers` processes on loopback; `env` adds to the environment (NODE_OPTIONS for a profile). */
export async function startPortal(options: { dataDir: string; port: number; workers: number; env?: Record<string, string> }): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
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
