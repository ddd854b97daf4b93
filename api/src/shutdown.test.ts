import { PassThrough } from 'node:stream';
import { drainAndClose, stopGracefully } from './shutdown';
import { listeningUrl, openLiveStream } from './test-support/live-stream';
import { createTestApp, openDemoCast } from './test-support/test-app';

// A clean stop (docs/operations.md#stopping-restarting-and-upgrading): what a stopping process does to its
// clients, its live streams and its job leases. The signal-to-exit path of whole processes (a
// single one and a rolling restart of two) is tested in server/lib/shutdown.test.ts and
// server/lib/rolling-restart.test.ts.

test('while draining, every answer closes its connection', async () => {
  const t = await createTestApp({ runJobs: false });
  try {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers.connection).not.toBe('close');
    t.app.lifecycle.draining = true;
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');
  } finally {
    t.app.lifecycle.draining = false;
    await t.close();
  }
});

test('a close waits for a response in flight, then closes its keep-alive connection at once', async () => {
  const t = await createTestApp({ runJobs: false });
  const { app } = t;
  // All of the body is sent at once, but the stream ends only when released: the client has its whole
  // answer while the server still counts the connection busy.
  let release: (() => void) | undefined;
  app.get('/test/body-then-end', (_request, reply) => {
    const body = new PassThrough();
    body.write('whole');
    release = () => body.end();
    return reply.header('content-length', 5).send(body);
  });
  const baseUrl = await listeningUrl(app);
  const res = await fetch(`${baseUrl}/test/body-then-end`);
  expect(await res.text()).toBe('whole');

  let closed = false;
  const closing = t.close().then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false);
  release!();
  // Without closing the connection the response left idle, the close waits out the 72 s keep-alive timeout.
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([closing.then(() => 'closed'), new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting'), 5_000)))]);
  clearTimeout(timer);
  expect(waited).toBe('closed');
});

test('a drain hands the live streams off with a 1 s retry hint, and the job leases back, then closes', async () => {
  const cast = await openDemoCast({ runJobs: false });
  const { app } = cast.t;
  const baseUrl = await listeningUrl(app);
  const stream = await openLiveStream(baseUrl, cast.cookies.agent);
  await stream.next((event) => event.event === 'ready');

  // Mail this runner claimed and has not sent: another process must be able to send it at once.
  await app.repos.mailOutbox.add(app.db, { to: 'someone@example.test', subject: 'Queued before the stop', text: 'Hello' });
  const claimed = await app.repos.mailOutbox.claimDue({ owner: app.jobs.owner, now: new Date(), leaseMs: 300_000, limit: 10 });
  expect(claimed).toHaveLength(1);

  const closing = drainAndClose(app);
  expect(app.lifecycle.draining).toBe(true);
  await stream.ended;
  expect(stream.events.at(-1)).toEqual({ event: 'retry', data: '1000' });
  await closing;
  await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();

  const other = await cast.t.openAnother({ seedDemo: false, runJobs: false });
  try {
    const row = await other.db.selectFrom('mail_outbox').select(['status', 'lease_owner', 'lease_until']).where('id', '=', claimed[0]!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', lease_owner: null, lease_until: null });
    const taken = await other.repos.mailOutbox.claimDue({ owner: 'another process', now: new Date(), leaseMs: 300_000, limit: 10 });
    expect(taken.map((r) => r.id)).toEqual([claimed[0]!.id]);
  } finally {
    await other.close();
    await cast.t.close();
  }
});

test('a stop that cannot finish exits anyway when the limit is reached', async () => {
  const t = await createTestApp({ runJobs: false });
  const { app } = t;
  let answer: (() => void) | undefined;
  app.get('/test/hangs', () => new Promise<string>((resolve) => (answer = () => resolve('late'))));
  const baseUrl = await listeningUrl(app);
  const hanging = fetch(`${baseUrl}/test/hangs`).catch(() => undefined);
  while (!answer) await new Promise((resolve) => setTimeout(resolve, 10));

  const exits: number[] = [];
  const listeners = process.listeners('SIGTERM');
  stopGracefully(app, { limitMs: 300, delayMs: 0, exit: (code) => exits.push(code) });
  try {
    process.emit('SIGTERM');
    // A second signal (the process group's and the primary's) must still find a listener: without one, Node's
    // default action would kill the process mid-drain. It changes nothing.
    expect(process.listeners('SIGTERM')).toHaveLength(listeners.length + 1);
    process.emit('SIGTERM');
    while (exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exits).toEqual([1]);
    expect(app.lifecycle.draining).toBe(true);
  } finally {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      for (const listener of process.listeners(signal)) if (!listeners.includes(listener)) process.off(signal, listener);
    }
    answer?.();
    await hanging;
    await t.close();
  }
});
