import type {
  RecoveryCodesAnswer, SecondFactorChallenge, SecondFactorRequest, SecurityOverview, SecurityPolicy, SessionAnswer, SessionList, StepUpRequest,
  TotpEnrolmentAnswer,
} from '@portal/contract';
import { authEndpoints as auth, pathOf, securityEndpoints as api } from '@portal/contract/endpoints';
import useSWR, { useSWRConfig } from 'swr';
import { useApiClient } from './api-client-context';
import { agentsKey } from './contacts';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

/** Opaque WebAuthn JSON (@simplewebauthn's shapes): the browser library reads and writes it. */
export type WebAuthnJson = Record<string, unknown>;

export const securityKey = pathOf(api.securityOverview);
export const sessionsKey = pathOf(api.sessions);
export const securityPolicyKey = pathOf(api.securityPolicy);

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
  /** The password (or an app code) again: sensitive changes are open for 10 minutes (docs/product/accounts-and-roles.md#sensitive-changes). */
  confirmIdentity(request: StepUpRequest): Promise<void>;
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
    secondFactor: (request) => http(auth.loginSecondFactor, { body: request }, publicCall),
    passkeySignInOptions: async () => (await http(auth.passkeySignInOptions, {}, publicCall)).options,
    passkeySignIn: (response) => http(auth.passkeySignIn, { body: { response } }, publicCall),

    overview: () => http(api.securityOverview),
    startTotp: () => http(api.startTotp),
    confirmTotp: (code) => http(api.confirmTotp, { body: { code } }),
    removeTotp: async (password) => {
      await http(api.removeTotp, { body: { password } });
    },
    passkeyRegistrationOptions: async () => (await http(api.passkeyRegistrationOptions)).options,
    addPasskey: (name, response) => http(api.addPasskey, { body: { name, response } }),
    removePasskey: async (id, password) => {
      await http(api.removePasskey, { params: { id }, body: { password } });
    },
    newRecoveryCodes: () => http(api.newRecoveryCodes),
    confirmIdentity: async (request) => {
      await http(api.confirmIdentity, { body: request });
    },
    sessions: () => http(api.sessions),
    endSession: async (id) => {
      await http(api.endSession, { params: { id } });
    },
    endOtherSessions: async () => (await http(api.endOtherSessions)).ended,

    policy: () => http(api.securityPolicy),
    setPolicy: (policy) => http(api.saveSecurityPolicy, { body: policy }),
    resetSecondFactor: async (contactId) => {
      await http(api.resetSecondFactor, { params: { id: contactId } });
    },
    endContactSessions: async (contactId) => (await http(api.endContactSessions, { params: { id: contactId } })).ended,
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
    /** Manage Agents and a company's contacts show who has a second factor (the reset is offered only then): read again. */
    async resetSecondFactor(contactId: number) {
      await client.security.resetSecondFactor(contactId);
      await mutate((key) => key === agentsKey || (typeof key === 'string' && /^\/company\/\d+\/contacts$/.test(key)));
    },
    endContactSessions: (contactId: number) => client.security.endContactSessions(contactId),
  };
}
