import assert from 'node:assert/strict';
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createChangeCounter, relayMessage, superviseWorkers, workerCount, workerExecArgv, WORKER_SEMI_SPACE_MB, type RelayPeer } from './cluster.js';

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

  it('numbers a worker’s batch, sends it to every other connected worker, never back, and then answers the sender its number', () => {
    const [a, b, c, gone] = [peer(1), peer(2), peer(3), peer(4, false)];
    const counter = createChangeCounter(1_000);
    const changes = [{ kind: 'ticket', ticketId: 7, companyId: 2 }];
    assert.equal(relayMessage(a, { type: 'portal:publish', id: 5, changes }, [a, b, undefined, c, gone], counter), 2);
    const event = { type: 'portal:event', seq: 1_000_001, changes };
    assert.deepEqual(b.got, [event]);
    assert.deepEqual(c.got, [event]);
    assert.deepEqual(gone.got, []);
    assert.deepEqual(a.got, [{ type: 'portal:published', id: 5, seq: 1_000_001 }]);
    relayMessage(b, { type: 'portal:publish', id: 1, changes }, [a, b], counter);
    assert.deepEqual(a.got.at(-1), { type: 'portal:event', seq: 1_000_002, changes });
    assert.deepEqual(b.got.at(-1), { type: 'portal:published', id: 1, seq: 1_000_002 });
  });

  it('sends a watch list on without a number, and answers what the counter stands at', () => {
    const [a, b] = [peer(1), peer(2)];
    const counter = createChangeCounter(1_000);
    const changes = [{ kind: 'watch', contactId: 3, stream: 'A'.repeat(22), seq: 1, keys: null }];
    assert.equal(relayMessage(a, { type: 'portal:publish', changes }, [a, b], counter), 1);
    assert.deepEqual(b.got, [{ type: 'portal:event', seq: undefined, changes }]);
    assert.deepEqual(a.got, []);
    relayMessage(a, { type: 'portal:counter', id: 9 }, [a, b], counter);
    assert.deepEqual(a.got, [{ type: 'portal:counter', id: 9, seq: 1_000_000 }]);
  });

  it('forwards a kept answer’s ETag, unchanged, to the others', () => {
    const [a, b] = [peer(1), peer(2)];
    const message = { type: 'portal:answer', answer: { url: '/api/ticket/7', etag: '"x"' } };
    assert.equal(relayMessage(a, message, [a, b], createChangeCounter()), 1);
    assert.deepEqual(a.got, []);
    assert.deepEqual(b.got, [message]);
  });

  it('leaves every other message alone', () => {
    const [a, b] = [peer(1), peer(2)];
    const counter = createChangeCounter(1_000);
    for (const other of [null, 'portal:event', { type: 'portal:event', changes: [{}] }, { type: 'portal:publish' }, { type: 'portal:publish', changes: [] },
      { type: 'portal:counter' }, { type: 'other', change: {} }, { type: 'portal:answer', change: {} }]) {
      assert.equal(relayMessage(a, other, [a, b], counter), 0);
    }
    assert.deepEqual(a.got, []);
    assert.deepEqual(b.got, []);
    assert.equal(counter.value, 1_000_000);
  });
});

describe('two worker processes under the supervisor', () => {
  let supervisor: ReturnType<typeof superviseWorkers>;
  let pids: number[] = [];
  const received: { change: unknown; pid: number; seq?: number }[] = [];
  const numbered: { pid: number; seq: number }[] = [];
  const listening = new Set<number>();
  const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];

  before(async () => {
    cluster.setupPrimary({ exec: fileURLToPath(new URL('./fixtures/relay-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] });
    cluster.on('listening', (worker) => listening.add(worker.process.pid ?? 0));
    cluster.on('message', (_worker, message: { type?: string; change: unknown; pid: number; seq: number }) => {
      if (message.type === 'test:received') received.push({ change: message.change, pid: message.pid, seq: message.seq });
      if (message.type === 'test:numbered') numbered.push({ pid: message.pid, seq: message.seq });
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

  it('brings a change published in one worker to the other, and only to it, with the number the sender is told', async () => {
    const [first, second] = live();
    assert.ok(first && second);
    const change = { kind: 'activity', ticketId: 12, companyId: 3 };
    first.send({ type: 'test:publish', change });
    await until(() => received.length > 0 && numbered.length > 0, 'the relayed change');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seq = numbered[0]!.seq;
    assert.ok(Number.isSafeInteger(seq) && seq > Date.now(), 'numbered from a counter that starts at the time in microseconds');
    assert.deepEqual(numbered, [{ pid: first.process.pid, seq }]);
    assert.deepEqual(received, [{ change, pid: second.process.pid, seq }]);
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
