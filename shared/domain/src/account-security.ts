import { isAdmin, isStaff } from './groups';
import { SECOND_FACTOR_LOCK_MINUTES } from './second-factor-guesses';

// Account security (docs/product/accounts-and-roles.md#account-security): second factors (an
// authenticator app, passkeys, recovery codes), the admins' staff policy, and the sessions a user
// can see and end. The API enforces these rules; the Security page calls the same functions.

/** How many recovery codes a user gets at a time; making new ones voids the old. */
export const RECOVERY_CODE_COUNT = 10;
/** The authenticator app's codes: RFC 6238 defaults, and one step either side for a slow clock. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** How long the password step is good for while the second factor is asked. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** Wrong codes one sign-in may try before it is void (sign in again). */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;
/** How long a passkey ceremony's challenge is good for. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

export const SECURITY_MESSAGES = {
  enrolRequired: 'Your administrator requires a second factor. Set up an authenticator app or a passkey on the Security page first.',
  wrongCode: 'That code is not right. Please try again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  secondFactorLocked: `Too many wrong codes for this account. Two-factor sign-in is locked for ${SECOND_FACTOR_LOCK_MINUTES} minutes: please try again later.`,
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  wrongPassword: 'That password is not right.',
  passkeyFailed: 'The passkey could not be checked. Please try again.',
  passkeyUnknown: 'This passkey is not registered here. Sign in with your password.',
  totpNotStarted: 'Start setting up the authenticator app again.',
  totpAlreadyOn: 'The authenticator app is already on. Turn it off first to set up another.',
  totpNotOn: 'The authenticator app is not on.',
  noSecondFactor: 'Turn on an authenticator app or a passkey first.',
  lastRequiredFactor: 'Your administrator requires a second factor: set up another one before removing this one.',
  passkeyNotFound: 'That passkey is not on your account.',
  sessionNotFound: 'That session is already signed out.',
  policyNeedsOwnFactor: 'Set up two-factor sign-in for yourself first: requiring it of staff would otherwise lock you out too.',
} as const;

/** The admins' policy as stored: require a second factor of staff (groups 1-4). */
export interface SecurityPolicyValue {
  require_staff_second_factor: boolean;
}

export const DEFAULT_SECURITY_POLICY: SecurityPolicyValue = { require_staff_second_factor: false };

/** What protects one account (never the secrets themselves). */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

/** Admins set the policy, reset a user's second factor and end a user's sessions. */
export function canAdministerAccountSecurity(viewer: { groupId: number }): boolean {
  return isAdmin(viewer.groupId);
}

/** Does the policy apply to this user? Staff while the policy is on; never clients. */
export function isSecondFactorRequired(groupId: number, policy: SecurityPolicyValue): boolean {
  return policy.require_staff_second_factor && isStaff(groupId);
}

/** An app or a passkey: recovery codes alone are a fallback, not a factor. */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/**
 * Turning the staff policy on needs a second factor of the admin who does it: otherwise the admin
 * is the first one locked out (docs/product/accounts-and-roles.md#account-security). Turning it off
 * is always allowed.
 */
export function canChangeSecurityPolicy(next: SecurityPolicyValue, actorFactors: SecondFactors): boolean {
  return !next.require_staff_second_factor || hasSecondFactor(actorFactors);
}

/** Required but not enrolled: the user may only enrol (and sign out) until done. */
export function mustEnrol(groupId: number, policy: SecurityPolicyValue, factors: SecondFactors): boolean {
  return isSecondFactorRequired(groupId, policy) && !hasSecondFactor(factors);
}

/** What the sign-in's second step offers, in the order the page shows them; empty: no second step. */
export function secondFactorMethods(factors: SecondFactors): ('totp' | 'passkey' | 'recovery')[] {
  if (!hasSecondFactor(factors)) return [];
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    ...(factors.recoveryCodes > 0 ? (['recovery'] as const) : []),
  ];
}

/** Turning the first factor on makes recovery codes; a later one keeps those the user has. */
export function issuesRecoveryCodes(before: SecondFactors): boolean {
  return !hasSecondFactor(before);
}

/**
 * May the user remove one factor? Not the last one while the policy requires one of them;
 * removing the last one otherwise also voids the recovery codes (see factorsAfterRemoval).
 */
export function canRemoveFactor(groupId: number, policy: SecurityPolicyValue, after: SecondFactors): boolean {
  return !isSecondFactorRequired(groupId, policy) || hasSecondFactor(after);
}

/**
 * The routes a user who must enrol may still call: who am I, sign out, the Security page, and
 * enrolling an app or a passkey. Paths as the API declares them, without the /api prefix.
 */
export const ENROLMENT_ROUTES: readonly string[] = [
  'GET /auth/me',
  'POST /auth/logout',
  'GET /account/security',
  'POST /account/security/totp',
  'POST /account/security/totp/confirm',
  'POST /account/security/passkeys/options',
  'POST /account/security/passkeys',
  // Enrolling after the sign-in's first 10 minutes asks for the password again (step-up.ts).
  'POST /account/security/confirm',
];

export function isEnrolmentRoute(method: string, path: string): boolean {
  return ENROLMENT_ROUTES.includes(`${method.toUpperCase()} ${path}`);
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

/**
 * A recovery code from 10 random bytes (about 50 bits from a 32-letter alphabet without 0/O,
 * 1/I): two groups of five, as shown to the user.
 */
export function recoveryCodeFromBytes(bytes: ArrayLike<number>): string {
  const letters = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5, 10)}`;
}

/** A 6-digit code as typed: spaces ignored; anything else is not a code. */
export function normalizeTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/** A browser as the sessions list names it. */
export interface BrowserIdentity {
  browser: string;
  system: string;
}

/**
 * Is this sign-in from a browser the user has not signed in with before (same browser on the same
 * system)? The very first sign-in is not "new": there is nothing to compare it with.
 */
export function isNewBrowser(seen: readonly BrowserIdentity[], current: BrowserIdentity): boolean {
  if (seen.length === 0) return false;
  return !seen.some((s) => s.browser === current.browser && s.system === current.system);
}

/** The Security page's path, linked from every security mail. */
export const SECURITY_PAGE_PATH = '/security';
