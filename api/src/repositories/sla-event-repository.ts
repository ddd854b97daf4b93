import type { PriorityTarget, SlaTarget } from '@portal/domain';
import type { PortalDb } from '../db/connect';

export type SlaEventRepository = ReturnType<typeof createSlaEventRepository>;

/** An open ticket as the warning job reads it. */
export interface WatchedTicket {
  ticket_id: number;
  company_id: number;
  assignee_id: number | null;
  title: string;
  priority_id: number;
  status_id: number;
  date_created: string;
}

export interface SlaEventRow {
  ticket_id: number;
  target: SlaTarget;
  warned_at: string | null;
  breached_at: string | null;
}

/**
 * Warnings and breaches of response-time promises (docs/product/response-times.md#warnings-and-breaches), each
 * recorded once per ticket and target: what the job reads in batches and what it writes, race-free across processes.
 */
export function createSlaEventRepository(db: PortalDb) {
  return {
    /**
     * One batch of the tickets in `statusId` (a status with a clock) after `afterId`, in id order, of a priority with a
     * default target or of a company with its own targets: one range of the (status_id, ticket_id) index.
     */
    async openPromised(filter: { statusId: number; priorityIds: readonly number[]; companyIds: readonly number[]; afterId: number; limit: number }): Promise<WatchedTicket[]> {
      const { statusId, priorityIds, companyIds, afterId, limit } = filter;
      if (priorityIds.length === 0 && companyIds.length === 0) return [];
      return db
        .selectFrom('tickets')
        .select(['ticket_id', 'company_id', 'assignee_id', 'title', 'priority_id', 'status_id', 'date_created'])
        .where('status_id', '=', statusId)
        .where('ticket_id', '>', afterId)
        .where((eb) => eb.or([
          ...(priorityIds.length > 0 ? [eb('priority_id', 'in', [...priorityIds])] : []),
          ...(companyIds.length > 0 ? [eb('company_id', 'in', [...companyIds])] : []),
        ]))
        .orderBy('ticket_id')
        .limit(limit)
        .execute();
    },

    /** Every company with its own targets (few: a contract or plan each), by company. */
    async companiesWithTargets(): Promise<Map<number, PriorityTarget[]>> {
      const rows = await db.selectFrom('company_sla_targets').select(['company_id', 'targets']).execute();
      const found = new Map<number, PriorityTarget[]>();
      for (const row of rows) {
        try {
          found.set(row.company_id, JSON.parse(row.targets) as PriorityTarget[]);
        } catch {
          found.set(row.company_id, []);
        }
      }
      return found;
    },

    /** The tickets opened in [from, to) (of one company, or all) with their company's name, in id order: the monthly report's. */
    async openedIn(from: string, to: string, companyId?: number): Promise<(WatchedTicket & { company_name: string })[]> {
      let query = db
        .selectFrom('tickets as t')
        .innerJoin('companies as c', 'c.company_id', 't.company_id')
        .select(['t.ticket_id', 't.company_id', 't.assignee_id', 't.title', 't.priority_id', 't.status_id', 't.date_created', 'c.name as company_name'])
        .where('t.date_created', '>=', from)
        .where('t.date_created', '<', to);
      if (companyId !== undefined) query = query.where('t.company_id', '=', companyId);
      return query.orderBy('t.ticket_id').execute();
    },

    /** The warnings and breaches recorded for these tickets, by ticket. */
    async forTickets(ticketIds: readonly number[]): Promise<Map<number, SlaEventRow[]>> {
      const found = new Map<number, SlaEventRow[]>();
      if (ticketIds.length === 0) return found;
      const rows = await db.selectFrom('sla_events').selectAll().where('ticket_id', 'in', [...ticketIds]).execute();
      for (const row of rows) found.set(row.ticket_id, [...(found.get(row.ticket_id) ?? []), row]);
      return found;
    },

    /** Records the warning of `target` unless the ticket was warned of it (or breached it) before; true when this call did. */
    async recordWarning(trx: PortalDb, ticketId: number, target: SlaTarget, at: string): Promise<boolean> {
      const inserted = await trx.insertInto('sla_events')
        .values({ ticket_id: ticketId, target, warned_at: at, breached_at: null })
        .onConflict((oc) => oc.columns(['ticket_id', 'target']).doNothing())
        .returning('ticket_id')
        .execute();
      return inserted.length > 0;
    },

    /** Records the breach of `target` unless it was recorded before; true when this call did. */
    async recordBreach(trx: PortalDb, ticketId: number, target: SlaTarget, at: string): Promise<boolean> {
      const inserted = await trx.insertInto('sla_events')
        .values({ ticket_id: ticketId, target, warned_at: null, breached_at: at })
        .onConflict((oc) => oc.columns(['ticket_id', 'target']).doNothing())
        .returning('ticket_id')
        .execute();
      if (inserted.length > 0) return true;
      const updated = await trx.updateTable('sla_events')
        .set({ breached_at: at })
        .where('ticket_id', '=', ticketId)
        .where('target', '=', target)
        .where('breached_at', 'is', null)
        .returning('ticket_id')
        .execute();
      return updated.length > 0;
    },
  };
}
