import type { Ticket } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import type { TicketsTable } from '../db/schema';
import type { Insertable } from 'kysely';

export type TicketRepository = ReturnType<typeof createTicketRepository>;

type EstimateApproved = Ticket['estimate_approved'];

const asFlag = (value: number): 0 | 1 => (value ? 1 : 0);
const asApproval = (value: number): EstimateApproved => (value === 1 ? 1 : value === 0 ? 0 : -1);

export function createTicketRepository(db: PortalDb) {
  // The company's name and mode ride along (lists and kanban need them), and total_time is a
  // correlated sum over the time_entries(ticket_id) index.
  function baseQuery() {
    return db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .selectAll('t')
      .select(['c.name as company_name', 'c.mode as company_mode'])
      .select((eb) =>
        eb
          .selectFrom('time_entries as te')
          .whereRef('te.ticket_id', '=', 't.ticket_id')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('te.time'), inner.lit(0)).as('units'))
          .as('total_time'),
      );
  }

  type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

  function toTicket(row: Row): Ticket {
    return {
      ticket_id: row.ticket_id,
      contact_id: row.contact_id,
      company_id: row.company_id,
      company_name: row.company_name,
      company_mode: row.company_mode,
      assignee_id: row.assignee_id,
      title: row.title,
      description: row.description,
      type_id: row.type_id,
      priority_id: row.priority_id,
      status_id: row.status_id,
      date_created: row.date_created,
      date_due: row.date_due,
      date_assigned: row.date_assigned,
      date_completed: row.date_completed,
      on_hold: asFlag(row.on_hold),
      estimate_required: asFlag(row.estimate_required),
      estimated_time: row.estimated_time,
      estimate_approved: asApproval(row.estimate_approved),
      total_time: Number(row.total_time ?? 0),
    };
  }

  return {
    async findById(ticketId: number): Promise<Ticket | undefined> {
      const row = await baseQuery().where('t.ticket_id', '=', ticketId).executeTakeFirst();
      return row && toTicket(row);
    },

    async listForCompany(companyId: number): Promise<Ticket[]> {
      const rows = await baseQuery().where('t.company_id', '=', companyId).orderBy('t.ticket_id', 'desc').execute();
      return rows.map(toTicket);
    },

    async create(ticket: Insertable<TicketsTable>): Promise<number> {
      const row = await db.insertInto('tickets').values(ticket).returning('ticket_id').executeTakeFirstOrThrow();
      return row.ticket_id;
    },
  };
}
