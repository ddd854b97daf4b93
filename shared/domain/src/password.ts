import { MESSAGES, passwordNeedMoreMessage } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
export const RESET_CODE_VALID_MS = 24 * 60 * 60 * 1000;

/** 'Need N more' below 8 characters, then "You're good!". */
export function passwordLengthHint(password: string): string {
  const missing = PASSWORD_MIN_LENGTH - password.length;
  return missing > 0 ? passwordNeedMoreMessage(missing) : MESSAGES.passwordGood;
}

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** 'Confirmed!' when the confirmation is typed and equal, else 'No match'. */
export function passwordMatchHint(password: string, confirmation: string): string {
  return passwordsMatch(password, confirmation) ? MESSAGES.passwordConfirmed : MESSAGES.passwordNoMatch;
}

export function passwordsMatch(password: string, confirmation: string): boolean {
  return confirmation !== '' && password === confirmation;
}

/** The save button is enabled only when both rules hold. */
export function canSavePassword(password: string, confirmation: string): boolean {
  return isPasswordLongEnough(password) && passwordsMatch(password, confirmation);
}

/** A reset code is expired when it is more than 1 day old (docs/product/accounts-and-roles.md#password-reset). */
export function isResetCodeExpired(dateCreated: string | Date, now: Date): boolean {
  const created = dateCreated instanceof Date ? dateCreated.getTime() : Date.parse(dateCreated);
  return Number.isNaN(created) || now.getTime() - created > RESET_CODE_VALID_MS;
}
