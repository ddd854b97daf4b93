import { createWindowLimit } from './window-limit';

test('each key may call max times a window; the next window starts over', () => {
  let now = 0;
  const limit = createWindowLimit({ max: 2, timeWindowMs: 1000 }, () => now);
  expect([limit.take(1), limit.take(1), limit.take(1)]).toEqual([true, true, false]);
  // Another key has its own count.
  expect(limit.take(2)).toBe(true);
  now = 999;
  expect(limit.take(1)).toBe(false);
  now = 1000;
  expect([limit.take(1), limit.take(1), limit.take(1)]).toEqual([true, true, false]);
});
