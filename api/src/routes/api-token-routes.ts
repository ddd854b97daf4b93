import { apiTokenEndpoints as api } from '@portal/contract/endpoints';
import { canSeeApiTokensOf } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize, requireViewer } from '../policy';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens';
import { auditActor } from '../services/audit';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/**
 * Personal access tokens (docs/product/integrations.md#api-tokens). A cookie session's only: a bearer request never
 * reaches these routes (apiTokenRefusal in @portal/domain), so a token cannot make or end tokens.
 */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.apiTokens,
    { tags: ['api-tokens'], summary: "The caller's live API tokens, newest first: name, access, company, last use and address; never the token", errors: [401, 403] },
    async (request) => listApiTokens(serviceContext(app, request), requireViewer(request.viewer).contactId),
  );

  endpointRoute(
    app,
    api.createApiToken,
    {
      tags: ['api-tokens'],
      summary: 'Make an API token: answered once in plain text (`pat_…`), kept as a hash; at most 20 live per person',
      errors: [400, 401, 403, 409],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      return createApiToken(serviceContext(app, request), auditActor(request), viewer, request.body);
    },
  );

  endpointRoute(
    app,
    api.contactApiTokens,
    { tags: ['api-tokens'], summary: "A person's live API tokens (admins; one's own too)", errors: [401, 403] },
    async (request) => {
      authorize(request.viewer, (viewer) => canSeeApiTokensOf(viewer, request.params.id));
      return listApiTokens(serviceContext(app, request), request.params.id);
    },
  );

  endpointRoute(
    app,
    api.revokeApiToken,
    { tags: ['api-tokens'], summary: "Revoke an API token: one's own, or anyone's by an admin (audited)", errors: [401, 403, 404] },
    async (request) => {
      await revokeApiToken(serviceContext(app, request), auditActor(request), requireViewer(request.viewer), request.params.id);
      return { ok: true as const };
    },
  );
}
