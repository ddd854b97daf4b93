import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Sensitive account changes (docs/product/accounts-and-roles.md#account-security). sessions.stepped_up_at:
// when the session's owner last proved who they are (the password or a factor at sign-in, or again on
// the Security page's confirmation); stored with the session so every process reads the same moment.
// email_changes: an e-mail change's single-use link, kept as the sha256 of its token: 'undo' (mailed to
// the old address after one's own change, 7 days) and 'confirm' (mailed to the new address when someone
// else changes it: the change waits for it).
export function stepUpAndEmailChanges(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('sessions').addColumn('stepped_up_at', 'text').execute();

      await withId(dialect, db.schema.createTable('email_changes'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('purpose', 'text', notNull)
        .addColumn('token_hash', 'text', notNull)
        .addColumn('old_email', 'text', notNull)
        .addColumn('new_email', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('email_changes_token').unique().on('email_changes').column('token_hash').execute();
      await db.schema.createIndex('email_changes_contact').on('email_changes').column('contact_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('email_changes').ifExists().execute();
      await db.schema.alterTable('sessions').dropColumn('stepped_up_at').execute();
    },
  };
}
