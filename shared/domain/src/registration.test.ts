import { DEFAULT_MODES } from './lookups';
import { MESSAGES } from './messages';
import {
  VERIFY_CODE_VALID_MS, duplicateEmailProblem, isVerifyCodeExpired, reachableRegistrationStep, registrationMode, withFirstPrimary,
} from './registration';

describe('registrationMode', () => {
  it('starts a company in Onboarding when the mode list has it', () => {
    expect(registrationMode(DEFAULT_MODES)).toBe(2);
    expect(registrationMode([{ id: 1, name: 'Active' }, { id: 9, name: ' onboarding ' }])).toBe(9);
  });

  it('falls back to Active when an admin removed Onboarding', () => {
    expect(registrationMode([{ id: 1, name: 'Active' }, { id: 3, name: 'Inactive' }])).toBe(1);
    expect(registrationMode([])).toBe(1);
  });
});

describe('withFirstPrimary', () => {
  it('makes the first contact primary whatever was sent and keeps the others as sent', () => {
    const contacts = [{ email: 'a@x.test', primary: 0 }, { email: 'b@x.test', primary: 1 }, { email: 'c@x.test', primary: 0 }];
    expect(withFirstPrimary(contacts).map((c) => c.primary)).toEqual([1, 1, 0]);
    expect(contacts[0]!.primary).toBe(0);
  });
});

describe('duplicateEmailProblem', () => {
  it('finds an e-mail twice in the list, in any case or spacing', () => {
    expect(duplicateEmailProblem([{ email: 'a@x.test' }, { email: ' A@X.test' }])).toBe(MESSAGES.emailAlreadyUsed);
    expect(duplicateEmailProblem([{ email: 'a@x.test' }, { email: 'b@x.test' }])).toBeNull();
    expect(duplicateEmailProblem([])).toBeNull();
  });
});

describe('isVerifyCodeExpired', () => {
  const now = new Date('2026-05-08T12:00:00Z');

  it('works for a week, then no longer', () => {
    expect(VERIFY_CODE_VALID_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(isVerifyCodeExpired('2026-05-01T12:00:00Z', now)).toBe(false);
    expect(isVerifyCodeExpired('2026-05-01T11:59:59Z', now)).toBe(true);
    expect(isVerifyCodeExpired(new Date('2026-05-08T08:00:00Z'), now)).toBe(false);
    expect(isVerifyCodeExpired('not a date', now)).toBe(true);
  });
});

describe('reachableRegistrationStep', () => {
  const company = { name: 'NewCo', url: 'newco.test' };
  const contact = { email: 'nia@newco.test' };

  it('shows the step asked for when the draft allows it', () => {
    expect(reachableRegistrationStep('1', { company, contacts: [contact] })).toBe(1);
    expect(reachableRegistrationStep('2', { company, contacts: [] })).toBe(2);
    expect(reachableRegistrationStep('3', { company, contacts: [contact] })).toBe(3);
    expect(reachableRegistrationStep(3, { company, contacts: [contact] })).toBe(3);
  });

  it('stops at Company Info until it is valid, and at Contacts until there is one', () => {
    expect(reachableRegistrationStep('3', { company: { name: '', url: 'newco.test' }, contacts: [contact] })).toBe(1);
    expect(reachableRegistrationStep('2', { company: { name: 'NewCo', url: 'newco' }, contacts: [] })).toBe(1);
    expect(reachableRegistrationStep('3', { company, contacts: [] })).toBe(2);
  });

  it('reads anything else as step 1', () => {
    for (const asked of [null, undefined, '', '4', '2.5', 'two', 0, 9]) {
      expect(reachableRegistrationStep(asked, { company, contacts: [contact] })).toBe(1);
    }
  });
});
