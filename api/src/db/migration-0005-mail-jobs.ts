import { sql, type Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// The outbox becomes a queue the job runner works (docs/decisions/0004-leased-outbox.md): a status, the
// attempts so far, when the next one is due, and the lease of the runner working the row, so that several
// processes never send one message twice. Rows written before this migration count as sent when they have a
// `date_sent`, else they are pending and due now (SMTP_URL was unset: they were never sent). The notification
// digests keep one row per contact, kind and period (the claim), and the server's own signing key for links
// in mail (unsubscribe) lives in app_secrets, shared by every process.
export function mailJobs(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      // SQLite takes one ADD COLUMN per ALTER TABLE.
      await db.schema.alterTable('mail_outbox').addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
      await db.schema.alterTable('mail_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
      await db.schema.alterTable('mail_outbox').addColumn('lease_owner', 'text').execute();
      await db.schema.alterTable('mail_outbox').addColumn('lease_until', 'text').execute();
      await sql`update mail_outbox set status = 'sent' where date_sent is not null`.execute(db);
      await sql`update mail_outbox set next_attempt_at = date_created where next_attempt_at is null`.execute(db);
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

      await withId(dialect, db.schema.createTable('notification_digests'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('period_start', 'text', notNull)
        .addColumn('last_notification_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notification_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('notification_digests_period').unique().on('notification_digests').columns(['contact_id', 'kind', 'period_start'])
        .execute();

      await db.schema.createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('app_secrets').ifExists().execute();
      await db.schema.dropTable('notification_digests').ifExists().execute();
      await db.schema.dropIndex('mail_outbox_due').ifExists().execute();
      for (const column of ['lease_until', 'lease_owner', 'next_attempt_at', 'attempts', 'status']) {
        await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
      }
    },
  };
}
