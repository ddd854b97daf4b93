import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { countedMailProcessor } from '../plugins/mail-in';
import { listeningUrl, openLiveStream } from '../test-support/live-stream';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { METRICS_MESSAGES } from './metrics-routes';

// GET /metrics, /api/health and /api/ready (docs/operations.md#metrics-and-health): what Prometheus and a load balancer see.

const OUTSIDE = '203.0.113.9';

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line, e.g. sample(text, 'portal_live_streams_open'); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('one app', () => {
  let t: TestApp;
  let now = new Date();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(() => {
    now = new Date();
  });

  test('from this machine: request durations by route pattern and status, never the raw URL', async () => {
    const cookie = await t.login('admin@demo.test');
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/ticket/987654', headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/no/such/page-12345' });

    const text = await scrape(t.app);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/ticket/:id",status_code="404"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('page-12345');
    // Node's own figures come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  test('the outbox: pending and failed mail, and how long the oldest pending one has waited', async () => {
    const before = await t.app.repos.mailOutbox.list('pending');
    await t.app.repos.mailOutbox.add(t.app.db, { to: 'a@example.test', subject: 'One', text: 'x' });
    const failedId = await t.app.repos.mailOutbox.add(t.app.db, { to: 'b@example.test', subject: 'Two', text: 'x' });
    await t.app.db.updateTable('mail_outbox').set({ status: 'failed' }).where('id', '=', failedId).execute();
    const pending = await t.app.repos.mailOutbox.list('pending');
    const failed = await t.app.repos.mailOutbox.list('failed');
    expect(pending).toHaveLength(before.length + 1);
    const oldest = Math.min(...pending.map((row) => Date.parse(row.date_created)));
    now = new Date(oldest + 90_000);

    const text = await scrape(t.app);
    expect(sample(text, 'portal_mail_outbox_messages{status="pending"}')).toBe(pending.length);
    expect(sample(text, 'portal_mail_outbox_messages{status="failed"}')).toBe(failed.length);
    expect(sample(text, 'portal_mail_outbox_oldest_pending_age_seconds')).toBe(90);
  });

  test('job runs by job', async () => {
    const runs = sample(await scrape(t.app), 'portal_job_runs_total{job="mail"}') ?? 0;
    await t.app.jobs.drain();
    await t.app.jobs.runOnce();
    const text = await scrape(t.app);
    expect(sample(text, 'portal_job_runs_total{job="mail"}')).toBe(runs + 2);
    expect(sample(text, 'portal_job_runs_total{job="digests"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_job_failures_total{job="mail"}')).toBe(0);
  });

  test('open live streams, counted while open and not as requests', async () => {
    const cookie = await t.login('client@demo.test');
    const baseUrl = await listeningUrl(t.app);
    expect(sample(await scrape(t.app), 'portal_live_streams_open')).toBe(0);
    const streams = [await openLiveStream(baseUrl, cookie), await openLiveStream(baseUrl, cookie)];
    await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'ready')));
    expect(sample(await scrape(t.app), 'portal_live_streams_open')).toBe(2);
    for (const stream of streams) stream.close();
    let open = 2;
    for (let tries = 0; tries < 200 && open !== 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      open = sample(await scrape(t.app), 'portal_live_streams_open') ?? -1;
    }
    expect(open).toBe(0);
    expect(await scrape(t.app)).not.toContain('route="/api/events"');
  });

  test('/api/health is alive; /api/ready is 200, and 503 naming the drain once the process drains', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'not ready', failing: ['draining'] });
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  test('/api/ready says 503 migrations when the database lacks one this code knows', async () => {
    const other = await t.openAnother();
    try {
      // As if the database were restored from before the latest migration, under the running process.
      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(other.db);
      const res = await other.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', failing: ['migrations'] });
    } finally {
      await other.close();
    }
  });

  test('mail read from the mailbox is counted by what it became', async () => {
    const counter = t.app.metrics.mailIn;
    const before = new Map((await counter.get()).values.map((value) => [value.labels.outcome, value.value]));
    const count = (outcome: string) => before.get(outcome) ?? 0;
    const ticket = countedMailProcessor(counter, async () => ({ result: { status: 'ticket', mailInId: 1, ticketId: 1 }, changes: [] }));
    const broken = countedMailProcessor(counter, async () => {
      throw new Error('unreadable');
    });
    const ctx = {} as Parameters<typeof ticket>[0];
    await ticket(ctx, { raw: Buffer.from('x'), uid: 1 });
    await expect(broken(ctx, { raw: Buffer.from('x'), uid: 2 })).rejects.toThrow('unreadable');
    const text = await scrape(t.app);
    expect(sample(text, 'portal_mail_in_messages_total{outcome="ticket"}')).toBe(count('ticket') + 1);
    expect(sample(text, 'portal_mail_in_messages_total{outcome="failed"}')).toBe(count('failed') + 1);
    expect(sample(text, 'portal_mail_in_messages_total{outcome="note"}')).toBe(count('note'));
  });

  test('the database pool: figures on PostgreSQL, none on SQLite', async () => {
    const text = await scrape(t.app);
    if (t.app.dbPool) {
      expect(sample(text, 'portal_db_pool{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool{state="idle"}')).toBeGreaterThanOrEqual(0);
      // The scrape's own outbox reads may be waiting for a connection the pool is opening.
      expect(sample(text, 'portal_db_pool{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toMatch(/^portal_db_pool\{/m);
    }
  });

  test('without METRICS_TOKEN a caller off this machine is refused, and so is a request a proxy forwarded', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ statusCode: 403, error: METRICS_MESSAGES.notConfigured });
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.statusCode).toBe(403);
    const ipv6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('with METRICS_TOKEN', () => {
  const token = 'scrape-me-7f3a9c';
  let t: TestApp;

  const trustProxy = process.env.TRUST_PROXY;

  beforeAll(async () => {
    // Behind a proxy it trusts, request.ip is what X-Forwarded-For says: /metrics must not believe it.
    process.env.TRUST_PROXY = '1';
    t = await createTestApp({ metricsToken: token });
  });

  afterAll(async () => {
    await t.close();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  });

  test('a caller off this machine needs the token as a bearer token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toEqual({ statusCode: 401, error: METRICS_MESSAGES.noToken });
    expect(none.body).not.toContain('portal_');

    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ statusCode: 403, error: METRICS_MESSAGES.wrongToken });

    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('portal_http_request_duration_seconds');
  });

  test('X-Forwarded-For does not make a caller local, even when the proxy is trusted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(401);
  });

  test('this machine needs no token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
