import { okAnswer, sessionAnswer, type LoginRequest, type SessionAnswer } from '@portal/contract';
import type { Http } from './http';

export interface AuthApi {
  login(credentials: LoginRequest): Promise<SessionAnswer>;
  logout(): Promise<void>;
  me(): Promise<SessionAnswer>;
}

export function createAuthApi(http: Http): AuthApi {
  return {
    login: (credentials) =>
      http('POST', '/auth/login', sessionAnswer, { body: credentials, skipUnauthorizedHandler: true }),
    logout: async () => {
      await http('POST', '/auth/logout', okAnswer, { skipUnauthorizedHandler: true });
    },
    me: () => http('GET', '/auth/me', sessionAnswer),
  };
}
