import type { LoginAnswer } from './security';
import type {
  EmailChangeAnswer, LoginRequest, RegistrationAnswer, RegistrationRequest, ResetCodeStatus, ResetPasswordRequest, SessionAnswer, VerifyEmailAnswer,
} from '@portal/contract';
import { authEndpoints, emailChangeEndpoints, pathOf, registrationEndpoints } from '@portal/contract/endpoints';
import useSWR from 'swr';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const resetCodeKey = (code: string) => pathOf(authEndpoints.resetCodeStatus, { code });

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
  /** An e-mail change's links (docs/product/accounts-and-roles.md#sensitive-changes): undo (the old address back) or confirm (the new one). */
  emailChange(purpose: 'undo' | 'confirm', code: string): Promise<EmailChangeAnswer>;
}

// Every call here is public: a 401 is an answer to show, never a lost session.
const publicCall = { skipUnauthorizedHandler: true };

export function createAuthApi(http: Http): AuthApi {
  return {
    login: (credentials) => http(authEndpoints.login, { body: credentials }, publicCall),
    logout: async () => {
      await http(authEndpoints.logout, {}, publicCall);
    },
    me: () => http(authEndpoints.me),
    register: (request) => http(registrationEndpoints.register, { body: request }, publicCall),
    forgotPassword: async (email) => {
      await http(authEndpoints.forgotPassword, { body: { email } }, publicCall);
    },
    resetCodeStatus: (code) => http(authEndpoints.resetCodeStatus, { params: { code } }, publicCall),
    resetPassword: async (request) => {
      await http(authEndpoints.resetPassword, { body: request }, publicCall);
    },
    verifyEmail: (code) => http(registrationEndpoints.verifyEmail, { params: { code } }, publicCall),
    emailChange: (purpose, code) =>
      http(purpose === 'undo' ? emailChangeEndpoints.undoEmailChange : emailChangeEndpoints.confirmEmailChange, { params: { code } }, publicCall),
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
