import { deletedAnswer, idParam, notification, notificationCreate } from '@portal/contract';
import { MESSAGES, canCreateNotification, canDeleteNotification, canReadNotifications } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { unsubscribe } from '../services/digests';
import { clearNotifications, deleteNotification, notifyContact } from '../services/notifications';
import { errorResponses, publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

const unsubscribeParams = z.object({ token: z.string().max(200) });

/** The small page an unsubscribe link opens in the browser. */
function notificationPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title></head><body style="font-family: sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">`
    + `<h1 style="font-size: 1.25rem">${title}</h1><p>${message}</p></body></html>`;
}

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
      const { result, changes } = await notifyContact(serviceContext(app, request), request.body);
      app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  routes.get(
    '/contact/unsubscribe/:token',
    {
      config: { public: true, rateLimit: publicRateLimit(app) },
      schema: {
        tags: ['notifications'],
        summary: "The link in every notification digest (public, rate limited): turns all of the contact's notification e-mails off; answers a small HTML page",
        params: unsubscribeParams,
      },
    },
    async (request, reply) => {
      const done = await unsubscribe(serviceContext(app, request), request.params.token);
      void reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'no-store');
      return done
        ? notificationPage('Unsubscribed', 'You will no longer receive e-mail notifications.')
        : notificationPage('Link not valid', 'This unsubscribe link is not valid. Sign in and turn the e-mails off in the notification panel.');
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
      const { result, changes } = await deleteNotification(serviceContext(app, request), existing);
      app.events.publish(...changes);
      return { deleted: result };
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
      const { result, changes } = await clearNotifications(serviceContext(app, request), request.params.id);
      app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
