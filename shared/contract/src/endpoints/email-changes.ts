import type { EndpointTable } from './endpoint';

/**
 * An e-mail change's links (docs/product/accounts-and-roles.md#sensitive-changes): public, rate limited,
 * each a single-use code from a mail. Undo (to the old address) puts the old address back and signs
 * every session out; confirm (to the new address) makes a change someone else asked for.
 */
export const emailChangeEndpoints = {
  undoEmailChange: { method: 'POST', path: '/auth/email-change/undo/:code', params: 'codeParam', answer: 'emailChangeAnswer' },
  confirmEmailChange: { method: 'POST', path: '/auth/email-change/confirm/:code', params: 'codeParam', answer: 'emailChangeAnswer' },
} as const satisfies EndpointTable;
