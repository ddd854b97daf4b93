import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Timers (docs/product/time-and-billing.md#timers): a staff member's one timer, kept on the server so a reload,
// a closed tab or another device finds it. contact_id is the key, so one timer per person however many processes
// start one. started_at is when the running stretch began; accumulated_seconds what earlier stretches added;
// paused_at is set while paused. asked_at: the 4-hour "still going?" was sent; limit_paused_at: the job paused it
// at 10 hours (each once per timer). Gone with the person or the ticket.
export function timers(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('timers')
        .addColumn('contact_id', 'integer', (c) => c.primaryKey().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('started_at', 'text', notNull)
        .addColumn('accumulated_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paused_at', 'text')
        .addColumn('asked_at', 'text')
        .addColumn('limit_paused_at', 'text')
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('timers_ticket').on('timers').column('ticket_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('timers').ifExists().execute();
    },
  };
}
