import type { EndpointTable } from './endpoint';

/**
 * Account security (docs/product/accounts-and-roles.md#account-security): the Security page (app,
 * passkeys, recovery codes, sessions) and the admins' policy and actions on a user. The sign-in's
 * second step and passkey sign-in are auth routes.
 */
export const securityEndpoints = {
  securityOverview: { method: 'GET', path: '/account/security', answer: 'securityOverview' },
  startTotp: { method: 'POST', path: '/account/security/totp', answer: 'totpEnrolmentAnswer' },
  confirmTotp: { method: 'POST', path: '/account/security/totp/confirm', body: 'totpConfirmRequest', answer: 'recoveryCodesAnswer' },
  removeTotp: { method: 'DELETE', path: '/account/security/totp', body: 'confirmPasswordRequest', answer: 'okAnswer' },
  passkeyRegistrationOptions: { method: 'POST', path: '/account/security/passkeys/options', answer: 'passkeyOptionsAnswer' },
  addPasskey: { method: 'POST', path: '/account/security/passkeys', body: 'passkeyRegisterRequest', answer: 'recoveryCodesAnswer' },
  removePasskey: { method: 'DELETE', path: '/account/security/passkeys/:id', params: 'idParam', body: 'confirmPasswordRequest', answer: 'okAnswer' },
  newRecoveryCodes: { method: 'POST', path: '/account/security/recovery-codes', answer: 'recoveryCodesAnswer' },
  confirmIdentity: { method: 'POST', path: '/account/security/confirm', body: 'stepUpRequest', answer: 'okAnswer' },
  sessions: { method: 'GET', path: '/account/sessions', answer: 'sessionList' },
  endSession: { method: 'DELETE', path: '/account/sessions/:id', params: 'idParam', answer: 'okAnswer' },
  endOtherSessions: { method: 'POST', path: '/account/sessions/end-others', answer: 'endedSessionsAnswer' },
  securityPolicy: { method: 'GET', path: '/admin/security-policy', answer: 'securityPolicy' },
  saveSecurityPolicy: { method: 'PUT', path: '/admin/security-policy', body: 'securityPolicy', answer: 'securityPolicy' },
  resetSecondFactor: { method: 'POST', path: '/admin/contacts/:id/second-factor/reset', params: 'idParam', answer: 'okAnswer' },
  endContactSessions: { method: 'POST', path: '/admin/contacts/:id/sessions/end', params: 'idParam', answer: 'endedSessionsAnswer' },
} as const satisfies EndpointTable;
