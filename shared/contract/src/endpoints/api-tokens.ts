import type { EndpointTable } from './endpoint';

/**
 * Personal access tokens (docs/product/integrations.md#api-tokens): one's own, listed, made (the token answered once)
 * and revoked; an admin may revoke anyone's. Cookie sessions only: a token cannot make or end tokens.
 */
export const apiTokenEndpoints = {
  apiTokens: { method: 'GET', path: '/account/api-tokens', answer: 'apiToken', many: true },
  createApiToken: { method: 'POST', path: '/account/api-tokens', body: 'apiTokenCreate', answer: 'apiTokenCreated', status: 201 },
  contactApiTokens: { method: 'GET', path: '/admin/contacts/:id/api-tokens', params: 'idParam', answer: 'apiToken', many: true },
  revokeApiToken: { method: 'DELETE', path: '/account/api-tokens/:id', params: 'idParam', answer: 'okAnswer' },
} as const satisfies EndpointTable;
