import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Account security (docs/product/accounts-and-roles.md#account-security). Sessions keep the browser
// (user agent) and address they signed in from. contact_totp: an authenticator app's secret, sealed
// with AES-256-GCM (never stored plain), pending until its first code confirms it; last_step refuses a
// code used twice. passkeys: WebAuthn credentials (public keys only). recovery_codes: sha256 of each
// code, deleted when used. sign_in_challenges: a password step waiting for its second factor, or a
// passkey ceremony's challenge, keyed by the sha256 of its cookie token, short-lived and single use.
// contact_browsers: the browsers a contact has signed in with, so a new one is told by mail.
export function accountSecurity(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('address', 'text').execute();

      await db.schema.createTable('contact_totp')
        .addColumn('contact_id', 'integer', (c) => c.primaryKey().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', notNull)
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_step', 'integer')
        .addColumn('date_created', 'text', notNull)
        .addColumn('date_enabled', 'text')
        .execute();

      await withId(dialect, db.schema.createTable('passkeys'), 'passkey_id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('credential_id', 'text', notNull)
        .addColumn('public_key', 'text', notNull)
        .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('name', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .addColumn('last_used', 'text')
        .execute();
      await db.schema.createIndex('passkeys_credential').unique().on('passkeys').column('credential_id').execute();
      await db.schema.createIndex('passkeys_contact').on('passkeys').column('contact_id').execute();

      await withId(dialect, db.schema.createTable('recovery_codes'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('code_hash', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('recovery_codes_code').unique().on('recovery_codes').columns(['contact_id', 'code_hash']).execute();

      await withId(dialect, db.schema.createTable('sign_in_challenges'), 'id')
        .addColumn('token_hash', 'text', notNull)
        .addColumn('purpose', 'text', notNull)
        .addColumn('contact_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('cascade'))
        .addColumn('webauthn_challenge', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('sign_in_challenges_token').unique().on('sign_in_challenges').column('token_hash').execute();
      await db.schema.createIndex('sign_in_challenges_expires').on('sign_in_challenges').column('expires').execute();

      await db.schema.createTable('contact_browsers')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('browser', 'text', notNull)
        .addColumn('system', 'text', notNull)
        .addColumn('first_seen', 'text', notNull)
        .addPrimaryKeyConstraint('contact_browsers_pk', ['contact_id', 'browser', 'system'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['contact_browsers', 'sign_in_challenges', 'recovery_codes', 'passkeys', 'contact_totp']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.alterTable('sessions').dropColumn('address').execute();
      await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
    },
  };
}
