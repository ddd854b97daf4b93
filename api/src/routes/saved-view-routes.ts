import { savedViewEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canUseSavedViews } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from '../services/saved-views';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/** Saved views (docs/product/tags-and-views.md#saved-views): each staff member's own, with live counts. */
export async function savedViewRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.savedViews,
    {
      tags: ['saved-views'],
      summary: "The caller's saved views in their order, each with the count of tickets its board shows now (staff)",
      errors: [401, 403],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedViews);
      return listSavedViews(serviceContext(app, request), viewer);
    },
  );

  endpointRoute(
    app,
    api.createSavedView,
    {
      tags: ['saved-views'],
      summary: "Save the caller's board filter and sort under a name of their own (staff)",
      errors: [400, 401, 403, 409],
      config: { invalidInputMessage: MESSAGES.savedViewNotSaved },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canUseSavedViews);
      return reply.code(201).send(await createSavedView(serviceContext(app, request), viewer, request.body));
    },
  );

  endpointRoute(
    app,
    api.updateSavedView,
    {
      tags: ['saved-views'],
      summary: "Rename, refilter or move one of the caller's saved views (staff)",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.savedViewNotSaved },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedViews);
      return updateSavedView(serviceContext(app, request), viewer, request.params.id, request.body);
    },
  );

  endpointRoute(
    app,
    api.deleteSavedView,
    {
      tags: ['saved-views'],
      summary: "Delete one of the caller's saved views (staff)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedViews);
      return { deleted: await deleteSavedView(serviceContext(app, request), viewer, request.params.id) };
    },
  );
}
