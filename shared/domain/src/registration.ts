import { MODE, type LookupItem } from './lookups';
import { normalizeEmail } from './contacts';
import { MESSAGES } from './messages';

// The registration wizard's server-side rules (docs/product/accounts-and-roles.md#registration):
// what a new company starts as, who its primary contact is, and how long the e-mail
// verification link of the welcome mail works.

/**
 * The mode a registered company starts in: Onboarding when the mode list has it (the list is an
 * editable option: docs/product/companies-and-contacts.md#company-modes), else Active.
 */
export function registrationMode(modes: readonly LookupItem[]): number {
  const onboarding = modes.find((mode) => mode.name.trim().toLowerCase() === 'onboarding');
  return onboarding?.id ?? MODE.active;
}

/** At most this many contacts in one registration: each gets a welcome mail from a public route. */
export const REGISTRATION_CONTACTS_MAX = 20;

/** The registering person is the first contact: always primary; the others keep what was sent. */
export function withFirstPrimary<T extends { primary: number }>(contacts: readonly T[]): T[] {
  return contacts.map((contact, index) => (index === 0 ? { ...contact, primary: 1 } : contact));
}

/** An e-mail twice in the list is 'This email has already been used.' (docs/product/companies-and-contacts.md#contact-validation); null when all differ. */
export function duplicateEmailProblem(contacts: readonly { email: string }[]): string | null {
  const seen = new Set<string>();
  for (const contact of contacts) {
    const email = normalizeEmail(contact.email);
    if (seen.has(email)) return MESSAGES.emailAlreadyUsed;
    seen.add(email);
  }
  return null;
}

/**
 * How long the verification link of the welcome mail works (docs/product/accounts-and-roles.md#e-mail-verification). Longer than
 * the reset code's day: a week lets a new client open the mail after a weekend, and setting the
 * password through the reset link verifies the address too.
 */
export const VERIFY_CODE_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/** A verification code older than VERIFY_CODE_VALID_MS (or with an unreadable date) no longer works. */
export function isVerifyCodeExpired(dateCreated: string | Date, now: Date): boolean {
  const created = dateCreated instanceof Date ? dateCreated.getTime() : Date.parse(dateCreated);
  return Number.isNaN(created) || now.getTime() - created > VERIFY_CODE_VALID_MS;
}
