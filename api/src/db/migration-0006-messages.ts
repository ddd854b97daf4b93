import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// The message centre's sends (docs/architecture.md#jobs-and-mail): one row per message and one per recipient,
// which the job runner claims under a lease like the outbox, so a closed browser or a restarted server never
// stops a send and no recipient is mailed twice.
export function messages(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('messages'), 'message_id')
        .addColumn('subject', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('sender_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('date_created', 'text', notNull)
        .execute();

      await withId(dialect, db.schema.createTable('message_recipients'), 'id')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.message_id').onDelete('cascade'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('email', 'text', notNull)
        .addColumn('tokens', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('error', 'text')
        .addColumn('date_sent', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .execute();
      await db.schema.createIndex('message_recipients_message').on('message_recipients').columns(['message_id', 'status']).execute();
      await db.schema.createIndex('message_recipients_due').on('message_recipients').columns(['status', 'lease_until']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('message_recipients').ifExists().execute();
      await db.schema.dropTable('messages').ifExists().execute();
    },
  };
}
