import type { Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { TimersTable } from '../db/schema';

// Timers (docs/product/time-and-billing.md#timers): the SQL of the timers table. Every function takes the executor
// it runs on, the database or a transaction: a timer is written in the same transaction as the time it logs.

export type StoredTimer = Selectable<TimersTable>;
export type TitledTimer = StoredTimer & { title: string; company_id: number };

/** The contact's timer with its ticket's title, or undefined. */
export async function findTimer(executor: PortalDb, contactId: number): Promise<TitledTimer | undefined> {
  return executor
    .selectFrom('timers as tm')
    .innerJoin('tickets as t', 't.ticket_id', 'tm.ticket_id')
    .selectAll('tm')
    .select(['t.title', 't.company_id'])
    .where('tm.contact_id', '=', contactId)
    .executeTakeFirst();
}

/** Inserts the contact's timer unless one exists (any process may be starting one): true when this one was written. */
export async function insertTimer(
  executor: PortalDb, row: { contact_id: number; ticket_id: number; started_at: string; date_created: string },
): Promise<boolean> {
  const result = await executor
    .insertInto('timers')
    .values({ ...row, accumulated_seconds: 0, paused_at: null, asked_at: null, limit_paused_at: null })
    .onConflict((oc) => oc.column('contact_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes the contact's timer away, answering what it was: of two callers at once only one gets it. */
export async function takeTimer(executor: PortalDb, contactId: number): Promise<StoredTimer | undefined> {
  return executor.deleteFrom('timers').where('contact_id', '=', contactId).returningAll().executeTakeFirst();
}

/**
 * Writes `patch` on the timer only if it is still as `seen` (the same running stretch, paused or not, asked or not):
 * a check made on an older read writes nothing. True when written.
 */
export async function updateTimerIfUnchanged(
  executor: PortalDb, seen: StoredTimer, patch: Partial<Omit<StoredTimer, 'contact_id' | 'ticket_id' | 'date_created'>>,
): Promise<boolean> {
  const result = await executor
    .updateTable('timers')
    .set(patch)
    .where('contact_id', '=', seen.contact_id)
    .where('started_at', '=', seen.started_at)
    .where('accumulated_seconds', '=', seen.accumulated_seconds)
    .where((eb) => eb.and((['paused_at', 'asked_at', 'limit_paused_at'] as const).map((column) => {
      const value = seen[column];
      return value === null ? eb(column, 'is', null) : eb(column, '=', value);
    })))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every running timer with its ticket's title: one row per staff member at most, read by the job runner. */
export async function runningTimers(executor: PortalDb): Promise<TitledTimer[]> {
  return executor
    .selectFrom('timers as tm')
    .innerJoin('tickets as t', 't.ticket_id', 'tm.ticket_id')
    .selectAll('tm')
    .select(['t.title', 't.company_id'])
    .where('tm.paused_at', 'is', null)
    .execute();
}
