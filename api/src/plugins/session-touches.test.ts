import pino from 'pino';
import type { CachedSession } from './session-cache';
import { createSessionTouches } from './session-touches';

const MINUTE = 60_000;
const IDLE = 120 * MINUTE;
let now = new Date('2030-06-01T08:00:00.000Z');
const writes: { ids: number[]; now: string; unlessSince: string }[] = [];
let failNext = false;

const touches = () => createSessionTouches({
  async write(ids, at, unlessSince) {
    if (failNext) {
      failNext = false;
      throw new Error('database is locked');
    }
    writes.push({ ids: [...ids], now: at.toISOString(), unlessSince: unlessSince.toISOString() });
  },
  clock: () => now,
  idleMs: IDLE,
  renewEveryMs: MINUTE,
  log: pino({ level: 'silent' }),
});

const sessionSeen = (sessionId: number, agoMs: number): CachedSession => ({
  viewer: { contactId: sessionId, groupId: 2, companyIds: [], primaryCompanyIds: [] },
  sessionId, lastSeenMs: now.getTime() - agoMs, expiresMs: now.getTime() + IDLE,
});

beforeEach(() => {
  writes.length = 0;
  now = new Date('2030-06-01T08:00:00.000Z');
});

test('renewals wait for the flush and go together, in one write, at the flush time', async () => {
  const queue = touches();
  const a = sessionSeen(1, 2 * MINUTE);
  const b = sessionSeen(2, 5 * MINUTE);
  await queue.use(a, now);
  await queue.use(b, now);
  await queue.use(a, now);
  expect(writes).toEqual([]);
  expect(queue.pending).toBe(2);
  expect(a.lastSeenMs).toBe(now.getTime());

  now = new Date(now.getTime() + 2000);
  await queue.flush();
  expect(writes).toEqual([{ ids: [1, 2], now: '2030-06-01T08:00:02.000Z', unlessSince: '2030-06-01T07:59:02.000Z' }]);
  expect(queue.pending).toBe(0);
  await queue.flush();
  expect(writes).toHaveLength(1);
});

test('a session renewed within the minute is not queued again', async () => {
  const queue = touches();
  await queue.use(sessionSeen(1, 59_000), now);
  expect(queue.pending).toBe(0);
});

test('a session last seen more than half its idle limit ago is written at once', async () => {
  const queue = touches();
  const session = sessionSeen(7, IDLE / 2 + 1000);
  await queue.use(session, now);
  expect(writes).toEqual([{ ids: [7], now: '2030-06-01T08:00:00.000Z', unlessSince: '2030-06-01T07:59:00.000Z' }]);
  expect(queue.pending).toBe(0);
});

test('a failed flush is logged and does not stop the next one', async () => {
  const queue = touches();
  await queue.use(sessionSeen(1, 2 * MINUTE), now);
  failNext = true;
  await expect(queue.flush()).resolves.toBeUndefined();
  expect(queue.pending).toBe(0);
  await queue.use(sessionSeen(2, 2 * MINUTE), now);
  await queue.flush();
  expect(writes.map((w) => w.ids)).toEqual([[2]]);
});

test("a flush while another's write is under way ends only once that write is in (closing, or the next read, never misses it)", async () => {
  let release: () => void = () => undefined;
  const written: number[][] = [];
  const queue = createSessionTouches({
    async write(ids) {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      written.push([...ids]);
    },
    clock: () => now,
    idleMs: IDLE,
    renewEveryMs: MINUTE,
    log: pino({ level: 'silent' }),
  });
  await queue.use(sessionSeen(1, 2 * MINUTE), now);
  const timers = queue.flush();
  let second = false;
  const closing = queue.flush().then(() => {
    second = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(second).toBe(false);
  release();
  await Promise.all([timers, closing]);
  expect(written).toEqual([[1]]);
});
