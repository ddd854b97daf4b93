import { savedReplyEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canUseSavedReplies } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { createSavedReply, deleteSavedReply, updateSavedReply, useSavedReply } from '../services/saved-replies';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';
import { ticketForViewer } from './route-helpers';

/** Saved replies (docs/product/saved-replies.md): staff only; shared ones are written by admins, personal ones by their owner. */
export async function savedReplyRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.savedReplies,
    {
      tags: ['saved-replies'],
      summary: "The shared saved replies and the caller's own, by title, with their usage counts (staff)",
      errors: [401, 403],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedReplies);
      return repos.savedReplies.listFor(viewer.contactId);
    },
  );

  endpointRoute(
    app,
    api.createSavedReply,
    {
      tags: ['saved-replies'],
      summary: "Add a saved reply: shared with the staff (admins) or the caller's own (staff)",
      errors: [400, 401, 403],
      config: { invalidInputMessage: MESSAGES.savedReplyNotSaved },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canUseSavedReplies);
      return reply.code(201).send(await createSavedReply(serviceContext(app, request), viewer, request.body));
    },
  );

  endpointRoute(
    app,
    api.updateSavedReply,
    {
      tags: ['saved-replies'],
      summary: 'Change a saved reply’s title and text (admins for a shared one, the owner for a personal one)',
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: MESSAGES.savedReplyNotSaved },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedReplies);
      return updateSavedReply(serviceContext(app, request), viewer, request.params.id, request.body);
    },
  );

  endpointRoute(
    app,
    api.deleteSavedReply,
    {
      tags: ['saved-replies'],
      summary: 'Delete a saved reply (admins for a shared one, the owner for a personal one)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedReplies);
      return { deleted: await deleteSavedReply(serviceContext(app, request), viewer, request.params.id) };
    },
  );

  endpointRoute(
    app,
    api.useSavedReply,
    {
      tags: ['saved-replies'],
      summary: 'Insert a saved reply into a note on a ticket: counts a use and answers the text with its tokens filled (staff)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canUseSavedReplies);
      await ticketForViewer(app, viewer, request.body.ticket_id);
      return useSavedReply(serviceContext(app, request), viewer, request.params.id, request.body.ticket_id);
    },
  );
}
