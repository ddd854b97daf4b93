import { z } from 'zod';

/**
 * Account security (docs/product/accounts-and-roles.md#account-security): second factors (an
 * authenticator app, passkeys, recovery codes), the staff policy, and the sessions a user can see
 * and end. No answer ever carries a stored secret: the TOTP secret is shown once, while enrolling,
 * and recovery codes once, when made.
 */

export const secondFactorMethod = z.enum(['totp', 'passkey', 'recovery']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

/**
 * What POST /auth/login answers when the password was right and a second factor is due: no
 * session yet, but a short-lived httpOnly sign-in cookie that the second step presents. (When no
 * second factor is due it answers sessionAnswer, as before.)
 */
export const secondFactorChallenge = z.object({
  second_factor: z.object({ methods: z.array(secondFactorMethod).min(1) }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** POST /auth/login/second-factor: a 6-digit code from the app, or one recovery code (spent). */
export const secondFactorRequest = z.union([
  z.object({ method: z.literal('totp'), code: z.string().trim().min(1).max(12) }),
  z.object({ method: z.literal('recovery'), code: z.string().trim().min(1).max(40) }),
]);
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

/**
 * A WebAuthn ceremony's options and the browser's answer travel as @simplewebauthn's JSON shapes;
 * the server checks them, so here they are opaque objects.
 */
export const webAuthnJson = z.record(z.string(), z.unknown());

/**
 * POST /auth/passkey/options (public, rate limited): authentication options. After a password
 * (the sign-in cookie is present) they list that user's passkeys; without one they ask for any
 * discoverable passkey (a passkey replaces the password). POST /auth/passkey/verify answers
 * sessionAnswer.
 */
export const passkeyOptionsAnswer = z.object({ options: webAuthnJson });
export const passkeyVerifyRequest = z.object({ response: webAuthnJson });

export const passkeySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  date_created: z.string(),
  last_used: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

/** GET /account/security: what protects the signed-in user's account. */
export const securityOverview = z.object({
  totp: z.object({ enabled: z.boolean(), date_enabled: z.string().nullable() }),
  passkeys: z.array(passkeySummary),
  recovery_codes: z.object({ remaining: z.number().int() }),
  /** The admins' policy applies to this user (staff, groups 1-4, while the policy is on). */
  required: z.boolean(),
  /** Required but not enrolled yet: the user can do nothing else until done. */
  enrol_required: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

/** POST /account/security/totp: starts enrolling; the only answer that shows the secret. */
export const totpEnrolmentAnswer = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code (a data: URL of a PNG or SVG image). */
  qr_code: z.string(),
});
export type TotpEnrolmentAnswer = z.infer<typeof totpEnrolmentAnswer>;

/** POST /account/security/totp/confirm: the first code turns the app on. */
export const totpConfirmRequest = z.object({ code: z.string().trim().min(1).max(12) });

/**
 * Recovery codes, shown once: answered when the first second factor is turned on, and by
 * POST /account/security/recovery-codes (which replaces the old ones).
 */
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/** Turning a factor off asks for the password again (DELETE /account/security/totp, …/passkeys/:id). */
export const confirmPasswordRequest = z.object({ password: z.string().min(1) });

/**
 * POST /account/security/confirm: the password, or a code from the authenticator app, given again
 * before a sensitive change (docs/product/accounts-and-roles.md#sensitive-changes).
 */
export const stepUpRequest = z.union([z.object({ password: z.string().min(1) }), z.object({ code: z.string().trim().min(1).max(12) })]);
export type StepUpRequest = z.infer<typeof stepUpRequest>;

/** POST /account/security/passkeys/options, then POST /account/security/passkeys. */
export const passkeyRegisterRequest = z.object({ name: z.string().trim().min(1).max(60), response: webAuthnJson });

/** GET /account/sessions: where the user is signed in. */
export const sessionSummary = z.object({
  id: z.number().int(),
  browser: z.string(),
  system: z.string(),
  address: z.string().nullable(),
  signed_in: z.string(),
  last_active: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionList = z.object({ sessions: z.array(sessionSummary) });
export type SessionList = z.infer<typeof sessionList>;

/** GET/PUT /admin/security-policy (admins): require a second factor of staff. */
export const securityPolicy = z.object({ require_staff_second_factor: z.boolean() });
export type SecurityPolicy = z.infer<typeof securityPolicy>;

/**
 * Admin actions on a user: POST /admin/contacts/:id/second-factor/reset (removes the app, the
 * passkeys and the recovery codes; the user is told by mail) and POST /admin/contacts/:id/sessions/end.
 */
export const endedSessionsAnswer = z.object({ ended: z.number().int() });
