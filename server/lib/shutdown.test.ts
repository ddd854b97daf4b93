import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { freePort, openLiveClient, preparePortal, signIn, WORKER_FIXTURE } from './rolling-restart-kit.js';

// SIGTERM to one API process (docs/operations.md#stopping-restarting-and-upgrading), as a process manager or a
// container runtime sends it: with DRAIN_DELAY_MS it still answers for that long, /api/ready saying
// it drains; its open live stream gets the short retry hint and ends; it exits 0 within 10 s.

describe('SIGTERM to a single API process with an open live stream', () => {
  let dataDir = '';

  before(async () => {
    ({ dataDir } = await preparePortal('portal-sigterm-'));
  });

  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says it drains, hands the stream off with a retry hint, and exits 0 within 10 s', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_FIXTURE], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DRAIN_DELAY_MS: '1500' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
    try {
      for (let tries = 0; ; tries += 1) {
        const ready = await fetch(`${baseUrl}/api/ready`).then((res) => res.status, () => null);
        if (ready === 200) break;
        assert.ok(tries < 600, 'the process never got ready');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const cookie = await signIn(baseUrl);
      const live = openLiveClient(baseUrl, cookie);
      await live.until(() => (live.connections[0]?.readies ?? 0) > 0, 'ready');

      const signalledAt = performance.now();
      child.kill('SIGTERM');
      let readiness: unknown;
      while (readiness === undefined) {
        const res = await fetch(`${baseUrl}/api/ready`).catch(() => null);
        if (res?.status === 503) readiness = await res.json();
        else if (res === null) break;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(readiness, { status: 'not ready', failing: ['draining'] });

      const { code, at } = await exited;
      assert.equal(code, 0);
      assert.ok(at - signalledAt < 10_000, `exited ${Math.round(at - signalledAt)} ms after SIGTERM`);
      const first = live.connections[0]!;
      assert.ok(first.ended === 'server' || first.ended === 'error', `ended: ${first.ended}`);
      assert.equal(first.lastRetryMs, 1000);
      await live.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
