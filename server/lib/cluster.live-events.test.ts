import assert from 'node:assert/strict';
import cluster from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createPortalApi } from '@portal/api';
import { superviseWorkers } from './cluster.js';

// Live updates across processes (docs/architecture.md#a-live-update) on one machine with SQLite: two real API processes on one database file, the primary's
// relay between them. A note written through one worker makes both workers' /api/events streams
// name the ticket's activity as stale; an answer one worker keeps is vouched for by the other.

/** GET /api/events read as text as it arrives. */
async function openStream(baseUrl: string, cookie: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: abort.signal });
  assert.equal(res.status, 200);
  let text = '';
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    async waitFor(fragment: string, timeoutMs = 5000): Promise<number> {
      const started = Date.now();
      while (!text.includes(fragment)) {
        if (Date.now() - started > timeoutMs) throw new Error(`no ${fragment} within ${timeoutMs} ms; got ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Date.now() - started;
    },
    close: () => abort.abort(),
  };
}

/** Signs a demo user in through one worker: the session cookie (sessions live in the database, every worker knows it). */
async function signIn(baseUrl: string, username: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'portal-demo' }),
  });
  assert.equal(login.status, 200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('live events between two API processes on one SQLite file', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-test-'));
  const urls: string[] = [];
  let supervisor: ReturnType<typeof superviseWorkers>;
  let ticketId = 0;

  before(async () => {
    const prepared = await createPortalApi({ databaseUrl: 'sqlite', dataDir, seedDemo: true, runJobs: false });
    ticketId = (await prepared.db.selectFrom('tickets').select('ticket_id').orderBy('ticket_id').executeTakeFirstOrThrow()).ticket_id;
    await prepared.close();

    cluster.setupPrimary({
      exec: fileURLToPath(new URL('./fixtures/portal-worker.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    });
    // Each worker listens on a port of its own (exclusive, which the primary does not see as
    // 'listening'): it is ready when it has told its URL.
    process.env.DATA_DIR = dataDir;
    await new Promise<void>((resolve, reject) => {
      cluster.on('message', (_worker, message: { type?: string; url?: string }) => {
        if (message.type === 'test:url' && message.url) urls.push(message.url);
        if (urls.length === 2) resolve();
      });
      supervisor = superviseWorkers(cluster, { count: 2, log: () => undefined, onReady: () => undefined, onStartFailure: (reason) => reject(new Error(reason)) });
    });
  });

  after(async () => {
    await supervisor.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a note written through one worker reaches the streams on both', async () => {
    const [writer, watcher] = urls as [string, string];
    const cookie = await signIn(writer, 'agent@demo.test');

    // The session lives in the database: the other process knows it too.
    const there = await openStream(watcher, cookie);
    const here = await openStream(writer, cookie);
    try {
      await Promise.all([there.waitFor('event: ready'), here.waitFor('event: ready')]);
      const note = await fetch(`${writer}/api/activity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ ticket_id: ticketId, note: 'Written through one process' }),
      });
      assert.equal(note.status, 201);
      const key = `/ticket/${ticketId}/activity`;
      const ms = await there.waitFor(key);
      assert.ok(ms < 1000, `the other process told its stream after ${ms} ms`);
      await here.waitFor(key);
    } finally {
      there.close();
      here.close();
    }
  });

  it("an answer one worker computed is vouched for by the other, from memory, until a note changes it", async () => {
    const [reader, other] = urls as [string, string];
    const cookie = await signIn(reader, 'admin@demo.test');
    const key = `/ticket/${ticketId}/tasks`;
    const first = await fetch(`${reader}/api${key}`, { headers: { cookie } });
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    assert.ok(etag);
    const check = async () => {
      const res = await fetch(`${other}/api/events/check`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ keys: [{ key, etag }] }),
      });
      assert.equal(res.status, 200);
      return ((await res.json()) as { stale: string[] }).stale;
    };
    // The ETag travels through the primary's relay: the other worker vouches for it once it is in.
    const started = Date.now();
    while ((await check()).length > 0) {
      assert.ok(Date.now() - started < 5000, 'the other worker never took the answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const polled = await fetch(`${other}/api${key}`, { headers: { cookie, 'if-none-match': etag } });
    assert.equal(polled.status, 304);

    const task = await fetch(`${reader}/api/ticket/${ticketId}/tasks`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ instruction: 'Added through one process' }),
    });
    assert.ok(task.status < 300, `the task: ${task.status}`);
    const changed = Date.now();
    while ((await check()).length === 0) {
      assert.ok(Date.now() - changed < 5000, 'the other worker kept vouching for a changed answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const after = await fetch(`${other}/api${key}`, { headers: { cookie, 'if-none-match': etag } });
    assert.equal(after.status, 200);
    assert.match(await after.text(), /Added through one process/);
  });
});
