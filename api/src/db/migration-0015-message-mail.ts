import type { Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// What became of each message-centre recipient (docs/product/messaging.md#sent-messages): message_recipients.outbox_id
// names the outbox mail it was given, so the Sent tab reads whether that mail was sent or given up. A mail sent again
// in place of a failed one is named in the failed one's mail_outbox.superseded_by, so it is not re-queued as well
// (docs/product/messaging.md#failed-mail). Sends from before keep null: their recipients read as the recipient row says.
export const messageMail: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('message_recipients').addColumn('outbox_id', 'integer').execute();
    await db.schema.alterTable('mail_outbox').addColumn('superseded_by', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('mail_outbox').dropColumn('superseded_by').execute();
    await db.schema.alterTable('message_recipients').dropColumn('outbox_id').execute();
  },
};
