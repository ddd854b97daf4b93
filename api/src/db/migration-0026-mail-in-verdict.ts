import type { Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// What was found about a mail's sender (docs/product/notifications-and-mail.md#mail-in): the verdict its From
// was believed or not believed on, such as `dmarc=pass (mx.example.com)` or `no Authentication-Results from a
// trusted server`. Shown with a message held as "sender not verified"; null for mail read before it was recorded.
export const mailInVerdict: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('mail_in_messages').addColumn('verdict', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('mail_in_messages').dropColumn('verdict').execute();
  },
};
