import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Personal access tokens (docs/product/integrations.md#api-tokens; docs/decisions/0020-api-tokens.md): a script's
// `Authorization: Bearer pat_…`. Only the sha256 of the token is kept, as with sessions. access: 'read' (GET and HEAD),
// 'write' (what the owner may do) or 'inbound' (only opening tickets through POST /api/inbound/tickets). company_id
// narrows a staff member's token to one company; null leaves it at the owner's rights. expires_at null: never.
// last_used_at / last_used_address are written at most once a minute. revoked_at ends it for good: by its owner, an
// admin (revoked_by), or the owner's new password or second factor (revoked_by null). Gone with the owner.
export function apiTokens(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('api_tokens'), 'token_id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('token_hash', 'text', notNull)
        .addColumn('access', 'text', notNull)
        .addColumn('company_id', 'integer', (c) => c.references('companies.company_id').onDelete('cascade'))
        .addColumn('expires_at', 'text')
        .addColumn('date_created', 'text', notNull)
        .addColumn('last_used_at', 'text')
        .addColumn('last_used_address', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_by', 'integer')
        .execute();
      await db.schema.createIndex('api_tokens_hash').unique().on('api_tokens').column('token_hash').execute();
      await db.schema.createIndex('api_tokens_contact').on('api_tokens').columns(['contact_id', 'revoked_at']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('api_tokens').ifExists().execute();
    },
  };
}
