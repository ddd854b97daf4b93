import { notificationEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canCreateNotification, canDeleteNotification, canMarkNotificationsRead, canReadNotifications } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { UNSUBSCRIBE_PAGE_POLICY, unsubscribeConfirmPage, unsubscribeDonePage, unsubscribeInvalidPage } from '../pages/unsubscribe-page';
import { readUnsubscribeToken, unsubscribe } from '../services/unsubscribe';
import { clearNotifications, deleteNotification, notifyContact, readAllNotifications, readNotification } from '../services/notifications';
import { endpointRoute } from './endpoint-route';
import { publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.createNotification,
    {
      tags: ['notifications'],
      summary: 'Notify a contact (staff)',
      errors: [400, 401, 403],
      config: { invalidInputMessage: MESSAGES.notificationNotCreated },
    },
    async (request, reply) => {
      authorize(request.viewer, canCreateNotification);
      const { result, changes } = await notifyContact(serviceContext(app, request), request.body);
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  // The one-click POST (RFC 8058) is a form: `List-Unsubscribe=One-Click`, urlencoded or multipart. Its
  // content is not needed (the token says everything), so it is read as a short string, in this scope only.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  const htmlPage = (reply: FastifyReply, status: number, page: string) => {
    void reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY).header('cache-control', 'no-store');
    return page;
  };

  endpointRoute(
    app,
    api.unsubscribePage,
    {
      tags: ['notifications'],
      summary: 'The unsubscribe link of a notification digest (public, rate limited): a small HTML page that asks to confirm; it changes nothing, since mail scanners open links on their own',
      config: { public: true, rateLimit: publicRateLimit(app) },
    },
    async (request, reply) => {
      const target = await readUnsubscribeToken(serviceContext(app, request), request.params.token);
      return target ? htmlPage(reply, 200, unsubscribeConfirmPage(target)) : htmlPage(reply, 404, unsubscribeInvalidPage());
    },
  );

  endpointRoute(
    app,
    api.unsubscribe,
    {
      tags: ['notifications'],
      summary: "One-click unsubscribe (RFC 8058, List-Unsubscribe-Post) and the confirm page's button (public, rate limited): turns the link's kind of mail off in the contact's note_prefs; answers a small HTML page",
      config: { public: true, rateLimit: publicRateLimit(app) },
    },
    async (request, reply) => {
      const target = await unsubscribe(serviceContext(app, request), { ip: request.ip ?? null }, request.params.token);
      return target ? htmlPage(reply, 200, unsubscribeDonePage(target)) : htmlPage(reply, 404, unsubscribeInvalidPage());
    },
  );

  endpointRoute(
    app,
    api.notifications,
    {
      tags: ['notifications'],
      summary: "A contact's notifications, newest first (self or admin); polled every second",
      errors: [400, 401, 403],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      authorize(request.viewer, (v) => canReadNotifications(v, request.params.id));
      return repos.notifications.listForContact(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.deleteNotification,
    {
      tags: ['notifications'],
      summary: 'Delete one notification (its owner or an admin)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const existing = await repos.notifications.findById(request.params.id);
      if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
      authorize(viewer, (v) => canDeleteNotification(v, existing.contact_id));
      const { result, changes } = await deleteNotification(serviceContext(app, request), existing);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );

  endpointRoute(
    app,
    api.clearNotifications,
    {
      tags: ['notifications'],
      summary: "Delete all of a contact's notifications (self or admin)",
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, (v) => canDeleteNotification(v, request.params.id));
      const { result, changes } = await clearNotifications(serviceContext(app, request), request.params.id);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );

  endpointRoute(
    app,
    api.readNotification,
    {
      tags: ['notifications'],
      summary: 'Mark one notification read (its owner only; the bell counts the unread ones)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const existing = await repos.notifications.findById(request.params.id);
      if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
      authorize(viewer, (v) => canMarkNotificationsRead(v, existing.contact_id));
      const { result, changes } = await readNotification(serviceContext(app, request), existing);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.readAllNotifications,
    {
      tags: ['notifications'],
      summary: "Mark all of a contact's notifications read (self only)",
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, (v) => canMarkNotificationsRead(v, request.params.id));
      const { result, changes } = await readAllNotifications(serviceContext(app, request), request.params.id);
      await app.events.publish(...changes);
      return { read: result };
    },
  );
}
