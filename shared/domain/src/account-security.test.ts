import {
  DEFAULT_SECURITY_POLICY, canAdministerAccountSecurity, canChangeSecurityPolicy, canRemoveFactor, hasSecondFactor, isEnrolmentRoute, isNewBrowser, isSecondFactorRequired, issuesRecoveryCodes,
  mustEnrol, normalizeRecoveryCode, normalizeTotpCode, recoveryCodeFromBytes, secondFactorMethods,
} from './account-security';

const ON = { require_staff_second_factor: true };
const none = { totp: false, passkeys: 0, recoveryCodes: 0 };
const app = { totp: true, passkeys: 0, recoveryCodes: 10 };

describe('the staff second-factor policy', () => {
  it('applies to staff (groups 1-4) while on, never to clients', () => {
    expect([1, 2, 3, 4, 5].map((g) => isSecondFactorRequired(g, ON))).toEqual([true, true, true, true, false]);
    expect(isSecondFactorRequired(1, DEFAULT_SECURITY_POLICY)).toBe(false);
  });

  it('makes a required user without an app or passkey enrol; recovery codes alone do not count', () => {
    expect(mustEnrol(2, ON, none)).toBe(true);
    expect(mustEnrol(2, ON, { ...none, recoveryCodes: 3 })).toBe(true);
    expect(mustEnrol(2, ON, { ...none, passkeys: 1 })).toBe(false);
    expect(mustEnrol(5, ON, none)).toBe(false);
  });

  it('lets the enrolling user reach only who-am-I, sign-out, the Security page and enrolment', () => {
    expect(isEnrolmentRoute('GET', '/auth/me')).toBe(true);
    expect(isEnrolmentRoute('post', '/account/security/totp/confirm')).toBe(true);
    expect(isEnrolmentRoute('POST', '/account/security/passkeys')).toBe(true);
    expect(isEnrolmentRoute('GET', '/ticket/:id')).toBe(false);
    expect(isEnrolmentRoute('DELETE', '/account/security/totp')).toBe(false);
    expect(isEnrolmentRoute('POST', '/account/security/recovery-codes')).toBe(false);
  });

  it('refuses removing the last factor while required, and allows it otherwise', () => {
    expect(canRemoveFactor(2, ON, none)).toBe(false);
    expect(canRemoveFactor(2, ON, { ...none, passkeys: 1 })).toBe(true);
    expect(canRemoveFactor(2, DEFAULT_SECURITY_POLICY, none)).toBe(true);
    expect(canRemoveFactor(5, ON, none)).toBe(true);
  });
});

describe('administering account security', () => {
  it('is for admins only', () => {
    expect([1, 2, 3, 4, 5].map((groupId) => canAdministerAccountSecurity({ groupId }))).toEqual([true, false, false, false, false]);
  });

  it('turns the staff policy on only for an admin who has a second factor; off always', () => {
    expect(canChangeSecurityPolicy(ON, none)).toBe(false);
    expect(canChangeSecurityPolicy(ON, { ...none, totp: true })).toBe(true);
    expect(canChangeSecurityPolicy(DEFAULT_SECURITY_POLICY, none)).toBe(true);
  });
});

describe('second factors', () => {
  it('offers the enrolled methods, recovery only beside a factor', () => {
    expect(secondFactorMethods(none)).toEqual([]);
    expect(secondFactorMethods({ ...none, recoveryCodes: 4 })).toEqual([]);
    expect(secondFactorMethods(app)).toEqual(['totp', 'recovery']);
    expect(secondFactorMethods({ totp: true, passkeys: 2, recoveryCodes: 0 })).toEqual(['totp', 'passkey']);
    expect(hasSecondFactor({ ...none, passkeys: 1 })).toBe(true);
  });

  it('issues recovery codes with the first factor only', () => {
    expect(issuesRecoveryCodes(none)).toBe(true);
    expect(issuesRecoveryCodes(app)).toBe(false);
  });

  it('reads codes as typed', () => {
    expect(normalizeRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeTotpCode('12345a')).toBeNull();
  });

  it('makes a recovery code of two groups of five unambiguous letters', () => {
    const code = recoveryCodeFromBytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 31]);
    expect(code).toBe('ABCDE-FGHJ9');
    expect(recoveryCodeFromBytes(Array.from({ length: 10 }, (_, i) => i * 25))).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
  });
});

describe('new-browser sign-ins', () => {
  const chrome = { browser: 'Chrome', system: 'Linux' };
  it('is new only when this browser on this system was not seen, and never on the first sign-in', () => {
    expect(isNewBrowser([], chrome)).toBe(false);
    expect(isNewBrowser([chrome], chrome)).toBe(false);
    expect(isNewBrowser([chrome], { browser: 'Firefox', system: 'Linux' })).toBe(true);
    expect(isNewBrowser([chrome], { browser: 'Chrome', system: 'Windows' })).toBe(true);
  });
});
