import { createSequenceWatermark } from './sequence-watermark';

// How far a process has heard the numbered changes (docs/decisions/0017-read-your-writes-by-change-sequence.md).

const quiet = { warn: () => undefined };

function watermark(counter = { value: 100 }, stallMs = 1000) {
  return createSequenceWatermark({ current: async () => counter.value, log: quiet, stallMs });
}

test('the watermark is the number up to which every change has been heard, whatever order they came in', () => {
  const marks = watermark();
  marks.begin(100);
  marks.heard(102);
  marks.heard(103);
  expect(marks.applied).toBe(100);
  expect(marks.known).toBe(103);
  marks.heard(101);
  expect(marks.applied).toBe(103);
  marks.heard(99);
  marks.heard(103);
  expect(marks.applied).toBe(103);
  marks.close();
});

test('a request naming a number heard is current at once; one not yet heard waits for it', async () => {
  const marks = watermark();
  marks.begin(100);
  await expect(marks.settle(100, 0)).resolves.toEqual({ current: true, seq: 100 });
  const waiting = marks.settle(101, 1000);
  setTimeout(() => marks.heard(101), 5);
  await expect(waiting).resolves.toEqual({ current: true, seq: 101 });
  marks.close();
});

test('a request whose number does not arrive in time is not current: the database answers it', async () => {
  const counter = { value: 105 };
  const marks = watermark(counter);
  marks.begin(100);
  await expect(marks.settle(105, 10)).resolves.toEqual({ current: false, seq: 105 });
  marks.close();
});

test('a number beyond the counter (a forged or stale one) is answered at the counter instead', async () => {
  const marks = watermark({ value: 100 });
  marks.begin(100);
  await expect(marks.settle(9_000_000, 10)).resolves.toEqual({ current: true, seq: 100 });
  marks.close();
});

test('a request naming nothing is answered at the counter as its request begins', async () => {
  const counter = { value: 100 };
  const marks = watermark(counter);
  marks.begin(100);
  counter.value = 101;
  const settling = marks.settle(undefined, 1000);
  setTimeout(() => marks.heard(101), 5);
  await expect(settling).resolves.toEqual({ current: true, seq: 101 });
  marks.close();
});

test('without the counter nothing vouches for memory', async () => {
  const marks = createSequenceWatermark({ current: () => Promise.reject(new Error('down')), log: quiet });
  await expect(marks.settle(undefined, 10)).resolves.toEqual({ current: false, seq: 0 });
  marks.close();
});

test('a number that never arrives: after the stall everything held is dropped and the watermark jumps to the counter', async () => {
  const counter = { value: 100 };
  const marks = watermark(counter, 150);
  const jumps: number[] = [];
  marks.onJump(() => jumps.push(marks.applied));
  marks.begin(100);
  counter.value = 103;
  marks.heard(102);
  marks.heard(103);
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(jumps).toEqual([]);
  expect(marks.applied).toBe(100);
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Dropped while still at 100, then at the counter.
  expect(jumps).toEqual([100]);
  expect(marks.applied).toBe(103);
  marks.close();
});
