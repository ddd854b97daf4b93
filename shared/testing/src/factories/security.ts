import {
  passkeySummary, securityOverview, securityPolicy, sessionSummary, type PasskeySummary, type SecondFactorMethod, type SecurityOverview,
  type SecurityPolicy, type SessionSummary,
} from '@portal/contract';

/** The code the mock API's authenticator app accepts (sign-in and enrolment). */
export const MOCK_TOTP_CODE = '123456';

/** A passkey on the Security page: by default "MacBook", made a week ago and never used. */
export function aPasskey(over: Partial<PasskeySummary> = {}): PasskeySummary {
  return passkeySummary.parse({ id: 1, name: 'MacBook', date_created: '2026-11-12T09:00:00.000Z', last_used: null, ...over });
}

/** A session in the sessions list: by default this one, Chrome on Linux. */
export function aSession(over: Partial<SessionSummary> = {}): SessionSummary {
  return sessionSummary.parse({
    id: 1, browser: 'Chrome 131', system: 'Linux', address: '127.0.0.1', signed_in: '2026-11-19T08:00:00.000Z',
    last_active: '2026-11-19T12:00:00.000Z', current: true, ...over,
  });
}

/** The Security page's overview: by default nothing enrolled and nothing required. */
export function aSecurityOverview(over: Partial<SecurityOverview> = {}): SecurityOverview {
  return securityOverview.parse({
    totp: { enabled: false, date_enabled: null }, passkeys: [], recovery_codes: { remaining: 0 }, required: false, enrol_required: false,
    ...over,
  });
}

/** The mock API's account security (for the signed-in contact, plus who is asked a second factor at sign-in). */
export interface SecurityState {
  /** What GET /account/security answers; the handlers keep it up to date as factors change. */
  overview: SecurityOverview;
  /** The secret POST /account/security/totp shows. */
  totpSecret: string;
  /** The recovery codes still good (sign-in and the count on the page). */
  recoveryCodes: string[];
  sessions: SessionSummary[];
  policy: SecurityPolicy;
  /** Contacts whose password is followed by a second step, with the methods it offers. */
  secondFactor: Record<number, SecondFactorMethod[]>;
  /** The contact between the password and the second step (the sign-in cookie's). */
  pending: number | null;
  /** The contact a discoverable passkey signs in without a password (none: 401). */
  passkeyContactId: number | null;
  /** Admins' resets and session ends, by contact id, for tests to read. */
  resets: number[];
  /** Whether the session gave the password within 10 minutes; false: sensitive changes answer `reauth_required` until POST /account/security/confirm. */
  steppedUp: boolean;
  /** An e-mail change's mailed links (undo to the old address, confirm to the new), each good once. */
  emailChanges: MockEmailChange[];
}

export interface MockEmailChange {
  code: string;
  purpose: 'undo' | 'confirm';
  contact_id: number;
  old_email: string;
  new_email: string;
}

export function aSecurityState(over: Partial<SecurityState> = {}): SecurityState {
  return {
    overview: aSecurityOverview(over.overview),
    totpSecret: over.totpSecret ?? 'JBSWY3DPEHPK3PXP',
    recoveryCodes: [...(over.recoveryCodes ?? [])],
    sessions: (over.sessions ?? [aSession()]).map((s) => sessionSummary.parse(s)),
    policy: securityPolicy.parse(over.policy ?? { require_staff_second_factor: false }),
    secondFactor: { ...(over.secondFactor ?? {}) },
    pending: over.pending ?? null,
    passkeyContactId: over.passkeyContactId ?? null,
    resets: [...(over.resets ?? [])],
    steppedUp: over.steppedUp ?? true,
    emailChanges: (over.emailChanges ?? []).map((change) => ({ ...change })),
  };
}
