import type { Migration } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';

// Webhooks from an event outbox (docs/decisions/0021-webhooks-from-an-event-outbox.md): the services write one
// `webhook_events` row inside the transaction of the change it describes; the job runner fans each event out to
// one `webhook_deliveries` row per matching endpoint (the unique pair makes the fan-out an insert-if-absent any
// number of processes may run) and leases the deliveries to send them, as the mail outbox does.
export function webhooks(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('webhooks'), 'id')
        .addColumn('url', 'text', notNull)
        // Sealed with the server's secret box: a database dump alone cannot forge signatures.
        .addColumn('secret', 'text', notNull)
        .addColumn('events', 'text', notNull)
        .addColumn('company_id', 'integer')
        .addColumn('format', 'text', (c) => c.notNull().defaultTo('json'))
        .addColumn('urgent_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('staff_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('date_created', 'text', notNull)
        .execute();

      await withId(dialect, db.schema.createTable('webhook_events'), 'id')
        .addColumn('event_id', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('ticket_id', 'integer')
        .addColumn('company_id', 'integer')
        .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
        // Set once the job runner has written this event's deliveries; the fan-out reads the unset ones.
        .addColumn('fanned_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('payload', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('webhook_events_event_id').unique().on('webhook_events').column('event_id').execute();
      await db.schema.createIndex('webhook_events_fan_out').on('webhook_events').columns(['fanned_out', 'id']).execute();
      await db.schema.createIndex('webhook_events_date').on('webhook_events').column('date_created').execute();

      await withId(dialect, db.schema.createTable('webhook_deliveries'), 'id')
        .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
        .addColumn('ticket_id', 'integer')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_answer', 'text')
        .addColumn('last_error', 'text')
        .addColumn('date_created', 'text', notNull)
        .addColumn('date_delivered', 'text')
        .execute();
      await db.schema.createIndex('webhook_deliveries_pair').unique().on('webhook_deliveries').columns(['webhook_id', 'event_id']).execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      // The order check: an earlier pending delivery of the same ticket to the same endpoint.
      await db.schema.createIndex('webhook_deliveries_ticket').on('webhook_deliveries').columns(['webhook_id', 'ticket_id', 'status', 'id']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('webhook_deliveries').ifExists().execute();
      await db.schema.dropTable('webhook_events').ifExists().execute();
      await db.schema.dropTable('webhooks').ifExists().execute();
    },
  };
}
