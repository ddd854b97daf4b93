import { deletedAnswer, idParam, notification, notificationCreate } from '@portal/contract';
import { MESSAGES, canCreateNotification, canDeleteNotification, canReadNotifications } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { escapeHtml } from '../services/mail-markdown';
import { readUnsubscribeToken, unsubscribe, type UnsubscribeTarget } from '../services/unsubscribe';
import { clearNotifications, deleteNotification, notifyContact } from '../services/notifications';
import { errorResponses, publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

const unsubscribeParams = z.object({ token: z.string().max(200) });

/** The small page an unsubscribe link opens in the browser; `body` is HTML. */
function notificationPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">`
    + `<main><h1 style="font-size: 1.25rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

// docs/product/notifications-and-mail.md#unsubscribe: the texts of the pages.
const whatStops = (target: UnsubscribeTarget) => (target.scope === 'all' ? 'e-mail notifications' : `${target.scope} e-mails of your notifications`);
const confirmPage = (target: UnsubscribeTarget) => notificationPage(
  'Unsubscribe?',
  `<p>${escapeHtml(`${target.contact.email} will no longer receive ${whatStops(target)}.`)}</p>`
    + '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
    + '<button type="submit" style="font-size: 1rem; padding: 0.5rem 1rem">Unsubscribe</button></form>',
);
const donePage = (target: UnsubscribeTarget) => notificationPage(
  'Unsubscribed',
  `<p>${escapeHtml(`You will no longer receive ${whatStops(target)}.`)}</p>`
    + '<p>To turn them back on, sign in and use "E-mail me my notifications" in the notification panel.</p>',
);
const invalidPage = () => notificationPage(
  'Link not valid',
  '<p>This unsubscribe link is not valid. Sign in and turn the e-mails off in the notification panel.</p>',
);

/** Where a page's form may post (its own address) and nothing else it may load. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

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
    void reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).header('cache-control', 'no-store');
    return page;
  };

  routes.get(
    '/contact/unsubscribe/:token',
    {
      config: { public: true, rateLimit: publicRateLimit(app) },
      schema: {
        tags: ['notifications'],
        summary: 'The unsubscribe link of a notification digest (public, rate limited): a small HTML page that asks to confirm; it changes nothing, since mail scanners open links on their own',
        params: unsubscribeParams,
      },
    },
    async (request, reply) => {
      const target = await readUnsubscribeToken(serviceContext(app, request), request.params.token);
      return target ? htmlPage(reply, 200, confirmPage(target)) : htmlPage(reply, 404, invalidPage());
    },
  );

  routes.post(
    '/contact/unsubscribe/:token',
    {
      config: { public: true, rateLimit: publicRateLimit(app) },
      schema: {
        tags: ['notifications'],
        summary: "One-click unsubscribe (RFC 8058, List-Unsubscribe-Post) and the confirm page's button (public, rate limited): turns the link's kind of mail off in the contact's note_prefs; answers a small HTML page",
        params: unsubscribeParams,
      },
    },
    async (request, reply) => {
      const target = await unsubscribe(serviceContext(app, request), { ip: request.ip ?? null }, request.params.token);
      return target ? htmlPage(reply, 200, donePage(target)) : htmlPage(reply, 404, invalidPage());
    },
  );

  routes.get(
    '/contact/:id/notifications',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
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
      await app.events.publish(...changes);
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
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );
}
