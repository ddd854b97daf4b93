import { http } from 'msw';
import { deletedAnswer, notification, notificationCreate } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

/** A contact's notifications (the bell): list, delete all, and one notification created or deleted. */
export function notificationHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/contact/:id/notifications'), ({ params }) =>
      reply(notification.array(), db.notifications.filter((n) => n.contact_id === idParam(params)))),
    http.delete(apiRoute('/contact/:id/notifications'), ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.contact_id !== idParam(params));
      return reply(deletedAnswer, { deleted: before - db.notifications.length });
    }),
    http.post(apiRoute('/notifications'), async ({ request }) => {
      const read = await readBody(request, notificationCreate);
      if (!read.ok) return read.answer;
      const created = {
        notification_id: nextId(db.notifications, (n) => n.notification_id), ticket_id: null, ...read.body, date_created: nowIso(),
      };
      db.notifications.push(created);
      return reply(notification, created, 201);
    }),
    http.delete(apiRoute('/notifications/:id'), ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.notification_id !== idParam(params));
      return before === db.notifications.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),
  ];
}
