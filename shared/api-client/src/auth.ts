import type { LoginAnswer } from './security';
import type {
  LoginRequest, RegistrationAnswer, RegistrationRequest, ResetCodeStatus, ResetPasswordRequest, SessionAnswer, VerifyEmailAnswer,
} from '@portal/contract';
import useSWR from 'swr';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

const codePath = (prefix: string, code: string) => `${prefix}/${encodeURIComponent(code)}`;
export const resetCodeKey = (code: string) => codePath('/auth/reset', code);

export interface AuthApi {
  /** A session, or (a second factor is due) the second step's challenge: see isSecondFactorChallenge. */
  login(credentials: LoginRequest): Promise<LoginAnswer>;
  logout(): Promise<void>;
  me(): Promise<SessionAnswer>;
  /** The whole registration wizard in one call: company, contacts and preferences, written together. */
  register(request: RegistrationRequest): Promise<RegistrationAnswer>;
  /** Mails a reset link to the contact with this e-mail. */
  forgotPassword(email: string): Promise<void>;
  /** Is the reset code still good? A problem rejects with the exact cause as the ApiError's message. */
  resetCodeStatus(code: string): Promise<ResetCodeStatus>;
  resetPassword(request: ResetPasswordRequest): Promise<void>;
  verifyEmail(code: string): Promise<VerifyEmailAnswer>;
}

// Every call here is public: a 401 is an answer to show, never a lost session.
const publicCall = { skipUnauthorizedHandler: true };

export function createAuthApi(http: Http): AuthApi {
  return {
    login: (credentials) =>
      http('POST', '/auth/login', (c): { parse(data: unknown): LoginAnswer } => c.secondFactorChallenge.or(c.sessionAnswer), { body: credentials, ...publicCall }),
    logout: async () => {
      await http('POST', '/auth/logout', (c) => c.okAnswer, publicCall);
    },
    me: () => http('GET', '/auth/me', (c) => c.sessionAnswer),
    register: (request) => http('POST', '/auth/register', (c) => c.registrationAnswer, { body: request, ...publicCall }),
    forgotPassword: async (email) => {
      await http('POST', '/auth/forgot', (c) => c.forgotPasswordAnswer, { body: { email }, ...publicCall });
    },
    resetCodeStatus: (code) => http('GET', resetCodeKey(code), (c) => c.resetCodeStatus, publicCall),
    resetPassword: async (request) => {
      await http('POST', '/auth/reset', (c) => c.okAnswer, { body: request, ...publicCall });
    },
    verifyEmail: (code) => http('POST', codePath('/auth/verify', code), (c) => c.verifyEmailAnswer, publicCall),
  };
}

/** Is the reset code still good? Read once a visit: the answer must not change under the form being filled in. */
export function useResetCodeStatus(code: string | null | undefined) {
  const client = useApiClient();
  return useSWR(code ? resetCodeKey(code) : null, () => client.auth.resetCodeStatus(code as string), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
