import type { ListedTicket, LookupItem } from '@portal/contract';
import { MODE, STATUS, isMaintenanceClient, parseServiceIds } from '@portal/domain';
import { sql, type Updateable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { TicketRow, TicketsTable } from '../db/schema';
import type { PendingNotification } from './ticket-repository';
import { TICKET_SUMMARY_COLUMNS, toTicketSummary } from './ticket-row';

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

/** One ticket's computed change: the columns to write and whom to tell. */
export interface PlannedTicketChange {
  ticket_id: number;
  patch: Updateable<TicketsTable>;
  notify: PendingNotification[];
}

export interface CompanySave {
  mode?: number;
  note?: string | null;
}

/** Spec 001 §7: the lists show statuses up to 4 and from 7 (not Complete, not Cancelled). */
const listedStatus = sql<boolean>`(t.status_id <= ${sql.lit(STATUS.testing)} or t.status_id >= ${sql.lit(STATUS.needMoreInfo)})`;

// The agent's list, the staff list and the kanban: tickets with their company's name and mode, the
// company's services (for Maintenance Only) and the assignee's name, in one read per list.
export function createDashboardRepository(db: PortalDb) {
  function baseList() {
    return db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .leftJoin('company_meta as sm', (join) => join.onRef('sm.company_id', '=', 't.company_id').on('sm.meta_key', '=', 'services'))
      .leftJoin('contacts as a', 'a.contact_id', 't.assignee_id')
      .select(TICKET_SUMMARY_COLUMNS)
      .select(['c.name as company_name', 'c.mode as company_mode', 'sm.meta_value as services', 'a.first_name as a_first', 'a.last_name as a_last']);
  }

  function listQuery() {
    return baseList()
      .where(listedStatus)
      // Priority first (1 urgent), then the nearest due date, undated last on both dialects.
      .orderBy('t.priority_id')
      .orderBy(sql`(t.date_due is null)`)
      .orderBy('t.date_due')
      .orderBy('t.ticket_id');
  }

  type Row = Awaited<ReturnType<ReturnType<typeof baseList>['execute']>>[number];

  function toListed(row: Row, services: readonly LookupItem[]): ListedTicket {
    return {
      ...toTicketSummary(row),
      is_maintenance: isMaintenanceClient(parseServiceIds(row.services), services) ? 1 : 0,
      assignee_name: row.a_first === null ? null : `${row.a_first} ${row.a_last ?? ''}`.trim(),
    };
  }

  return {
    /** Spec 001 §7: assignee_id = the agent, status at most 4 or at least 7, by priority then due date. */
    async agentTickets(contactId: number, services: readonly LookupItem[]): Promise<ListedTicket[]> {
      const rows = await listQuery().where('t.assignee_id', '=', contactId).execute();
      return rows.map((row) => toListed(row, services));
    },

    /** Every listed ticket (the staff list), or only those of Active companies (the kanban). */
    async staffTickets(view: 'list' | 'kanban', services: readonly LookupItem[]): Promise<ListedTicket[]> {
      const query = view === 'kanban' ? listQuery().where('c.mode', '=', MODE.active) : listQuery();
      return (await query.execute()).map((row) => toListed(row, services));
    },

    async listedByIds(ticketIds: readonly number[], services: readonly LookupItem[]): Promise<ListedTicket[]> {
      if (ticketIds.length === 0) return [];
      const rows = await baseList()
        .where('t.ticket_id', 'in', [...ticketIds])
        .orderBy('t.ticket_id')
        .execute();
      return rows.map((row) => toListed(row, services));
    },

    /**
     * Reads the tickets, lets `plan` compute each change (applyTicketUpdate) and writes them with
     * their notifications, all in one transaction: one failure leaves every ticket as it was.
     * Answers the ids that were missing (nothing is written then) or the number of changed tickets.
     */
    async bulkUpdate(
      ticketIds: readonly number[],
      plan: (rows: TicketRow[]) => PlannedTicketChange[],
    ): Promise<{ missing: number[]; updated: number }> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('tickets').selectAll().where('ticket_id', 'in', [...ticketIds]).execute();
        const found = new Set(rows.map((row) => row.ticket_id));
        const missing = ticketIds.filter((ticketId) => !found.has(ticketId));
        if (missing.length > 0) return { missing, updated: 0 };
        const changes = plan(rows).filter((change) => Object.keys(change.patch).length > 0);
        const now = new Date().toISOString();
        for (const change of changes) {
          await trx.updateTable('tickets').set(change.patch).where('ticket_id', '=', change.ticket_id).execute();
        }
        const notifications = changes.flatMap((change) =>
          change.notify.map((n) => ({ contact_id: n.contact_id, ticket_id: change.ticket_id, note: n.note, date_created: now })),
        );
        if (notifications.length > 0) await trx.insertInto('notifications').values(notifications).execute();
        return { missing: [], updated: changes.length };
      });
    },

    /**
     * Saves a company's mode and/or note and, when the mode closes the company, its open tickets
     * as `planTickets` computes them (spec 001 §4), in one transaction: the company row first, so
     * a failed ticket write also undoes the mode.
     */
    async saveCompany(
      companyId: number,
      save: CompanySave,
      planTickets: (openTickets: TicketRow[]) => PlannedTicketChange[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const set: { mode?: number; note?: string | null } = {};
        if (save.mode !== undefined) set.mode = save.mode;
        if (save.note !== undefined) set.note = save.note;
        if (Object.keys(set).length > 0) await trx.updateTable('companies').set(set).where('company_id', '=', companyId).execute();
        if (save.mode === undefined) return 0;
        // The 'status' meta mirrors the mode for the message centre's filters (spec 001 §3).
        const modeText = String(save.mode);
        await trx
          .insertInto('company_meta')
          .values({ company_id: companyId, meta_key: 'status', meta_value: modeText, date_created: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['company_id', 'meta_key']).doUpdateSet({ meta_value: modeText }))
          .execute();
        const open = await trx
          .selectFrom('tickets')
          .selectAll()
          .where('company_id', '=', companyId)
          .where('status_id', '<', STATUS.complete)
          .execute();
        const changes = planTickets(open).filter((change) => Object.keys(change.patch).length > 0);
        for (const change of changes) {
          await trx.updateTable('tickets').set(change.patch).where('ticket_id', '=', change.ticket_id).where('company_id', '=', companyId).execute();
        }
        return changes.length;
      });
    },
  };
}
