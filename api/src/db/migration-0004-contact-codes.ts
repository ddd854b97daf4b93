import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// One-time codes mailed to a contact (docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits):
// password reset now, e-mail verification next. Only the code's sha256 is stored; a contact holds at most one
// live code per purpose, so issuing a new one replaces the old. A code is found by its hash, so that column
// is unique and indexed.
export function contactCodes(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('contact_codes'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('purpose', 'text', notNull)
        .addColumn('code_hash', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('contact_codes_hash').unique().on('contact_codes').column('code_hash').execute();
      await db.schema.createIndex('contact_codes_contact_purpose').unique().on('contact_codes').columns(['contact_id', 'purpose']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('contact_codes').ifExists().execute();
    },
  };
}
