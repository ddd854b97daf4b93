// Sensitive account changes (docs/product/accounts-and-roles.md#sensitive-changes): a stolen session
// alone cannot take an account. Changing one's own e-mail, adding an authenticator app or a passkey,
// making new recovery codes and turning a factor off need the password (or a factor) given within the
// last STEP_UP_MINUTES; an e-mail change can be undone from the old address, and someone else's change
// of a person's e-mail waits until the new address confirms it.

/** How long the password (or a factor) given at sign-in or on the confirmation dialog is good for. */
export const STEP_UP_MINUTES = 10;
/** How long the old address may undo an e-mail change. */
export const EMAIL_UNDO_DAYS = 7;
/** How long the new address may confirm an e-mail change someone else made. */
export const EMAIL_CONFIRM_DAYS = 7;

/** The changes that need a recent password or factor. */
export type StepUpAction = 'own-email' | 'add-authenticator' | 'add-passkey' | 'new-recovery-codes' | 'remove-factor';

export const STEP_UP_ACTIONS: readonly StepUpAction[] = ['own-email', 'add-authenticator', 'add-passkey', 'new-recovery-codes', 'remove-factor'];

export const STEP_UP_MESSAGES = {
  reauthRequired: 'Enter your password again to change this.',
  confirmTitle: 'Confirm it is you',
  confirmHint: 'Enter your password (or a code from your authenticator app) to go on. It is asked again after 10 minutes.',
  emailLinkInvalid: 'This link is not valid or has already been used.',
  emailLinkExpired: 'This link has expired.',
  emailTakenMeanwhile: 'That address is now used by another account. Contact support.',
  emailPending: 'The new address gets a link to confirm it; the change is made once it is followed.',
} as const;

/** Is a step-up given at `steppedUpAt` (ISO, null: never on this session) still good at `now`? */
export function isSteppedUp(steppedUpAt: string | null | undefined, now: Date): boolean {
  if (!steppedUpAt) return false;
  const at = Date.parse(steppedUpAt);
  if (Number.isNaN(at)) return false;
  const age = now.getTime() - at;
  return age >= 0 && age < STEP_UP_MINUTES * 60_000;
}

/** Does `action` by a session need a recent step-up? Every listed action does; a change of someone else's record does not (its owner is asked instead). */
export function needsStepUp(action: StepUpAction, steppedUpAt: string | null | undefined, now: Date): boolean {
  return STEP_UP_ACTIONS.includes(action) && !isSteppedUp(steppedUpAt, now);
}

/**
 * A change of `contactId`'s e-mail by `viewer`: one's own takes effect at once (after a step-up) and
 * the old address may undo it; anyone else's (a primary contact, staff, an admin) waits until the
 * new address confirms it, so nobody moves another person's account to an address they control.
 */
export function emailChangeNeedsConfirmation(viewer: { contactId: number }, contactId: number): boolean {
  return viewer.contactId !== contactId;
}
