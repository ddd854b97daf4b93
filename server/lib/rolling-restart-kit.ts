import cluster from 'node:cluster';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPortalApi } from '@portal/api';
import { superviseWorkers } from './cluster.js';

// What rolling-restart.test.ts, shutdown.test.ts and bench-rolling-restart.ts share
// (docs/operations.md#stopping-restarting-and-upgrading): a seeded portal in a temp folder, its API run by
// real processes (fixtures/drain-worker.ts: the workers' own stop), a signed-in writer that
// remembers which writes were acknowledged and which refused, and a live-stream client that
// reconnects as a browser's EventSource does.

export const WORKER_FIXTURE = fileURLToPath(new URL('./fixtures/drain-worker.ts', import.meta.url));
export const AGENT = { username: 'agent@demo.test', password: 'portal-demo' };

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A temp DATA_DIR with the demo seeded and migrated (as the primary prepares it), and a ticket to write notes on. */
export async function preparePortal(prefix: string): Promise<{ dataDir: string; ticketId: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const app = await createPortalApi({ databaseUrl: 'sqlite', dataDir, seedDemo: true, runJobs: false });
  try {
    const ticketId = (await app.db.selectFrom('tickets').select('ticket_id').orderBy('ticket_id').executeTakeFirstOrThrow()).ticket_id;
    return { dataDir, ticketId };
  } finally {
    await app.close();
  }
}

/** The notes on the portal's database whose text starts with `prefix` (read after the processes stopped). */
export async function notesStartingWith(dataDir: string, prefix: string): Promise<string[]> {
  const app = await createPortalApi({ databaseUrl: 'sqlite', dataDir, seedDemo: false, runJobs: false });
  try {
    const rows = await app.db.selectFrom('activity').select('note').where('note', 'like', `${prefix}%`).execute();
    return rows.map((row) => row.note);
  } finally {
    await app.close();
  }
}

/**
 * `count` workers of the fixture under the real supervisor, sharing `port` (this process becomes a
 * cluster primary); resolves once all listen.
 */
export async function startCluster(options: { dataDir: string; port: number; count: number; log?: (line: string) => void }) {
  process.env.DATA_DIR = options.dataDir;
  process.env.PORT = String(options.port);
  cluster.setupPrimary({ exec: WORKER_FIXTURE, execArgv: ['--import', 'tsx'] });
  let supervisor!: ReturnType<typeof superviseWorkers>;
  await new Promise<void>((resolve, reject) => {
    supervisor = superviseWorkers(cluster, {
      count: options.count,
      log: (_level, _fields, message) => options.log?.(message),
      onReady: () => resolve(),
      onStartFailure: (reason) => reject(new Error(reason)),
    });
  });
  return supervisor;
}

/** The live worker pids of this primary. */
export function workerPids(): number[] {
  return Object.values(cluster.workers ?? {}).flatMap((worker) => (worker && !worker.isDead() && worker.process.pid ? [worker.process.pid] : []));
}

export async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(AGENT),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

export interface WriteOutcome {
  note: string;
  /** 201: acknowledged. */
  status: number | null;
  /** Why it failed: a status (503) or the network error's code. */
  failure?: string;
  startedAt: number;
  endedAt: number;
}

/**
 * Writers posting notes on `ticketId` as fast as they are answered, each note unique: a write that is
 * not acknowledged is tried again as a new note (a client that does not know whether its write landed
 * would otherwise duplicate it). Stop with `stop()`; `outcomes` has every attempt.
 */
export function startWriters(options: { baseUrl: string; cookie: string; ticketId: number; writers: number; prefix: string }) {
  const outcomes: WriteOutcome[] = [];
  let running = true;
  let next = 0;
  const writeOnce = async (): Promise<void> => {
    const note = `${options.prefix}${next++}`;
    const startedAt = performance.now();
    try {
      const res = await fetch(`${options.baseUrl}/api/activity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: options.cookie },
        body: JSON.stringify({ ticket_id: options.ticketId, note }),
      });
      await res.arrayBuffer();
      outcomes.push({ note, status: res.status, ...(res.status === 201 ? {} : { failure: String(res.status) }), startedAt, endedAt: performance.now() });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      outcomes.push({ note, status: null, failure: cause?.code ?? cause?.message ?? String(error), startedAt, endedAt: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const loops = Array.from({ length: options.writers }, async () => {
    while (running) await writeOnce();
  });
  return {
    outcomes,
    acknowledged: () => outcomes.filter((o) => o.status === 201).length,
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One connection of the live client. */
export interface LiveConnection {
  status: number | null;
  /** `event: ready` frames received. */
  readies: number;
  /** The last `retry:` value received on it. */
  lastRetryMs: number | null;
  /** 'server': the server ended the response; 'error': the connection ended or broke mid-response (a drain's hand-off does that); 'closed': the client closed it; null: open. */
  ended: 'server' | 'error' | 'closed' | null;
  text: string;
}

/**
 * GET /api/events as a browser's EventSource reads it: it keeps the last `retry:` value, reconnects
 * that long after the server ends the stream or the connection breaks, and gives up (as EventSource
 * does) on an answer other than 200.
 */
export function openLiveClient(baseUrl: string, cookie: string) {
  const connections: LiveConnection[] = [];
  let retryMs = 3000;
  let closed = false;
  let abort = new AbortController();
  let gaveUp: string | null = null;

  const connectOnce = async (): Promise<boolean> => {
    const connection: LiveConnection = { status: null, readies: 0, lastRetryMs: null, ended: null, text: '' };
    connections.push(connection);
    abort = new AbortController();
    try {
      const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
      connection.status = res.status;
      if (res.status !== 200) {
        gaveUp = `answered ${res.status}`;
        await res.arrayBuffer().catch(() => undefined);
        return false;
      }
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let pending = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        connection.text += chunk;
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('retry:')) {
            const value = Number(line.slice('retry:'.length).trim());
            if (Number.isInteger(value)) retryMs = connection.lastRetryMs = value;
          }
          if (line === 'event: ready') connection.readies += 1;
        }
      }
      connection.ended = 'server';
    } catch {
      connection.ended = closed ? 'closed' : 'error';
    }
    return true;
  };

  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!closed && (await connectOnce())) {
      if (closed) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    connections,
    get gaveUp() {
      return gaveUp;
    },
    /** Resolves once `done` holds, checking every 20 ms; rejects after `timeoutMs`. */
    async until(done: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
      const started = Date.now();
      while (!done()) {
        if (Date.now() - started > timeoutMs) throw new Error(`live client: no ${what} within ${timeoutMs} ms; connections ${JSON.stringify(connections)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close(): Promise<void> {
      closed = true;
      abort.abort();
      wake?.();
      await loop;
    },
  };
}
