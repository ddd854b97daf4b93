import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const backoff = { baseMs: 250, maxMs: 10_000 };

  it('waits the base after the first failure, doubling after each further one', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, backoff))).toEqual([250, 500, 1000, 2000, 4000, 8000]);
  });

  it('never waits longer than the most', () => {
    expect(backoffDelay(7, backoff)).toBe(10_000);
    expect(backoffDelay(5000, backoff)).toBe(10_000);
  });

  it('counts no failure yet as the first', () => {
    expect(backoffDelay(0, backoff)).toBe(250);
  });
});
