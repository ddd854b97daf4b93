import { emailChangeNeedsConfirmation, isSteppedUp, needsStepUp, STEP_UP_ACTIONS, STEP_UP_MINUTES } from './step-up';
import { isEnrolmentRoute } from './account-security';

const now = new Date('2026-03-01T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('step-up (docs/product/accounts-and-roles.md#sensitive-changes)', () => {
  it('is good for 10 minutes after the password or a factor', () => {
    expect(STEP_UP_MINUTES).toBe(10);
    expect(isSteppedUp(minutesAgo(0), now)).toBe(true);
    expect(isSteppedUp(minutesAgo(9.9), now)).toBe(true);
    expect(isSteppedUp(minutesAgo(10), now)).toBe(false);
    expect(isSteppedUp(minutesAgo(60), now)).toBe(false);
  });

  it('is never good without one, with a broken time, or from the future', () => {
    expect(isSteppedUp(null, now)).toBe(false);
    expect(isSteppedUp(undefined, now)).toBe(false);
    expect(isSteppedUp('not a date', now)).toBe(false);
    expect(isSteppedUp(minutesAgo(-5), now)).toBe(false);
  });

  it('is asked for the e-mail, adding a factor, new recovery codes and turning a factor off', () => {
    expect([...STEP_UP_ACTIONS].sort()).toEqual(['add-authenticator', 'add-passkey', 'new-recovery-codes', 'own-email', 'remove-factor']);
    for (const action of STEP_UP_ACTIONS) {
      expect(needsStepUp(action, minutesAgo(11), now)).toBe(true);
      expect(needsStepUp(action, minutesAgo(1), now)).toBe(false);
    }
  });

  it("waits for the new address when anyone but the person changes a person's e-mail", () => {
    expect(emailChangeNeedsConfirmation({ contactId: 7 }, 7)).toBe(false);
    expect(emailChangeNeedsConfirmation({ contactId: 8 }, 7)).toBe(true);
  });

  it('lets a user who must enrol confirm the password', () => {
    expect(isEnrolmentRoute('POST', '/account/security/confirm')).toBe(true);
  });
});
