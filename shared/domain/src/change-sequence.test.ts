import { parseChangeSeq } from './change-sequence';

describe('parseChangeSeq', () => {
  it('reads a whole number from a header or an event', () => {
    expect(parseChangeSeq('1765000000000123')).toBe(1765000000000123);
    expect(parseChangeSeq('0')).toBe(0);
    expect(parseChangeSeq(42)).toBe(42);
  });

  it('takes nothing else for a number', () => {
    for (const value of [undefined, null, '', ' 1', '1.5', '-1', '1e3', '99999999999999999', 'abc', ['1'], -1, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(parseChangeSeq(value)).toBeUndefined();
    }
  });
});
