import { deletedAnswer, idParam, notification, notificationCreate } from '@portal/contract';
import { MESSAGES, canCreateNotification, canDeleteNotification, canReadNotifications } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { errorResponses } from './route-helpers';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.post(
    '/notifications',
    {
      config: { invalidInputMessage: MESSAGES.notificationNotCreated },
      schema: {
        tags: ['notifications'],
        summary: 'Notify a contact (staff)',
        body: notificationCreate,
        response: { 201: notification, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      authorize(request.viewer, canCreateNotification);
      const { contact_id, ticket_id, note } = request.body;
      const [recipient, ticket] = await Promise.all([
        repos.contacts.findById(contact_id),
        ticket_id ? repos.tickets.findById(ticket_id) : Promise.resolve(null),
      ]);
      if (!recipient || ticket === undefined) throw new HttpError(400, MESSAGES.notificationNotCreated);
      const created = await repos.notifications.create({ contact_id, ticket_id: ticket_id ?? null, note });
      return reply.code(201).send(created);
    },
  );

  routes.get(
    '/contact/:id/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "A contact's notifications, newest first (self or admin); polled every second",
        params: idParam,
        response: { 200: z.array(notification), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, (v) => canReadNotifications(v, request.params.id));
      return repos.notifications.listForContact(request.params.id);
    },
  );

  routes.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one notification (its owner or an admin)',
        params: idParam,
        response: { 200: deletedAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const existing = await repos.notifications.findById(request.params.id);
      if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
      authorize(viewer, (v) => canDeleteNotification(v, existing.contact_id));
      return { deleted: await repos.notifications.delete(existing.notification_id) };
    },
  );

  routes.delete(
    '/contact/:id/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "Delete all of a contact's notifications (self or admin)",
        params: idParam,
        response: { 200: deletedAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, (v) => canDeleteNotification(v, request.params.id));
      return { deleted: await repos.notifications.deleteAllForContact(request.params.id) };
    },
  );
}
