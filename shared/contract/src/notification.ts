import { z } from 'zod';
import { id, isoDate } from './common';

export const notification = z.object({
  notification_id: id,
  contact_id: id,
  ticket_id: id.nullable(),
  note: z.string(),
  date_created: isoDate,
});
export type Notification = z.infer<typeof notification>;

export const notificationCreate = z.object({
  contact_id: id,
  ticket_id: id.nullable().optional(),
  note: z.string().min(1),
});
export type NotificationCreate = z.infer<typeof notificationCreate>;

/** The token of a digest's unsubscribe link (public; hostile input, bounded). */
export const unsubscribeParams = z.object({ token: z.string().max(200) });
