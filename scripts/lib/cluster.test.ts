import assert from 'node:assert/strict';
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { relayToOtherWorkers, superviseWorkers, workerCount, workerExecArgv, WORKER_SEMI_SPACE_MB, type RelayPeer } from './cluster.js';

describe('WORKERS', () => {
  it('defaults to the cores, takes a whole number from 1 up, and refuses anything else', () => {
    assert.equal(workerCount({}, 4), 4);
    assert.equal(workerCount({ WORKERS: '' }, 2), 2);
    assert.equal(workerCount({ WORKERS: '1' }, 8), 1);
    assert.equal(workerCount({ WORKERS: ' 3 ' }, 8), 3);
    for (const bad of ['0', '-1', '1.5', 'two']) assert.throws(() => workerCount({ WORKERS: bad }, 2), /WORKERS/);
  });
});

describe("a worker's Node options", () => {
  it("are the primary's, with the semi-space the portal chooses", () => {
    assert.deepEqual(workerExecArgv(['--import', 'tsx'], ''), ['--import', 'tsx', `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]);
  });
  it('leave the semi-space to NODE_OPTIONS or the primary when either sets it', () => {
    assert.deepEqual(workerExecArgv(['--import', 'tsx'], '--max-old-space-size=2048 --max-semi-space-size=8'), ['--import', 'tsx']);
    assert.deepEqual(workerExecArgv(['--max-semi-space-size=64'], ''), ['--max-semi-space-size=64']);
  });
});

describe('the live-event relay', () => {
  const peer = (id: number, connected = true) => {
    const got: unknown[] = [];
    const fake: RelayPeer & { got: unknown[] } = {
      id,
      got,
      isConnected: () => connected,
      send: (message: unknown) => {
        got.push(message);
        return true;
      },
    } as RelayPeer & { got: unknown[] };
    return fake;
  };

  it('forwards a worker’s event, unchanged, to every other connected worker and never back', () => {
    const [a, b, c, gone] = [peer(1), peer(2), peer(3), peer(4, false)];
    const message = { type: 'portal:event', change: { kind: 'ticket', ticketId: 7, companyId: 2 } };
    assert.equal(relayToOtherWorkers(a, message, [a, b, undefined, c, gone]), 2);
    assert.deepEqual(a.got, []);
    assert.deepEqual(b.got, [message]);
    assert.deepEqual(c.got, [message]);
    assert.deepEqual(gone.got, []);
  });

  it('forwards a kept answer’s ETag the same way', () => {
    const [a, b] = [peer(1), peer(2)];
    const message = { type: 'portal:answer', answer: { url: '/api/ticket/7', etag: '"x"' } };
    assert.equal(relayToOtherWorkers(a, message, [a, b]), 1);
    assert.deepEqual(a.got, []);
    assert.deepEqual(b.got, [message]);
  });

  it('leaves every other message alone', () => {
    const [a, b] = [peer(1), peer(2)];
    for (const other of [null, 'portal:event', { type: 'portal:event' }, { type: 'other', change: {} }, { type: 'portal:answer', change: {} }]) {
      assert.equal(relayToOtherWorkers(a, other, [a, b]), 0);
    }
    assert.deepEqual(b.got, []);
  });
});

describe('two worker processes under the supervisor', () => {
  let supervisor: ReturnType<typeof superviseWorkers>;
  let pids: number[] = [];
  const received: { change: unknown; pid: number }[] = [];
  const listening = new Set<number>();
  const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];

  before(async () => {
    cluster.setupPrimary({ exec: fileURLToPath(new URL('./fixtures/relay-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] });
    cluster.on('listening', (worker) => listening.add(worker.process.pid ?? 0));
    cluster.on('message', (_worker, message: { type?: string; change: unknown; pid: number }) => {
      if (message.type === 'test:received') received.push({ change: message.change, pid: message.pid });
    });
    await new Promise<void>((resolve, reject) => {
      supervisor = superviseWorkers(cluster, {
        count: 2,
        log: (level, fields, message) => logged.push({ level, fields, message }),
        restartDelayMs: 20,
        onReady: (ready) => {
          pids = ready;
          resolve();
        },
        onStartFailure: (reason) => reject(new Error(reason)),
      });
    });
  });

  after(async () => {
    await supervisor.stop();
  });

  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
  const until = async (done: () => boolean, what: string) => {
    for (let waited = 0; !done(); waited += 20) {
      if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('is ready once both listen', () => {
    assert.equal(pids.length, 2);
    assert.notEqual(pids[0], pids[1]);
  });

  it('brings a change published in one worker to the other, and only to it', async () => {
    const [first, second] = live();
    assert.ok(first && second);
    const change = { kind: 'activity', ticketId: 12, companyId: 3 };
    first.send({ type: 'test:publish', change });
    await until(() => received.length > 0, 'the relayed change');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(received, [{ change, pid: second.process.pid }]);
  });

  it('starts another worker when one dies, and relays to it', async () => {
    const [victim] = live();
    assert.ok(victim);
    const victimPid = victim.process.pid;
    victim.process.kill('SIGKILL');
    // Listening: its message handler is in place (a worker still starting has no streams to tell).
    await until(() => live().length === 2 && live().every((w) => w.process.pid !== victimPid && listening.has(w.process.pid ?? 0)), 'the replacement worker');
    const replacement = live().find((w) => !pids.includes(w.process.pid ?? 0));
    assert.ok(logged.some((line) => line.level === 'error' && line.fields.worker_pid === victimPid && line.fields.signal === 'SIGKILL'), 'the crash is logged with its signal');
    assert.ok(logged.some((line) => line.level === 'info' && line.fields.worker_pid === replacement?.process.pid && /started/.test(line.message)), 'the restart is logged');
    received.length = 0;
    const [one, other] = live();
    assert.ok(one && other);
    other.send({ type: 'test:publish', change: { kind: 'company', companyId: 1 } });
    await until(() => received.length > 0, 'the relayed change');
    assert.equal(received[0]?.pid, one.process.pid);
  });

  it('a rolling restart replaces every worker, one at a time, each new one listening before an old one leaves', async () => {
    const old = live().map((w) => w.process.pid);
    let fewest = Infinity;
    const watch = setInterval(() => (fewest = Math.min(fewest, live().length)), 5);
    const replaced = await supervisor.restart();
    clearInterval(watch);
    assert.equal(replaced, 2);
    const now = live().map((w) => w.process.pid);
    assert.equal(now.length, 2);
    assert.ok(now.every((pid) => !old.includes(pid) && listening.has(pid ?? 0)), `${old} replaced by ${now}`);
    assert.ok(fewest >= 2, `${fewest} workers at one point`);
    // The retired workers are not started again as if they had crashed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead()).length, 2);
  });
});
