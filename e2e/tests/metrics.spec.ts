import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

// The operator of a started portal (docs/operations.md#metrics-and-health): `npm start` with two workers, as the journeys run
// it. A load balancer polls /api/ready; Prometheus, on this machine, scrapes /metrics, and whichever worker a scrape
// lands on answers the whole machine's figures.

/** One sample's value in a Prometheus text; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const READY_COUNT = 'portal_http_request_duration_seconds_count{method="GET",route="/api/ready",status_code="200"}';

test('an operator scrapes the whole machine from either worker, and a load balancer finds it ready', async ({ page, playwright, baseURL }) => {
  // A person uses the portal: the browser's requests are counted by route pattern.
  await signIn(page, 'agent');

  // Each on a new connection, so that the cluster spreads them over both workers.
  const fresh = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
  try {
    for (let i = 0; i < 10; i++) {
      const ready = await fresh.get('/api/ready');
      expect(ready.status()).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }

    for (let scrape = 0; scrape < 6; scrape++) {
      const res = await fresh.get('/metrics');
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).not.toContain('did not answer');
      // Both workers' counts together: one worker alone has seen only some of the ten.
      expect(sample(text, READY_COUNT)).toBeGreaterThanOrEqual(10);
      expect(sample(text, 'portal_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status_code="200"}')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^portal_live_streams_open \d+$/m);
      expect(text).toMatch(/^portal_mail_outbox_messages\{status="pending"\} \d+$/m);
      expect(text).toMatch(/^portal_job_runs_total\{job="mail"\} [1-9]\d*$/m);
      expect(text).toContain('process_cpu_user_seconds_total');
    }
  } finally {
    await fresh.dispose();
  }
});
