import { activityEndpoints as api } from '@portal/contract/endpoints';
import { ACTIVITY_PAGE_SIZE, LIST_LIMIT_MAX, MESSAGES, canDeleteActivity, canSeeInternalNotes, canWriteActivity } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { addActivityNote, deleteActivityNote } from '../services/activity-notes';
import { endpointRoute } from './endpoint-route';
import { ticketForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.activity,
    {
      tags: ['activity'],
      summary: "A ticket's activity feed, newest first, a page at a time; contact_name null = the support team",
      description: 'before=<cursor>: the next older page; from=<cursor>: every note from there on (up to '
        + `${LIST_LIMIT_MAX}). Status lines (source "status") are read by everyone who sees the ticket (docs/product/tickets.md#status-lines); `
        + 'internal notes by staff only (docs/product/tickets.md#internal-notes).',
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      if (request.params.id <= 0) throw new HttpError(400, MESSAGES.inputOutOfRange);
      await ticketForViewer(app, viewer, request.params.id);
      const { before, from, limit } = request.query;
      return repos.activity.listForTicket(request.params.id, {
        before,
        from,
        limit: from === undefined ? limit ?? (before === undefined ? undefined : ACTIVITY_PAGE_SIZE) : LIST_LIMIT_MAX,
      }, { internal: canSeeInternalNotes(viewer) });
    },
  );

  endpointRoute(
    app,
    api.createActivity,
    {
      tags: ['activity'],
      summary: 'Add a note to a ticket (anyone who may see it); the author is the signed-in contact; internal: staff only (403 for a client)',
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: MESSAGES.activityNotCreated },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const { ticket_id: ticketId, note, internal = false } = request.body;
      const ticket = await ticketForViewer(app, viewer, ticketId, canWriteActivity);
      const { result, changes } = await addActivityNote(serviceContext(app, request), viewer, ticket, { note, internal });
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  endpointRoute(
    app,
    api.deleteActivity,
    {
      tags: ['activity'],
      summary: 'Delete an activity item (admins)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canDeleteActivity);
      const { result, changes } = await deleteActivityNote(serviceContext(app, request), request.params.id);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
