import type { HistoryTicket, ListedTicket, LookupItem, Ticket, TicketDetail, TicketSummary } from '@portal/contract';
import {
  HISTORY_STATUSES, MODE, STATUS, isMaintenanceClient, parseServiceIds, staffListOrder, type ListSortField, type SortDirection,
} from '@portal/domain';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { Database, TicketRow, TicketsTable } from '../db/schema';
import { carriesEveryTag, withTagNames } from './tag-repository';
import { TICKET_SUMMARY_COLUMNS, toTicketSummary } from './ticket-row';

export type { TicketRow };
/** The columns of a ticket a change writes. */
export type TicketPatch = Updateable<TicketsTable>;

export type TicketRepository = ReturnType<typeof createTicketRepository>;

/** docs/product/dashboards.md#staff-list-and-kanban: the lists show statuses up to 4 and from 7 (not Complete, not Cancelled). */
const listedStatus = sql<boolean>`(t.status_id <= ${sql.lit(STATUS.testing)} or t.status_id >= ${sql.lit(STATUS.needMoreInfo)})`;

export function createTicketRepository(db: PortalDb) {
  // The company's name and mode ride along (lists and kanban need them), and total_time is a
  // correlated sum over the time_entries(ticket_id) index.
  const totalTime = (eb: ExpressionBuilder<Database & { t: TicketsTable }, 't'>) =>
    eb
      .selectFrom('time_entries as te')
      .whereRef('te.ticket_id', '=', 't.ticket_id')
      .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('te.time'), inner.lit(0)).as('units'))
      .as('total_time');

  function baseQuery() {
    return db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .selectAll('t')
      .select(['c.name as company_name', 'c.mode as company_mode'])
      .select(totalTime);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

  // The client dashboard's list: the same row without the description (no list shows it).
  function summaryQuery(companyId: number) {
    return db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .select(TICKET_SUMMARY_COLUMNS)
      .select(['c.name as company_name', 'c.mode as company_mode'])
      .select(totalTime)
      .where('t.company_id', '=', companyId);
  }

  type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

  function toSummary(row: SummaryRow): TicketSummary {
    return { ...toTicketSummary(row), total_time: Number(row.total_time ?? 0) };
  }

  function toTicket(row: Row): Ticket {
    return { ...toTicketSummary(row), description: row.description, total_time: Number(row.total_time ?? 0) };
  }

  const fullName = (first: string | null, last: string | null) =>
    first === null ? null : `${first} ${last ?? ''}`.trim();

  // The agent's list, the staff list and the kanban: tickets with their company's name and mode, the
  // company's services (for Maintenance Only) and the assignee's name, in one read per list.
  function listedBase() {
    return db
      .selectFrom('tickets as t')
      .innerJoin('companies as c', 'c.company_id', 't.company_id')
      .leftJoin('company_meta as sm', (join) => join.onRef('sm.company_id', '=', 't.company_id').on('sm.meta_key', '=', 'services'))
      .leftJoin('contacts as a', 'a.contact_id', 't.assignee_id')
      .select(TICKET_SUMMARY_COLUMNS)
      .select(['c.name as company_name', 'c.mode as company_mode', 'sm.meta_value as services', 'a.first_name as a_first', 'a.last_name as a_last']);
  }

  function listedQuery() {
    return listedBase()
      .where(listedStatus)
      // Priority first (1 urgent), then the nearest due date, undated last on both dialects.
      .orderBy('t.priority_id')
      .orderBy(sql`(t.date_due is null)`)
      .orderBy('t.date_due')
      .orderBy('t.ticket_id');
  }

  type ListedRow = Awaited<ReturnType<ReturnType<typeof listedBase>['execute']>>[number];

  function toListed(row: ListedRow, services: readonly LookupItem[]): ListedTicket {
    return {
      ...toTicketSummary(row),
      is_maintenance: isMaintenanceClient(parseServiceIds(row.services), services) ? 1 : 0,
      assignee_name: fullName(row.a_first, row.a_last),
    };
  }

  async function add(trx: PortalDb, ticket: Insertable<TicketsTable>): Promise<number> {
    const row = await trx.insertInto('tickets').values(ticket).returning('ticket_id').executeTakeFirstOrThrow();
    return row.ticket_id;
  }

  return {
    /** The detail answer: the ticket, its total time and the requester's and assignee's names, in one query. */
    async findDetail(ticketId: number): Promise<TicketDetail | undefined> {
      const row = await baseQuery()
        .leftJoin('contacts as rq', 'rq.contact_id', 't.contact_id')
        .leftJoin('contacts as asg', 'asg.contact_id', 't.assignee_id')
        .select(['rq.first_name as rq_first', 'rq.last_name as rq_last', 'asg.first_name as asg_first', 'asg.last_name as asg_last'])
        .where('t.ticket_id', '=', ticketId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...toTicket(row),
        contact_name: fullName(row.rq_first, row.rq_last),
        assignee_name: fullName(row.asg_first, row.asg_last),
      };
    },

    /** What the polled sub-resources need to authorize: one primary-key read. */
    async findAccess(ticketId: number): Promise<{ ticket_id: number; company_id: number } | undefined> {
      return db.selectFrom('tickets').select(['ticket_id', 'company_id']).where('ticket_id', '=', ticketId).executeTakeFirst();
    },

    async findRow(ticketId: number): Promise<TicketRow | undefined> {
      return db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
    },

    /** The stored rows of these tickets, read on the transaction that changes them. */
    async findRows(trx: PortalDb, ticketIds: readonly number[]): Promise<TicketRow[]> {
      if (ticketIds.length === 0) return [];
      return trx.selectFrom('tickets').selectAll().where('ticket_id', 'in', [...ticketIds]).execute();
    },

    /** Writes a ticket's changed columns on `trx` (nothing for an empty patch). */
    async update(trx: PortalDb, ticketId: number, patch: TicketPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await trx.updateTable('tickets').set(patch).where('ticket_id', '=', ticketId).execute();
    },

    async findById(ticketId: number): Promise<Ticket | undefined> {
      const row = await baseQuery().where('t.ticket_id', '=', ticketId).executeTakeFirst();
      return row && toTicket(row);
    },

    /** The search route's whitelisted filter and order (see search-repository). */
    async listWhere(where: Expression<SqlBool>, order: Expression<unknown>, limit: number): Promise<Ticket[]> {
      const rows = await baseQuery().where(where).orderBy(order as never).limit(limit).execute();
      return rows.map(toTicket);
    },

    async listForCompany(companyId: number): Promise<Ticket[]> {
      const rows = await baseQuery().where('t.company_id', '=', companyId).orderBy('t.ticket_id', 'desc').execute();
      return rows.map(toTicket);
    },

    /**
     * The client dashboard's list: every open ticket (status not 5 or 6), newest first, then the
     * newest `completedLimit` completed ones, newest completion first; cancelled ones are never
     * shown there. Two range reads of tickets(company_id, status_id, date_completed, ticket_id), so
     * the answer stays the same size however much history the company has.
     */
    async listCompanySummaries(companyId: number, completedLimit: number): Promise<TicketSummary[]> {
      const open = summaryQuery(companyId)
        .where(sql<boolean>`(t.status_id < ${sql.lit(STATUS.complete)} or t.status_id > ${sql.lit(STATUS.cancelled)})`)
        .orderBy('t.ticket_id', 'desc')
        .execute();
      const completed = completedLimit > 0
        ? summaryQuery(companyId)
          .where('t.status_id', '=', STATUS.complete)
          .orderBy('t.date_completed', 'desc')
          .orderBy('t.ticket_id', 'desc')
          .limit(completedLimit)
          .execute()
        : Promise.resolve([]);
      return [...(await open), ...(await completed)].map(toSummary);
    },

    /**
     * docs/product/dashboards.md#ticket-history: the company's completed and cancelled tickets, newest closing
     * first (the completion, else the last change: the cancellation), `limit` from `offset`, and how many
     * there are. Both walk indexes: tickets_company_closed for the page, tickets(company_id, status_id, …) for the count.
     */
    async listCompanyHistory(companyId: number, limit: number, offset: number): Promise<{ tickets: HistoryTicket[]; total: number }> {
      const closedAt = sql<string>`coalesce(t.date_completed, t.date_updated)`;
      const [rows, count] = await Promise.all([
        summaryQuery(companyId)
          .select(closedAt.as('date_closed'))
          .where('t.status_id', 'in', [...HISTORY_STATUSES])
          .orderBy(closedAt, 'desc')
          .orderBy('t.ticket_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db.selectFrom('tickets').select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('company_id', '=', companyId).where('status_id', 'in', [...HISTORY_STATUSES]).executeTakeFirstOrThrow(),
      ]);
      return { tickets: rows.map((row) => ({ ...toSummary(row), date_closed: row.date_closed })), total: Number(count.n) };
    },

    /**
     * docs/product/dashboards.md#staff-list-and-kanban: the staff List view a page at a time, filtered and
     * sorted here (staffListOrder) so the answer stays a page however many tickets are open. `maintenanceIds`:
     * the companies Maintenance Only keeps, or null for every company. Counts come from one grouped read.
     */
    async listStaffPage(
      query: { sort: ListSortField; direction: SortDirection; statuses: readonly number[]; tag?: readonly string[]; limit: number; offset: number },
      maintenanceIds: readonly number[] | null,
      services: readonly LookupItem[],
    ): Promise<{ tickets: ListedTicket[]; total: number; unfiltered_total: number }> {
      if (maintenanceIds !== null && maintenanceIds.length === 0) return { tickets: [], total: 0, unfiltered_total: 0 };
      const counted = db.selectFrom('tickets as t')
        .select((eb) => ['t.status_id', eb.fn.countAll<number | string>().as('n')])
        .where(listedStatus)
        .$if(maintenanceIds !== null, (q) => q.where('t.company_id', 'in', [...maintenanceIds!]))
        .where(carriesEveryTag(query.tag ?? []))
        .groupBy('t.status_id')
        .execute();
      let page = listedBase().where(listedStatus).where(carriesEveryTag(query.tag ?? []));
      if (maintenanceIds !== null) page = page.where('t.company_id', 'in', [...maintenanceIds]);
      page = query.statuses.length > 0 ? page.where('t.status_id', 'in', [...query.statuses]) : page.where(sql<boolean>`1 = 0`);
      for (const term of staffListOrder({ sortBy: query.sort, direction: query.direction })) {
        const column = term.column === 'company_name' ? sql`lower(c.name)` : sql.ref(`t.${term.column}`);
        if (term.nullsLast) page = page.orderBy(sql`(${column} is null)`);
        page = page.orderBy(column, term.direction);
      }
      const [rows, counts] = await Promise.all([page.orderBy('t.ticket_id').limit(query.limit).offset(query.offset).execute(), counted]);
      const sum = (keep: (statusId: number) => boolean) => counts.reduce((total, row) => total + (keep(row.status_id) ? Number(row.n) : 0), 0);
      return {
        tickets: await withTagNames(db, rows.map((row) => toListed(row, services))),
        total: sum((statusId) => query.statuses.includes(statusId)),
        unfiltered_total: sum(() => true),
      };
    },

    /** The companies whose services make them maintenance clients (Maintenance Only), from the services meta. */
    async maintenanceCompanyIds(services: readonly LookupItem[]): Promise<number[]> {
      const rows = await db.selectFrom('company_meta').select(['company_id', 'meta_value']).where('meta_key', '=', 'services').execute();
      return rows.filter((row) => isMaintenanceClient(parseServiceIds(row.meta_value), services)).map((row) => row.company_id);
    },

    /** docs/product/dashboards.md#agent-page: assignee_id = the agent, status at most 4 or at least 7, by priority then due date. */
    async listForAgent(contactId: number, services: readonly LookupItem[]): Promise<ListedTicket[]> {
      const rows = await listedQuery().where('t.assignee_id', '=', contactId).execute();
      return withTagNames(db, rows.map((row) => toListed(row, services)));
    },

    /** Every listed ticket (the staff list), or only those of Active companies (the kanban); with `tags`, those carrying each. */
    async listForStaff(view: 'list' | 'kanban', services: readonly LookupItem[], tags: readonly string[] = []): Promise<ListedTicket[]> {
      const query = (view === 'kanban' ? listedQuery().where('c.mode', '=', MODE.active) : listedQuery()).where(carriesEveryTag(tags));
      return withTagNames(db, (await query.execute()).map((row) => toListed(row, services)));
    },

    /**
     * How many tickets a board shows under a saved view's filter (docs/product/tags-and-views.md#saved-views), by the
     * lists' own conditions: the list's statuses (the kanban: every listed status of Active companies), Maintenance
     * Only's companies (`maintenanceIds`, null for all), the tags, and on an agent's board their own tickets not on hold.
     */
    async countBoard(
      filter: { board: 'list' | 'kanban'; statuses: readonly number[]; tags: readonly string[] },
      maintenanceIds: readonly number[] | null,
      agentId: number | null,
    ): Promise<number> {
      if (maintenanceIds !== null && maintenanceIds.length === 0) return 0;
      if (filter.board === 'list' && filter.statuses.length === 0) return 0;
      const row = await db.selectFrom('tickets as t')
        .innerJoin('companies as c', 'c.company_id', 't.company_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(listedStatus)
        .where(carriesEveryTag(filter.tags))
        .$if(filter.board === 'list', (q) => q.where('t.status_id', 'in', [...filter.statuses]))
        .$if(filter.board === 'kanban', (q) => q.where('c.mode', '=', MODE.active))
        .$if(maintenanceIds !== null, (q) => q.where('t.company_id', 'in', [...maintenanceIds!]))
        .$if(agentId !== null, (q) => q.where('t.assignee_id', '=', agentId!).where('t.on_hold', '=', 0))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async listedByIds(ticketIds: readonly number[], services: readonly LookupItem[]): Promise<ListedTicket[]> {
      if (ticketIds.length === 0) return [];
      const rows = await listedBase().where('t.ticket_id', 'in', [...ticketIds]).orderBy('t.ticket_id').execute();
      return withTagNames(db, rows.map((row) => toListed(row, services)));
    },

    /** A new ticket on `trx`, the transaction that writes what comes with it; answers its id. */
    add,

    /** A ticket on its own (tests, tools): one statement. */
    async create(ticket: Insertable<TicketsTable>): Promise<number> {
      return add(db, ticket);
    },
  };
}
