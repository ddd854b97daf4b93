import { notificationEndpoints as api } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/** A contact's notifications (the bell): list, delete all, mark all read, and one notification created, read or deleted. */
export function notificationHandlers(db: PortalData) {
  return [
    mock(api.notifications, ({ params }) =>
      answer(api.notifications, db.notifications.filter((n) => n.contact_id === idParam(params)))),
    mock(api.clearNotifications, ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.contact_id !== idParam(params));
      return answer(api.clearNotifications, { deleted: before - db.notifications.length });
    }),
    mock(api.createNotification, async ({ request }) => {
      const read = await readBody(request, api.createNotification);
      if (!read.ok) return read.answer;
      const created = {
        notification_id: nextId(db.notifications, (n) => n.notification_id), ticket_id: null, ...read.body, date_created: nowIso(), date_read: null,
      };
      db.notifications.push(created);
      return answer(api.createNotification, created);
    }),
    mock(api.readNotification, ({ params }) => {
      const found = db.notifications.find((n) => n.notification_id === idParam(params));
      if (!found) return notFound();
      found.date_read ??= nowIso();
      return answer(api.readNotification, found);
    }),
    mock(api.readAllNotifications, ({ params }) => {
      const unread = db.notifications.filter((n) => n.contact_id === idParam(params) && n.date_read === null);
      const now = nowIso();
      for (const n of unread) n.date_read = now;
      return answer(api.readAllNotifications, { read: unread.length });
    }),
    mock(api.deleteNotification, ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.notification_id !== idParam(params));
      return before === db.notifications.length ? notFound() : answer(api.deleteNotification, { deleted: 1 });
    }),
  ];
}
