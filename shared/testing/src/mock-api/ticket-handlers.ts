import { companyHistoryQuery, historyTicket, listedTicket, staffListQuery, ticket, ticketDetail, type TicketUpdate } from '@portal/contract';
import { ticketEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canSeeSla, canSeeTags, compareHistory, compareTickets, isHistoryTicket, matchesTagFilter, parseTagFilter } from '@portal/domain';
import type { PortalData, TicketRow } from './portal-data';
import { contactName, findTicket, ticketTotalTime } from './portal-queries';
import { answer, errorAnswer, idParam, isNull, mock, nextId, notFound, nowIso, readBody, toFlag, toNumber } from './respond';

/** The agent's and the staff lists show statuses 1-4 and 7+ (docs/product/dashboards.md#staff-list-and-kanban). */
const listedStatus = (row: TicketRow) => row.status_id <= 4 || row.status_id >= 7;

/** Tickets: create, read, update, bulk changes, and the company's, the agent's and the staff lists. */
export function ticketHandlers(db: PortalData) {
  const nameOf = (contactId: number | null) => contactName(db, contactId);
  // A ticket's response-time clock goes to staff only (docs/product/response-times.md#who-sees-it).
  const clocked = ({ sla, ...row }: TicketRow) => (db.session && canSeeSla({ groupId: db.session.group_id }) ? { ...row, sla } : row);
  // Tags too (docs/product/tags-and-views.md): never in a client's answer.
  const tagged = ({ tags, ...row }: TicketRow) => (db.session && canSeeTags({ groupId: db.session.group_id }) ? { ...row, tags: tags ?? [] } : row);
  const detail = (row: TicketRow) =>
    ticketDetail.parse({ description: '', contact_name: nameOf(row.contact_id), assignee_name: nameOf(row.assignee_id), ...clocked(tagged(row)) });
  const listed = (row: TicketRow) => listedTicket.parse({ is_maintenance: 1, assignee_name: nameOf(row.assignee_id), ...row, tags: row.tags ?? [] });

  function applyUpdate(row: TicketRow, changes: TicketUpdate) {
    const { type_id, priority_id, status_id, assignee_id, date_due, on_hold, estimate_required, estimated_time, estimate_approved, ...text } = changes;
    Object.assign(row, text);
    if (type_id !== undefined) row.type_id = toNumber(type_id);
    if (priority_id !== undefined) row.priority_id = toNumber(priority_id);
    if (status_id !== undefined) row.status_id = toNumber(status_id);
    if (assignee_id !== undefined) {
      row.assignee_id = assignee_id === null ? null : toNumber(assignee_id);
      row.assignee_name = nameOf(row.assignee_id);
    }
    if (date_due !== undefined) row.date_due = isNull(date_due) ? null : String(date_due);
    if (on_hold !== undefined) row.on_hold = toFlag(on_hold);
    if (estimate_required !== undefined) row.estimate_required = toFlag(estimate_required);
    if (estimated_time !== undefined) row.estimated_time = toNumber(estimated_time);
    if (estimate_approved !== undefined) row.estimate_approved = toNumber(estimate_approved) as -1 | 0 | 1;
  }

  return [
    mock(api.createTicket, async ({ request }) => {
      const read = await readBody(request, api.createTicket);
      if (!read.ok) return read.answer;
      const input = read.body;
      const companyId = Number(input.company_id);
      const company = db.companies.find((c) => c.company_id === companyId);
      if (!company) return notFound();
      const row: TicketRow = {
        ...ticket.parse({
          ticket_id: nextId(db.tickets, (t) => t.ticket_id), contact_id: isNull(input.contact_id) ? db.session?.contact_id ?? null : Number(input.contact_id),
          company_id: companyId, company_name: company.name, company_mode: company.mode, assignee_id: null, title: String(input.title ?? ''),
          description: String(input.description ?? ''), type_id: Number(input.type_id), priority_id: Number(input.priority_id), status_id: 1,
          date_created: nowIso(), date_due: isNull(input.date_due) ? null : String(input.date_due), date_assigned: null, date_completed: null,
          on_hold: 0, estimate_required: toFlag(Number(input.estimate_required ?? 0)), estimated_time: 0, estimate_approved: -1,
        }),
      };
      db.tickets.push(row);
      return answer(api.createTicket, detail(row));
    }),
    mock(api.ticket, ({ params }) => {
      const row = findTicket(db, idParam(params));
      return row ? answer(api.ticket, { ...detail(row), total_time: ticketTotalTime(db, row.ticket_id) }) : notFound(MESSAGES.ticketNotFound);
    }),
    mock(api.updateTicket, async ({ request, params }) => {
      const row = findTicket(db, idParam(params));
      const read = await readBody(request, api.updateTicket);
      if (!read.ok) return read.answer;
      if (!row) return notFound(MESSAGES.ticketNotFound);
      applyUpdate(row, read.body);
      return answer(api.updateTicket, { ...detail(row), total_time: ticketTotalTime(db, row.ticket_id) });
    }),
    mock(api.bulkUpdateTickets, async ({ request }) => {
      const read = await readBody(request, api.bulkUpdateTickets);
      if (!read.ok) return read.answer;
      const { ticket_ids, assignee_id, status_id } = read.body;
      const rows = db.tickets.filter((t) => ticket_ids.includes(t.ticket_id));
      for (const row of rows) {
        if (assignee_id !== undefined) row.assignee_id = assignee_id === null ? null : toNumber(assignee_id);
        if (status_id !== undefined) row.status_id = toNumber(status_id);
      }
      return answer(api.bulkUpdateTickets, { updated: rows.length, tickets: rows.map(listed) });
    }),

    // completed_limit=0 (the dashboard's columns): the open tickets only.
    mock(api.companyTickets, ({ params, request }) => {
      const openOnly = new URL(request.url).searchParams.get('completed_limit') === '0';
      return answer(api.companyTickets, db.tickets.filter((t) => t.company_id === idParam(params) && !(openOnly && isHistoryTicket(t.status_id))));
    }),
    mock(api.companyTicketHistory, ({ params, request }) => {
      const query = companyHistoryQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return errorAnswer(400, MESSAGES.invalidInput);
      const closed = db.tickets
        .filter((t) => t.company_id === idParam(params) && isHistoryTicket(t.status_id))
        .map((t) => historyTicket.parse({ ...t, date_closed: t.date_completed ?? t.date_created }))
        .sort(compareHistory);
      return answer(api.companyTicketHistory, { tickets: closed.slice(query.data.offset, query.data.offset + query.data.limit), total: closed.length });
    }),
    mock(api.staffTicketList, ({ request }) => {
      const query = staffListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return errorAnswer(400, MESSAGES.invalidInput);
      const { sort, direction, statuses, maintenance_only: maintenanceOnly, tag, limit, offset } = query.data;
      const kept = db.tickets
        .filter((t) => listedStatus(t) && (maintenanceOnly === 0 || (t.is_maintenance ?? 1) === 1) && matchesTagFilter(t.tags, tag)).map(listed);
      const matching = kept.filter((t) => statuses.includes(t.status_id)).sort(compareTickets({ sortBy: sort, direction }));
      return answer(api.staffTicketList, { tickets: matching.slice(offset, offset + limit), total: matching.length, unfiltered_total: kept.length });
    }),
    mock(api.contactTickets, ({ params }) =>
      answer(api.contactTickets, db.tickets.filter((t) => t.assignee_id === idParam(params) && listedStatus(t)).map(listed))),
    mock(api.staffTickets, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const kanban = search.get('view') === 'kanban';
      const tags = parseTagFilter(search.get('tag'));
      return answer(api.staffTickets, db.tickets.filter((t) => listedStatus(t) && (!kanban || t.company_mode === 1) && matchesTagFilter(t.tags, tags)).map(listed));
    }),
  ];
}
