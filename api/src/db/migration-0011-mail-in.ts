import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Mail in (docs/product/notifications-and-mail.md#mail-in).
// - mail_outbox gains the mail's own Message-ID and the extra headers it is sent with (JSON: In-Reply-To,
//   References, Reply-To, Auto-Submitted); rows written before keep the old generated Message-ID.
// - ticket_mail_ids: every Message-ID the portal sent about a ticket, with the recipient: a reply naming one
//   lands on that ticket, and the next mail to the same person threads under the earlier ones.
// - mail_in_messages: every message read from the support mailbox, once (its Message-ID is unique), inserted
//   in the transaction of the note or ticket it made: a crash before the commit reprocesses it, a second
//   pass finds the row and does nothing. Held messages wait here for an admin; the raw original is kept,
//   size-limited, base64.
// - mail_in_state: the one row of the fetcher: the lease of the process holding the mailbox, where it got
//   to (UIDVALIDITY and the last UID done) and what the admin screen shows (last fetch, last error).
// - activity.source: 'mail' for a note that came by e-mail; null for one written in the portal.
export function mailIn(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('mail_outbox').addColumn('message_id', 'text').execute();
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
      // Every message read asks whether its Message-ID is one of ours.
      await db.schema.createIndex('mail_outbox_message_id').on('mail_outbox').columns(['message_id']).execute();

      await db.schema.createTable('ticket_mail_ids')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('ticket_id', 'integer', notNull)
        .addColumn('contact_id', 'integer')
        .addColumn('to_address', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('ticket_mail_ids_thread').on('ticket_mail_ids').columns(['ticket_id', 'to_address', 'date_created']).execute();

      await withId(dialect, db.schema.createTable('mail_in_messages'), 'mail_in_id')
        .addColumn('message_id', 'text', notNull)
        .addColumn('uid', 'integer')
        .addColumn('from_address', 'text', notNull)
        .addColumn('from_name', 'text')
        .addColumn('subject', 'text', notNull)
        .addColumn('date_received', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('ticket_id', 'integer')
        .addColumn('activity_id', 'integer')
        .addColumn('contact_id', 'integer')
        .addColumn('text', 'text')
        .addColumn('raw', 'text')
        .addColumn('raw_size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_decided', 'text')
        .addColumn('decided_by', 'integer')
        .execute();
      await db.schema.createIndex('mail_in_messages_message_id').unique().on('mail_in_messages').columns(['message_id']).execute();
      await db.schema.createIndex('mail_in_messages_status').on('mail_in_messages').columns(['status', 'mail_in_id']).execute();

      await db.schema.createTable('mail_in_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('mailbox', 'text')
        .addColumn('uid_validity', 'text')
        .addColumn('last_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('connected_at', 'text')
        .addColumn('last_fetch_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', 'text')
        .execute();

      await db.schema.alterTable('activity').addColumn('source', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('activity').dropColumn('source').execute();
      await db.schema.dropTable('mail_in_state').ifExists().execute();
      await db.schema.dropTable('mail_in_messages').ifExists().execute();
      await db.schema.dropTable('ticket_mail_ids').ifExists().execute();
      await db.schema.dropIndex('mail_outbox_message_id').ifExists().execute();
      await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('message_id').execute();
    },
  };
}
