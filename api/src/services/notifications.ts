import type { Notification, notificationCreate } from '@portal/contract';
import { MESSAGES, type Change } from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import type { ServiceContext, Written } from './service-context';

// In-app notifications written on their own (docs/product/notifications-and-mail.md#notifications,
// #bell-panel): one statement each; the changes are answered for the caller to publish.

const notificationsChanged = (contactId: number): Change => ({ kind: 'notifications', contactId });

/** A notification for a contact, about a ticket or none; 400 when either is not there. */
export async function notifyContact(ctx: ServiceContext, body: z.output<typeof notificationCreate>): Promise<Written<Notification>> {
  const { repos } = ctx;
  const { contact_id, ticket_id, note } = body;
  const [recipient, ticket] = await Promise.all([
    repos.contacts.findById(contact_id),
    // 0 is an id like any other: no such ticket, rather than no ticket.
    ticket_id === null || ticket_id === undefined ? Promise.resolve(null) : repos.tickets.findById(ticket_id),
  ]);
  if (!recipient || ticket === undefined) throw new HttpError(400, MESSAGES.notificationNotCreated);
  const created = await repos.notifications.create({ contact_id, ticket_id: ticket_id ?? null, note });
  return { result: created, changes: [notificationsChanged(contact_id)] };
}

/** Deletes one notification (read and authorized by the caller); answers the number of rows deleted. */
export async function deleteNotification(ctx: ServiceContext, existing: Notification): Promise<Written<number>> {
  const deleted = await ctx.repos.notifications.delete(existing.notification_id);
  return { result: deleted, changes: [notificationsChanged(existing.contact_id)] };
}

/** Deletes all of a contact's notifications; a change only when there were some. */
export async function clearNotifications(ctx: ServiceContext, contactId: number): Promise<Written<number>> {
  const deleted = await ctx.repos.notifications.deleteAllForContact(contactId);
  return { result: deleted, changes: deleted > 0 ? [notificationsChanged(contactId)] : [] };
}

/** Marks one notification read (read and authorized by the caller); a change only when it was unread. */
export async function readNotification(ctx: ServiceContext, existing: Notification): Promise<Written<Notification>> {
  const read = (await ctx.repos.notifications.markRead(existing.notification_id)) ?? existing;
  return { result: read, changes: existing.date_read === null ? [notificationsChanged(existing.contact_id)] : [] };
}

/** Marks all of a contact's notifications read; a change only when some were unread. */
export async function readAllNotifications(ctx: ServiceContext, contactId: number): Promise<Written<number>> {
  const read = await ctx.repos.notifications.markAllRead(contactId);
  return { result: read, changes: read > 0 ? [notificationsChanged(contactId)] : [] };
}
