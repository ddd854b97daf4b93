import type { Notification } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import type { NotificationRow } from '../db/schema';

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

const toAnswer = (row: NotificationRow): Notification => ({ ...row });

/** The bell polls every second: answer a bounded, newest-first page from one indexed read. */
export const NOTIFICATION_PAGE = 200;

/** A notification written with the change it is about (same transaction). */
export interface NewNotification {
  contact_id: number;
  ticket_id: number | null;
  note: string;
  date_created: string;
}

export function createNotificationRepository(db: PortalDb, clock: () => Date) {
  return {
    /** Notifications on `trx`, the transaction of the change they tell of; one statement. */
    async addMany(trx: PortalDb, rows: readonly NewNotification[]): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto('notifications').values([...rows]).execute();
    },

    async create(input: { contact_id: number; ticket_id?: number | null; note: string; date_created?: string }): Promise<Notification> {
      const row = await db
        .insertInto('notifications')
        .values({
          contact_id: input.contact_id,
          ticket_id: input.ticket_id ?? null,
          note: input.note,
          date_created: input.date_created ?? clock().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAnswer(row);
    },

    async listForContact(contactId: number, limit = NOTIFICATION_PAGE): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('contact_id', '=', contactId)
        .orderBy('date_created', 'desc')
        .orderBy('notification_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toAnswer);
    },

    async findById(notificationId: number): Promise<Notification | undefined> {
      const row = await db.selectFrom('notifications').selectAll().where('notification_id', '=', notificationId).executeTakeFirst();
      return row && toAnswer(row);
    },

    /** Marks one read (once: a second read keeps the first time); answers it as it is now, or undefined when gone. */
    async markRead(notificationId: number): Promise<Notification | undefined> {
      await db
        .updateTable('notifications')
        .set({ date_read: clock().toISOString() })
        .where('notification_id', '=', notificationId)
        .where('date_read', 'is', null)
        .execute();
      const row = await db.selectFrom('notifications').selectAll().where('notification_id', '=', notificationId).executeTakeFirst();
      return row && toAnswer(row);
    },

    /** Marks every unread one of a contact read; answers how many were unread. */
    async markAllRead(contactId: number): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ date_read: clock().toISOString() })
        .where('contact_id', '=', contactId)
        .where('date_read', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async delete(notificationId: number): Promise<number> {
      const result = await db.deleteFrom('notifications').where('notification_id', '=', notificationId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteAllForContact(contactId: number): Promise<number> {
      const result = await db.deleteFrom('notifications').where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
