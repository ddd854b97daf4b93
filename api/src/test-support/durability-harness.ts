// The API as a real process for durability.test.ts: started with `node --import tsx cli/serve.ts` in a
// process group of its own (so SIGKILL reaches all of it and nothing outlives the test), on a fresh
// database; and a write load that records which writes were acknowledged with a 2xx answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TYPE } from '@portal/domain';
import { isPostgresUrl } from '../db/connect';

const SERVE = path.join(__dirname, '..', 'cli', 'serve.ts');
const API_DIR = path.join(__dirname, '..', '..');
const STARTUP_MS = 30_000;

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The migrations this start applied (from the "database ready" log line). */
  applied: string[];
  exited: Promise<void>;
  /** The last lines it printed, for a failure message. */
  output(): string;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Starts the standalone API on a free port with `env` (DATABASE_URL, DATA_DIR and any other setting) and waits until it listens. */
export function startApi(env: { DATABASE_URL: string; DATA_DIR: string } & NodeJS.ProcessEnv): Promise<ApiProcess> {
  // The test's own SMTP_URL and SEED_DEMO are not the child's; `env` may set them.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.SMTP_URL;
  delete inherited.SEED_DEMO;
  const childEnv: NodeJS.ProcessEnv = { ...inherited, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: API_DIR, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    running.delete(child);
    resolve();
  }));
  const lines: string[] = [];
  let applied: string[] = [];
  const output = () => lines.join('\n');
  return new Promise<ApiProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(new Error(`the API did not start in ${STARTUP_MS} ms:\n${output()}`));
    }, STARTUP_MS);
    const onLine = (line: string) => {
      lines.push(line);
      if (lines.length > 40) lines.shift();
      if (line.includes('"database ready"')) applied = (JSON.parse(line) as { applied: string[] }).applied;
      const listening = /Server listening at (http:\/\/[\d.]+:\d+)/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, baseUrl: listening[1]!, applied, exited, output });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        parts.forEach(onLine);
      });
    }
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the API exited before it listened:\n${output()}`));
    });
  });
}

/** SIGKILL to the API's process group: no handler runs, nothing is flushed or closed. */
export async function killApi(api: ApiProcess): Promise<void> {
  killGroup(api.child, 'SIGKILL');
  await api.exited;
}

/** SIGTERM (serve.ts closes the app and exits), SIGKILL if it has not exited within 5 s. */
export async function stopApi(api: ApiProcess): Promise<void> {
  killGroup(api.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(api.child, 'SIGKILL'), 5_000);
  await api.exited;
  clearTimeout(timer);
}

/** For afterAll: no API process survives the test file. */
export function killAllApis(): void {
  for (const child of running) killGroup(child, 'SIGKILL');
}

export interface FreshDatabase {
  dialect: 'sqlite' | 'postgres';
  env: { DATABASE_URL: string; DATA_DIR: string };
  drop(): Promise<void>;
}

/**
 * A temp DATA_DIR with SQLite in it, or, when DATABASE_URL is a PostgreSQL URL, a schema of its own
 * selected through search_path (as createTestApp does), dropped by drop().
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!isPostgresUrl(baseUrl)) return { dialect: 'sqlite', env: { DATABASE_URL: 'sqlite', DATA_DIR: dataDir }, drop: async () => removeDir() };

  const schema = `durability_${process.pid}_${Date.now().toString(36)}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create schema "${schema}"`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dialect: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    drop: async () => {
      await query(`drop schema if exists "${schema}" cascade`);
      removeDir();
    },
  };
}

export type WriteKind = 'note' | 'time' | 'task' | 'ticket' | 'attachment';

export interface Write {
  kind: WriteKind;
  /** Unique text: the note, the time entry's description, the task's instruction, the ticket's title or the file's name. */
  text: string;
  /** The id the 2xx answer returned; undefined: no answer arrived (the process died first). */
  id?: number;
}

export interface LoadResult {
  acknowledged: Write[];
  unacknowledged: Write[];
  /** Answers that arrived but were not 2xx: none are expected before the kill. */
  refused: string[];
}

export async function call(baseUrl: string, cookie: string, method: 'GET' | 'POST', url: string, body?: object): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  return fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
}

/** The bytes of the load's CSV attachment named `text`.csv. */
export const attachmentContent = (text: string) => `name,units\r\n${text},1\n`;

const KINDS: readonly WriteKind[] = ['note', 'time', 'task', 'ticket', 'attachment'];

function request(write: Write, target: { ticketId: number; companyId: number }): { url: string; body: object; idOf: (answer: never) => number } {
  const { ticketId, companyId } = target;
  switch (write.kind) {
    case 'note':
      return { url: '/api/activity', body: { ticket_id: ticketId, note: write.text }, idOf: (a: { activity_id: number }) => a.activity_id };
    case 'time':
      return { url: '/api/time', body: { ticket_id: ticketId, time: 1, description: write.text }, idOf: (a: { entry: { time_id: number } }) => a.entry.time_id };
    case 'task':
      return { url: `/api/ticket/${ticketId}/tasks`, body: { instruction: write.text }, idOf: (a: { task_id: number }) => a.task_id };
    case 'ticket':
      return {
        url: '/api/ticket',
        body: { type_id: TYPE.question, title: write.text, description: 'Durability load', priority_id: 3, company_id: companyId, estimate_required: 0 },
        idOf: (a: { ticket_id: number }) => a.ticket_id,
      };
    case 'attachment': {
      const form = new FormData();
      form.append('file[]', new Blob([attachmentContent(write.text)], { type: 'text/csv' }), `${write.text}.csv`);
      return { url: `/api/ticket/${ticketId}/attachments`, body: form, idOf: (a: Array<{ attachment_id: number }>) => a[0]!.attachment_id };
    }
  }
}

/**
 * `inFlight` workers post notes, time entries, tasks, tickets and attachments (in turn) with unique texts until
 * the API stops answering; a write counts as acknowledged once its 2xx answer and id have arrived.
 */
export async function writeLoad(
  api: ApiProcess,
  cookie: string,
  options: { tag: string; ticketId: number; companyId: number; inFlight: number },
): Promise<LoadResult> {
  const result: LoadResult = { acknowledged: [], unacknowledged: [], refused: [] };
  let sequence = 0;
  let down = false;
  const worker = async () => {
    while (!down) {
      const n = sequence++;
      const write: Write = { kind: KINDS[n % KINDS.length]!, text: `${options.tag} write ${n}` };
      const { url, body, idOf } = request(write, options);
      try {
        const res = await call(api.baseUrl, cookie, 'POST', url, body);
        const answer: unknown = await res.json();
        if (res.ok) {
          write.id = idOf(answer as never);
          result.acknowledged.push(write);
        } else {
          result.refused.push(`${res.status} ${url}: ${JSON.stringify(answer)}`);
        }
      } catch {
        // Connection refused or reset: the process is gone; this write may or may not have committed.
        down = true;
        result.unacknowledged.push(write);
      }
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  return result;
}
