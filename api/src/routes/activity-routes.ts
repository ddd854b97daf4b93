import { activity, activityCreate, deletedAnswer, idParam } from '@portal/contract';
import { MESSAGES, canDeleteActivity, canWriteActivity } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { errorResponses, ticketForViewer } from './route-helpers';

export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/ticket/:id/activity',
    {
      schema: {
        tags: ['activity'],
        summary: "A ticket's activity feed, newest first; contact_name null = the support team",
        params: idParam,
        response: { 200: z.array(activity), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      if (request.params.id <= 0) throw new HttpError(400, MESSAGES.inputOutOfRange);
      await ticketForViewer(app, viewer, request.params.id);
      return repos.activity.listForTicket(request.params.id);
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
      const created = await repos.activity.create({
        ticket_id: ticketId,
        contact_id: viewer.contactId,
        contact_name: await repos.contacts.fullName(viewer.contactId),
        note,
      });
      app.events.publish({ kind: 'activity', ticketId, companyId: ticket.company_id });
      return reply.code(201).send(created);
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
      const existing = await repos.activity.findById(request.params.id);
      if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
      const ticket = await repos.tickets.findAccess(existing.ticket_id);
      const deleted = await repos.activity.delete(existing.activity_id);
      if (ticket) app.events.publish({ kind: 'activity', ticketId: ticket.ticket_id, companyId: ticket.company_id });
      return { deleted };
    },
  );
}
