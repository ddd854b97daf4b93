import { activity, activityCreate, activityListQuery, deletedAnswer, idParam } from '@portal/contract';
import { ACTIVITY_PAGE_SIZE, LIST_LIMIT_MAX, MESSAGES, canDeleteActivity, canWriteActivity, parseActivityCursor } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { addActivityNote, deleteActivityNote } from '../services/activity-notes';
import { errorResponses, ticketForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/ticket/:id/activity',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
      schema: {
        tags: ['activity'],
        summary: "A ticket's activity feed, newest first, a page at a time; contact_name null = the support team",
        description: 'before=<cursor>: the next older page; from=<cursor>: every note from there on (up to '
          + `${LIST_LIMIT_MAX}). Status lines (source "status") are read by everyone who sees the ticket (docs/product/tickets.md#status-lines).`,
        params: idParam,
        querystring: activityListQuery,
        response: { 200: z.array(activity), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      if (request.params.id <= 0) throw new HttpError(400, MESSAGES.inputOutOfRange);
      await ticketForViewer(app, viewer, request.params.id);
      const { before, from, limit } = request.query;
      return repos.activity.listForTicket(request.params.id, {
        before: before === undefined ? undefined : parseActivityCursor(before)!,
        from: from === undefined ? undefined : parseActivityCursor(from)!,
        limit: from === undefined ? limit ?? (before === undefined ? undefined : ACTIVITY_PAGE_SIZE) : LIST_LIMIT_MAX,
      });
    },
  );

  routes.post(
    '/activity',
    {
      config: { invalidInputMessage: MESSAGES.activityNotCreated },
      schema: {
        tags: ['activity'],
        summary: 'Add a note to a ticket (anyone who may see it); the author is the signed-in contact',
        body: activityCreate,
        response: { 201: activity, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const { ticket_id: ticketId, note } = request.body;
      const ticket = await ticketForViewer(app, viewer, ticketId, canWriteActivity);
      const { result, changes } = await addActivityNote(serviceContext(app, request), viewer, ticket, note);
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  routes.delete(
    '/activity/:id',
    {
      schema: {
        tags: ['activity'],
        summary: 'Delete an activity item (admins)',
        params: idParam,
        response: { 200: deletedAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canDeleteActivity);
      const { result, changes } = await deleteActivityNote(serviceContext(app, request), request.params.id);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
