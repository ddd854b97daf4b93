import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { answerWorkersMetricsRequests, askPrimaryForMetrics, METRICS_REQUEST, type PrimaryChannel } from './cluster-metrics';

// The worker <-> primary exchange of GET /metrics under `npm start` (docs/operations.md#metrics-and-health), over fake IPC
// channels: server/lib/cluster.metrics.test.ts runs it with real workers.

/** A primary and one worker joined by a fake IPC channel, as node:cluster joins them. */
function pair(collect: () => Promise<string>, options: { connected?: boolean } = {}) {
  const primary = new EventEmitter();
  const workerSide = new EventEmitter();
  const sentToPrimary: unknown[] = [];
  const worker = {
    isConnected: () => options.connected ?? true,
    send: (message: unknown) => {
      setImmediate(() => workerSide.emit('message', message));
      return true;
    },
  } as unknown as Worker;
  const channel: PrimaryChannel = {
    send: (message) => {
      sentToPrimary.push(message);
      setImmediate(() => primary.emit('message', worker, message));
    },
    on: (event, listener) => workerSide.on(event, listener),
    off: (event, listener) => workerSide.off(event, listener),
  };
  answerWorkersMetricsRequests(primary as never, collect);
  return { channel, sentToPrimary, workerSide };
}

test("a worker gets the primary's aggregate", async () => {
  const { channel, sentToPrimary, workerSide } = pair(async () => 'portal_live_streams_open 3\n');
  await expect(askPrimaryForMetrics(channel)).resolves.toBe('portal_live_streams_open 3\n');
  expect(sentToPrimary).toEqual([{ type: METRICS_REQUEST, id: expect.any(Number) }]);
  expect(workerSide.listenerCount('message')).toBe(0);
});

test('two requests at once each get their own answer', async () => {
  let calls = 0;
  const { channel } = pair(async () => `answer ${++calls}\n`);
  const answers = await Promise.all([askPrimaryForMetrics(channel), askPrimaryForMetrics(channel)]);
  expect(answers.sort()).toEqual(['answer 1\n', 'answer 2\n']);
});

test('an error in the primary, or no answer in time, is null: the worker answers its own figures', async () => {
  const failing = pair(async () => {
    throw new Error('Operation timed out.');
  });
  await expect(askPrimaryForMetrics(failing.channel)).resolves.toBeNull();

  const silent = pair(() => new Promise<string>(() => undefined));
  await expect(askPrimaryForMetrics(silent.channel, 20)).resolves.toBeNull();
  expect(silent.workerSide.listenerCount('message')).toBe(0);
});

test('a process with no primary (no IPC channel) does not wait', async () => {
  const lonely: PrimaryChannel = { on: () => undefined, off: () => undefined };
  await expect(askPrimaryForMetrics(lonely, 60_000)).resolves.toBeNull();
});

test('messages that are not metrics requests are left alone', async () => {
  let collected = 0;
  const primary = new EventEmitter();
  answerWorkersMetricsRequests(primary as never, async () => {
    collected += 1;
    return '';
  });
  const worker = { isConnected: () => true, send: jest.fn() };
  primary.emit('message', worker, { type: 'portal:event', change: { kind: 'ticket' } });
  primary.emit('message', worker, null);
  await new Promise((resolve) => setImmediate(resolve));
  expect(collected).toBe(0);
  expect(worker.send).not.toHaveBeenCalled();
});
