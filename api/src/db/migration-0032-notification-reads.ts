import type { Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// Read and unread (docs/product/notifications-and-mail.md#bell-panel): when the owner opened a notification or
// marked all as read; null while unread, which is what the bell's badge counts. Notifications written before
// this column count as unread, as the badge counted them.
export const notificationReads: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('notifications').addColumn('date_read', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('notifications').dropColumn('date_read').execute();
  },
};
