import { z } from 'zod';
import { id, isoDate } from './common';

export const notification = z.object({
  notification_id: id,
  contact_id: id,
  ticket_id: id.nullable(),
  note: z.string(),
  date_created: isoDate,
  /** When its owner read it (opened it, or marked all as read); null while unread: the bell counts these. */
  date_read: isoDate.nullable(),
});
export type Notification = z.infer<typeof notification>;

/** PUT /contact/:id/notifications/read: how many were unread and are read now. */
export const notificationsRead = z.object({ read: z.number().int() });
export type NotificationsRead = z.infer<typeof notificationsRead>;

export const notificationCreate = z.object({
  contact_id: id,
  ticket_id: id.nullable().optional(),
  note: z.string().min(1),
});
export type NotificationCreate = z.infer<typeof notificationCreate>;

/** The token of a digest's unsubscribe link (public; hostile input, bounded). */
export const unsubscribeParams = z.object({ token: z.string().max(200) });
