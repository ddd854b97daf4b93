import { canSavePassword, isResetCodeExpired, passwordLengthHint, passwordMatchHint } from './password';

describe('password rules', () => {
  it("counts down to 8 characters, then says You're good!", () => {
    expect(passwordLengthHint('')).toBe('Need 8 more');
    expect(passwordLengthHint('abcde')).toBe('Need 3 more');
    expect(passwordLengthHint('abcdefg')).toBe('Need 1 more');
    expect(passwordLengthHint('abcdefgh')).toBe("You're good!");
    expect(passwordLengthHint('abcdefghijk')).toBe("You're good!");
  });

  it("says Confirmed! only for a typed, equal confirmation", () => {
    expect(passwordMatchHint('abcdefgh', 'abcdefgh')).toBe('Confirmed!');
    expect(passwordMatchHint('abcdefgh', 'abcdefg')).toBe('No match');
    expect(passwordMatchHint('', '')).toBe('No match');
  });

  it('allows saving only when both rules hold', () => {
    expect(canSavePassword('abcdefgh', 'abcdefgh')).toBe(true);
    expect(canSavePassword('abcdefg', 'abcdefg')).toBe(false);
    expect(canSavePassword('abcdefgh', 'abcdefgX')).toBe(false);
  });
});

describe('reset codes', () => {
  const now = new Date('2026-05-04T12:00:00Z');

  it('expire after 1 day', () => {
    expect(isResetCodeExpired('2026-05-03T12:00:00Z', now)).toBe(false);
    expect(isResetCodeExpired('2026-05-03T11:59:59Z', now)).toBe(true);
    expect(isResetCodeExpired(new Date('2026-05-04T08:00:00Z'), now)).toBe(false);
    expect(isResetCodeExpired('garbage', now)).toBe(true);
  });
});
