import type {
  RecoveryCodesAnswer, SecondFactorChallenge, SecondFactorRequest, SecurityOverview, SecurityPolicy, SessionAnswer, SessionList,
  TotpEnrolmentAnswer,
} from '@portal/contract';
import useSWR, { useSWRConfig } from 'swr';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

/** Opaque WebAuthn JSON (@simplewebauthn's shapes): the browser library reads and writes it. */
export type WebAuthnJson = Record<string, unknown>;

export const securityKey = '/account/security';
export const sessionsKey = '/account/sessions';
export const securityPolicyKey = '/admin/security-policy';

/** What POST /auth/login answers: a session, or the second step of the sign-in. */
export type LoginAnswer = SessionAnswer | SecondFactorChallenge;

export function isSecondFactorChallenge(answer: LoginAnswer): answer is SecondFactorChallenge {
  return 'second_factor' in answer;
}

/**
 * Account security (docs/product/accounts-and-roles.md#account-security): the second step of the
 * sign-in, passkeys, the Security page (app, passkeys, recovery codes, sessions) and the admins'
 * policy and actions on a user.
 */
export interface SecurityApi {
  /** The second step after the password (the sign-in cookie goes along): an app code or a recovery code. */
  secondFactor(request: SecondFactorRequest): Promise<SessionAnswer>;
  /** Passkey sign-in options: after the password, that user's passkeys; before it, any discoverable passkey. */
  passkeySignInOptions(): Promise<WebAuthnJson>;
  passkeySignIn(response: WebAuthnJson): Promise<SessionAnswer>;

  overview(): Promise<SecurityOverview>;
  /** Starts enrolling an app: the secret and its QR code, shown this once. */
  startTotp(): Promise<TotpEnrolmentAnswer>;
  /** The first code turns the app on; the recovery codes come back when it is the first factor (else empty). */
  confirmTotp(code: string): Promise<RecoveryCodesAnswer>;
  removeTotp(password: string): Promise<void>;
  passkeyRegistrationOptions(): Promise<WebAuthnJson>;
  /** Adds a passkey; the recovery codes come back when it is the first factor (else empty). */
  addPasskey(name: string, response: WebAuthnJson): Promise<RecoveryCodesAnswer>;
  removePasskey(id: number, password: string): Promise<void>;
  newRecoveryCodes(): Promise<RecoveryCodesAnswer>;
  sessions(): Promise<SessionList>;
  endSession(id: number): Promise<void>;
  endOtherSessions(): Promise<number>;

  policy(): Promise<SecurityPolicy>;
  setPolicy(policy: SecurityPolicy): Promise<SecurityPolicy>;
  /** Admins: removes the user's app, passkeys and recovery codes (the user is told by mail). */
  resetSecondFactor(contactId: number): Promise<void>;
  /** Admins: ends every session of the user; answers how many ended. */
  endContactSessions(contactId: number): Promise<number>;
}

// The sign-in steps are public: a 401 is an answer to show, never a lost session.
const publicCall = { skipUnauthorizedHandler: true };

export function createSecurityApi(http: Http): SecurityApi {
  return {
    secondFactor: (request) => http('POST', '/auth/login/second-factor', (c) => c.sessionAnswer, { body: request, ...publicCall }),
    passkeySignInOptions: async () => (await http('POST', '/auth/passkey/options', (c) => c.passkeyOptionsAnswer, publicCall)).options,
    passkeySignIn: (response) => http('POST', '/auth/passkey/verify', (c) => c.sessionAnswer, { body: { response }, ...publicCall }),

    overview: () => http('GET', securityKey, (c) => c.securityOverview),
    startTotp: () => http('POST', '/account/security/totp', (c) => c.totpEnrolmentAnswer),
    confirmTotp: (code) => http('POST', '/account/security/totp/confirm', (c) => c.recoveryCodesAnswer, { body: { code } }),
    removeTotp: async (password) => {
      await http('DELETE', '/account/security/totp', (c) => c.okAnswer, { body: { password } });
    },
    passkeyRegistrationOptions: async () =>
      (await http('POST', '/account/security/passkeys/options', (c) => c.passkeyOptionsAnswer)).options,
    addPasskey: (name, response) => http('POST', '/account/security/passkeys', (c) => c.recoveryCodesAnswer, { body: { name, response } }),
    removePasskey: async (id, password) => {
      await http('DELETE', `/account/security/passkeys/${id}`, (c) => c.okAnswer, { body: { password } });
    },
    newRecoveryCodes: () => http('POST', '/account/security/recovery-codes', (c) => c.recoveryCodesAnswer),
    sessions: () => http('GET', sessionsKey, (c) => c.sessionList),
    endSession: async (id) => {
      await http('DELETE', `/account/sessions/${id}`, (c) => c.okAnswer);
    },
    endOtherSessions: async () => (await http('POST', '/account/sessions/end-others', (c) => c.endedSessionsAnswer)).ended,

    policy: () => http('GET', securityPolicyKey, (c) => c.securityPolicy),
    setPolicy: (policy) => http('PUT', securityPolicyKey, (c) => c.securityPolicy, { body: policy }),
    resetSecondFactor: async (contactId) => {
      await http('POST', `/admin/contacts/${contactId}/second-factor/reset`, (c) => c.okAnswer);
    },
    endContactSessions: async (contactId) =>
      (await http('POST', `/admin/contacts/${contactId}/sessions/end`, (c) => c.endedSessionsAnswer)).ended,
  };
}

/** The Security page: what protects the signed-in user's account. */
export function useSecurityOverview(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(securityKey, () => client.security.overview(), options);
}

/** Where the signed-in user is signed in (this session marked). */
export function useSessions(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(sessionsKey, () => client.security.sessions(), options);
}

/** Every change here refreshes the Security page's two reads (a factor change also ends other sessions). */
export function useSecurityMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = async () => {
    await Promise.all([mutate(securityKey), mutate(sessionsKey)]);
  };
  const thenRefresh = async <T>(work: Promise<T>): Promise<T> => {
    const answer = await work;
    await refresh();
    return answer;
  };
  return {
    /** Starting changes nothing stored that the page shows until the code confirms it. */
    startTotp: () => client.security.startTotp(),
    confirmTotp: (code: string) => thenRefresh(client.security.confirmTotp(code)),
    removeTotp: (password: string) => thenRefresh(client.security.removeTotp(password)),
    passkeyRegistrationOptions: () => client.security.passkeyRegistrationOptions(),
    addPasskey: (name: string, response: WebAuthnJson) => thenRefresh(client.security.addPasskey(name, response)),
    removePasskey: (id: number, password: string) => thenRefresh(client.security.removePasskey(id, password)),
    newRecoveryCodes: () => thenRefresh(client.security.newRecoveryCodes()),
    endSession: (id: number) => thenRefresh(client.security.endSession(id)),
    endOtherSessions: () => thenRefresh(client.security.endOtherSessions()),
  };
}

/** Admins: the staff second-factor policy. */
export function useSecurityPolicy(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(securityPolicyKey, () => client.security.policy(), options);
}

export function useSecurityPolicyMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async setPolicy(policy: SecurityPolicy) {
      const saved = await client.security.setPolicy(policy);
      await mutate(securityPolicyKey, saved, { revalidate: false });
      return saved;
    },
    resetSecondFactor: (contactId: number) => client.security.resetSecondFactor(contactId),
    endContactSessions: (contactId: number) => client.security.endContactSessions(contactId),
  };
}
