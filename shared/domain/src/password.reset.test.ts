import { PASSWORD_MIN_LENGTH, canSavePassword, isPasswordLongEnough, passwordsMatch } from './password';

// The rules POST /auth/reset enforces on the server (the contract's resetPasswordRequest), the
// same ones that enable the reset screen's save button.
describe('the reset password rules', () => {
  it('needs at least 8 characters, counted as typed', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isPasswordLongEnough('1234567')).toBe(false);
    expect(isPasswordLongEnough('12345678')).toBe(true);
    expect(isPasswordLongEnough('        ')).toBe(true);
  });

  it('needs a typed confirmation equal to the password, case and spaces included', () => {
    expect(passwordsMatch('secret-pass', 'secret-pass')).toBe(true);
    expect(passwordsMatch('secret-pass', 'Secret-pass')).toBe(false);
    expect(passwordsMatch('secret-pass', 'secret-pass ')).toBe(false);
    expect(passwordsMatch('', '')).toBe(false);
  });

  it('lets a password be saved only when both hold', () => {
    expect(canSavePassword('12345678', '12345678')).toBe(true);
    expect(canSavePassword('1234567', '1234567')).toBe(false);
    expect(canSavePassword('12345678', '')).toBe(false);
  });
});
