import type { EndpointTable } from './endpoint';

/** Registration and e-mail verification (docs/product/accounts-and-roles.md#registration, #e-mail-verification): public, rate limited. */
export const registrationEndpoints = {
  register: { method: 'POST', path: '/auth/register', body: 'registrationRequest', answer: 'registrationAnswer', status: 201 },
  verifyEmail: { method: 'POST', path: '/auth/verify/:code', params: 'codeParam', answer: 'verifyEmailAnswer' },
} as const satisfies EndpointTable;
