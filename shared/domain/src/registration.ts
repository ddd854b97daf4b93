import { MODE, type LookupItem } from './lookups';
import { companyInfoProblem, type CompanyInfoInput } from './company-profile';
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

/** The wizard's steps before Welcome: Company Info, Contacts, Preferences. */
export type RegistrationStep = 1 | 2 | 3;

/**
 * The step a wizard draft may show when `requested` is asked for (the address's `?step=`, which
 * keeps the steps in the browser history: docs/product/accounts-and-roles.md#registration).
 * Contacts needs valid company info, Preferences a contact at least; a step beyond what the draft
 * allows (an edited link, a draft cleared after completing) shows the furthest one it allows, and
 * anything unreadable shows step 1.
 */
export function reachableRegistrationStep(
  requested: unknown, draft: { company: CompanyInfoInput; contacts: readonly unknown[] },
): RegistrationStep {
  const asked = typeof requested === 'string' && /^[1-3]$/.test(requested) ? Number(requested) : requested;
  const step = asked === 2 || asked === 3 ? asked : 1;
  const furthest = companyInfoProblem(draft.company) !== null ? 1 : draft.contacts.length === 0 ? 2 : 3;
  return Math.min(step, furthest) as RegistrationStep;
}

/**
 * Where the wizard's contacts editor keeps the contact typed in its add row but not yet added
 * (session storage), so it survives a reload; the wizard forgets it with the rest of its draft.
 */
export const REGISTRATION_NEW_CONTACT_DRAFT_KEY = 'portal.registration.new-contact';

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
