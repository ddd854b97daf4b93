import { STATUS, type CompletedTicketRow, type MaintenanceTicketRow, type OpenTicketRow, type Period } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { StatementsTable } from '../db/schema';

export type StatementRow = Selectable<StatementsTable>;

const iso = (date: Date) => date.toISOString();
const FINISHED = [STATUS.complete, STATUS.cancelled];

/**
 * SQL of monthly statements (docs/product/statements.md): the row of a company's month (held or sent; none: a draft),
 * and the reads a statement is built from beside the month's time (invoice-repository's companyEntries). Inserting
 * the row is the claim: a method taking `trx` writes on the caller's transaction.
 */
export function statementRepository(db: PortalDb) {
  return {
    async find(companyId: number, month: string, executor: PortalDb = db): Promise<StatementRow | undefined> {
      return executor.selectFrom('statements').selectAll().where('company_id', '=', companyId).where('month', '=', month).executeTakeFirst();
    },

    async forMonth(month: string): Promise<StatementRow[]> {
      return db.selectFrom('statements').selectAll().where('month', '=', month).execute();
    },

    /** The company's statements that went out, newest month first. */
    async sentForCompany(companyId: number): Promise<StatementRow[]> {
      return db.selectFrom('statements').selectAll().where('company_id', '=', companyId).where('status', '=', 'sent').orderBy('month', 'desc').execute();
    },

    /** Claims the send of a company's month; false when it is held or was sent already (its row is there). */
    async claimSend(trx: PortalDb, companyId: number, month: string, now: Date): Promise<boolean> {
      const inserted = await trx
        .insertInto('statements')
        .values({ company_id: companyId, month, status: 'sent', held_by: null, date_held: null, date_sent: iso(now), outbox_ids: null })
        .onConflict((oc) => oc.columns(['company_id', 'month']).doNothing())
        .returning('company_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async recordMail(trx: PortalDb, companyId: number, month: string, outboxIds: readonly number[]): Promise<void> {
      await trx.updateTable('statements').set({ outbox_ids: JSON.stringify(outboxIds) }).where('company_id', '=', companyId).where('month', '=', month).execute();
    },

    /** Holds a company's month; false when its row is there already (held before, or sent). */
    async hold(trx: PortalDb, companyId: number, month: string, heldBy: number, now: Date): Promise<boolean> {
      const inserted = await trx
        .insertInto('statements')
        .values({ company_id: companyId, month, status: 'held', held_by: heldBy, date_held: iso(now), date_sent: null, outbox_ids: null })
        .onConflict((oc) => oc.columns(['company_id', 'month']).doNothing())
        .returning('company_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Releases a held month (its row goes: a draft again, sent by the next pass); false when it was not held. */
    async release(trx: PortalDb, companyId: number, month: string): Promise<boolean> {
      const result = await trx
        .deleteFrom('statements')
        .where('company_id', '=', companyId)
        .where('month', '=', month)
        .where('status', '=', 'held')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The companies that have a statement for the month: time logged or a ticket completed in it, an hour bank begun
     * by then, or a maintenance period holding it. Companies that still exist, by id.
     */
    async companiesWithActivity(period: Period, month: string): Promise<{ company_id: number; name: string }[]> {
      const from = iso(period.from);
      const to = iso(period.to);
      return db
        .selectFrom('companies as c')
        .select(['c.company_id', 'c.name'])
        .where(({ or, exists, selectFrom }) => or([
          exists(selectFrom('time_entries as te').select('te.time_id').whereRef('te.company_id', '=', 'c.company_id')
            .where('te.date', '>=', from).where('te.date', '<', to)),
          exists(selectFrom('tickets as t').select('t.ticket_id').whereRef('t.company_id', '=', 'c.company_id')
            .where('t.date_completed', '>=', from).where('t.date_completed', '<', to)),
          exists(selectFrom('hour_banks as b').select('b.company_id').whereRef('b.company_id', '=', 'c.company_id').where('b.start_month', '<=', month)),
          exists(selectFrom('maintenance_runs as m').select('m.company_id').whereRef('m.company_id', '=', 'c.company_id')
            .where('m.period_start', '<=', month).where('m.period_end', '>=', month)),
        ]))
        .orderBy('c.name')
        .orderBy('c.company_id')
        .execute();
    },

    async completedTickets(companyId: number, period: Period): Promise<CompletedTicketRow[]> {
      const rows = await db
        .selectFrom('tickets')
        .select(['ticket_id', 'title', 'date_completed'])
        .where('company_id', '=', companyId)
        .where('date_completed', '>=', iso(period.from))
        .where('date_completed', '<', iso(period.to))
        .orderBy('date_completed')
        .execute();
      return rows.map((row) => ({ ...row, date_completed: row.date_completed ?? '' }));
    },

    /** The company's open tickets due before `before`. */
    async overdueTickets(companyId: number, before: Date): Promise<OpenTicketRow[]> {
      return db
        .selectFrom('tickets')
        .select(['ticket_id', 'title', 'status_id', 'date_due'])
        .where('company_id', '=', companyId)
        .where('status_id', 'not in', FINISHED)
        .where('date_due', 'is not', null)
        .where('date_due', '<', iso(before))
        .orderBy('date_due')
        .execute();
    },

    /** The tickets the company's maintenance schedule opened for a period holding the month, with their checklists. */
    async maintenanceTickets(companyId: number, month: string): Promise<MaintenanceTicketRow[]> {
      const tickets = await db
        .selectFrom('maintenance_runs as m')
        .innerJoin('tickets as t', 't.ticket_id', 'm.ticket_id')
        .select(['t.ticket_id', 't.title'])
        .where('m.company_id', '=', companyId)
        .where('m.period_start', '<=', month)
        .where('m.period_end', '>=', month)
        .orderBy('m.period_start')
        .execute();
      if (tickets.length === 0) return [];
      const tasks = await db
        .selectFrom('tasks')
        .select(['ticket_id', 'instruction', 'date_completed'])
        .where('ticket_id', 'in', tickets.map((ticket) => ticket.ticket_id))
        .orderBy('sort_order')
        .orderBy('task_id')
        .execute();
      return tickets.map((ticket) => ({ ...ticket, tasks: tasks.filter((task) => task.ticket_id === ticket.ticket_id) }));
    },
  };
}
