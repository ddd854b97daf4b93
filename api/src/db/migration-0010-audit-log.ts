import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// The audit trail (docs/product/accounts-and-roles.md#audit-trail): one row per recorded change, written in
// the transaction of the change. No foreign keys: the trail outlives the tickets, companies and contacts it
// names. `changes` is the JSON list of { field, before, after }. Reads are newest first by audit_id, for one
// record (a ticket's History tab) or filtered by entity, action, actor or company (the admin screen).
export function auditLog(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('audit_log'), 'audit_id')
        .addColumn('date_created', 'text', notNull)
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'text', notNull)
        .addColumn('entity', 'text', notNull)
        .addColumn('entity_id', 'integer')
        .addColumn('company_id', 'integer')
        .addColumn('subject', 'text')
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'audit_id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'audit_id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'audit_id']).execute();
      await db.schema.createIndex('audit_log_company').on('audit_log').columns(['company_id', 'audit_id']).execute();
      await db.schema.createIndex('audit_log_date').on('audit_log').columns(['date_created']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('audit_log').ifExists().execute();
    },
  };
}
