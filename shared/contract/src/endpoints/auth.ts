import type { EndpointTable } from './endpoint';

/**
 * Signing in and out, who is signed in, and the password reset (docs/product/accounts-and-roles.md#signing-in,
 * #account-security, #password-reset): public but `me`, rate limited.
 */
export const authEndpoints = {
  login: { method: 'POST', path: '/auth/login', body: 'loginRequest', answer: 'loginAnswer' },
  loginSecondFactor: { method: 'POST', path: '/auth/login/second-factor', body: 'secondFactorRequest', answer: 'sessionAnswer' },
  passkeySignInOptions: { method: 'POST', path: '/auth/passkey/options', answer: 'passkeyOptionsAnswer' },
  passkeySignIn: { method: 'POST', path: '/auth/passkey/verify', body: 'passkeyVerifyRequest', answer: 'sessionAnswer' },
  logout: { method: 'POST', path: '/auth/logout', answer: 'okAnswer' },
  forgotPassword: { method: 'POST', path: '/auth/forgot', body: 'forgotPasswordRequest', answer: 'forgotPasswordAnswer' },
  resetCodeStatus: { method: 'GET', path: '/auth/reset/:code', params: 'codeParam', answer: 'resetCodeStatus' },
  resetPassword: { method: 'POST', path: '/auth/reset', body: 'resetPasswordRequest', answer: 'okAnswer' },
  me: { method: 'GET', path: '/auth/me', answer: 'sessionAnswer' },
} as const satisfies EndpointTable;
