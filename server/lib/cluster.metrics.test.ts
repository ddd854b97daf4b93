import assert from 'node:assert/strict';
import cluster from 'node:cluster';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { answerWorkersMetricsRequests, createPortalApi } from '@portal/api';
import { superviseWorkers } from './cluster.js';
import { registerFrontEnd } from './serve-front-end.js';

// GET /metrics under `npm start` (docs/operations.md#metrics-and-health): two real API processes on one SQLite file, the primary
// summing their figures as start.ts has it do. A scrape that lands on either worker answers the machine's totals.

/** The value of one sample line of a Prometheus text; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics of two API processes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-metrics-'));
  const urls: string[] = [];
  let pendingMail = 0;
  let supervisor: ReturnType<typeof superviseWorkers>;

  before(async () => {
    const prepared = await createPortalApi({ databaseUrl: 'sqlite', dataDir, seedDemo: true, runJobs: false });
    pendingMail = (await prepared.repos.mailOutbox.list('pending')).length;
    await prepared.close();

    cluster.setupPrimary({
      exec: fileURLToPath(new URL('./fixtures/portal-worker.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    });
    process.env.DATA_DIR = dataDir;
    answerWorkersMetricsRequests(cluster);
    // Each worker listens on a port of its own, so that the test can choose which one it asks.
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

  it('either worker answers the sum of both workers, and the database figures once', async () => {
    const [first, second] = urls as [string, string];
    for (const url of [first, first, first, second, second]) assert.equal((await fetch(`${url}/api/health`)).status, 200);

    for (const url of [first, second]) {
      const res = await fetch(`${url}/metrics`);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.doesNotMatch(text, /did not answer/);
      assert.equal(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'), 5, text);
      // Read from the one database by each worker: the largest, not the sum.
      assert.equal(sample(text, 'portal_mail_outbox_messages{status="pending"}'), pendingMail);
      assert.equal(sample(text, 'portal_live_streams_open'), 0);
      // Both processes' Node figures, summed.
      assert.ok((sample(text, 'nodejs_active_handles_total') ?? 0) > 0);
    }
  });
});

describe("the front end's catch-all", () => {
  it('leaves /metrics to the metrics route, even for a browser asking for a page', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'portal-metrics-front-end-'));
    const shellDist = path.join(root, 'shell');
    mkdirSync(shellDist, { recursive: true });
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body></body></html>');
    const app = await createPortalApi({ databaseUrl: 'sqlite', dataDir: root, seedDemo: false, runJobs: false });
    try {
      await registerFrontEnd(app, { dataDir: root, deployDir: path.join(root, 'deploy'), remotesMapPath: path.join(root, 'remotes.json'), shellDist });
      const page = await app.inject({ url: '/tickets', headers: { accept: 'text/html' } });
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const metrics = await app.inject({ url: '/metrics', headers: { accept: 'text/html' } });
      assert.equal(metrics.statusCode, 200);
      assert.match(String(metrics.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      assert.match(metrics.body, /portal_http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="200"\} 1/);
      const refused = await app.inject({ url: '/metrics', remoteAddress: '198.51.100.7', headers: { accept: 'text/html' } });
      assert.equal(refused.statusCode, 403);
      assert.match(String(refused.headers['content-type']), /^application\/json/);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
