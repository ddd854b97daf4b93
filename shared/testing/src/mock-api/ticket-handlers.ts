import { http } from 'msw';
import {
  activity, activityCreate, aiStatus, aiTasksAnswer, aiTasksRequest, attachment, deletedAnswer, task, taskCreate, taskUpdate,
  ticket, ticketCreate, ticketDetail, ticketTime, ticketUpdate, timeEntryCreate, timeEntryCreated, type TicketUpdate,
} from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { PortalData, TicketRow } from './portal-data';
import { apiPath, idParam, nextId, notFound, nowIso, readBody, reply, toFlag, toNumber } from './respond';

const fullName = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`;
const isNull = (value: unknown) => value === null || value === '' || value === 'null';

/** The ticket screen's routes: the ticket, its activity, time, tasks and attachments, and the AI helper. */
export function ticketHandlers(db: PortalData) {
  const findTicket = (id: number) => db.tickets.find((t) => t.ticket_id === id);
  const nameOf = (contactId: number | null) => {
    const found = db.contacts.find((c) => c.contact_id === contactId);
    return found ? fullName(found) : null;
  };
  // The ticket's total_time when it has one (a seeded ticket need not list every entry), else its entries' sum.
  const totalTime = (ticketId: number) =>
    findTicket(ticketId)?.total_time ?? db.timeEntries.filter((e) => e.ticket_id === ticketId).reduce((sum, e) => sum + e.time, 0);
  const detail = (row: TicketRow) =>
    ticketDetail.parse({ description: '', contact_name: nameOf(row.contact_id), assignee_name: nameOf(row.assignee_id), ...row });

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
    http.post(apiPath('/ticket'), async ({ request }) => {
      const read = await readBody(request, ticketCreate);
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
      return reply(ticketDetail, detail(row), 201);
    }),
    http.get(apiPath('/ticket/:id'), ({ params }) => {
      const row = findTicket(idParam(params));
      return row ? reply(ticketDetail, { ...detail(row), total_time: totalTime(row.ticket_id) }) : notFound(MESSAGES.ticketNotFound);
    }),
    http.put(apiPath('/ticket/:id'), async ({ request, params }) => {
      const row = findTicket(idParam(params));
      const read = await readBody(request, ticketUpdate);
      if (!read.ok) return read.answer;
      if (!row) return notFound(MESSAGES.ticketNotFound);
      applyUpdate(row, read.body);
      return reply(ticketDetail, { ...detail(row), total_time: totalTime(row.ticket_id) });
    }),

    http.get(apiPath('/ticket/:id/activity'), ({ params }) =>
      reply(activity.array(), db.activity.filter((a) => a.ticket_id === idParam(params)))),
    http.post(apiPath('/activity'), async ({ request }) => {
      const read = await readBody(request, activityCreate);
      if (!read.ok) return read.answer;
      const author = db.session;
      const created = activity.parse({
        activity_id: nextId(db.activity, (a) => a.activity_id), ticket_id: Number(read.body.ticket_id), contact_id: author?.contact_id ?? null,
        contact_name: author ? fullName(author) : null, note: read.body.note, date_created: nowIso(),
      });
      db.activity = [created, ...db.activity];
      return reply(activity, created, 201);
    }),
    http.delete(apiPath('/activity/:id'), ({ params }) => {
      const before = db.activity.length;
      db.activity = db.activity.filter((a) => a.activity_id !== idParam(params));
      return before === db.activity.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),

    http.get(apiPath('/ticket/:id/time'), ({ params }) => {
      const ticketId = idParam(params);
      return reply(ticketTime, { total_time: totalTime(ticketId), entries: db.timeEntries.filter((e) => e.ticket_id === ticketId) });
    }),
    http.post(apiPath('/time'), async ({ request }) => {
      const read = await readBody(request, timeEntryCreate);
      if (!read.ok) return read.answer;
      const { ticket_id, contact_id, time, description } = read.body;
      const author = contact_id === undefined || contact_id === null ? db.session?.contact_id ?? null : Number(contact_id);
      const entry = {
        time_id: nextId(db.timeEntries, (e) => e.time_id), ticket_id: Number(ticket_id), contact_id: author, contact_name: nameOf(author),
        time: Number(time ?? 0), description: description ?? '', date: nowIso(),
      };
      const total = totalTime(entry.ticket_id) + entry.time;
      db.timeEntries.push(entry);
      const row = findTicket(entry.ticket_id);
      if (row) row.total_time = total;
      return reply(timeEntryCreated, { entry, total_time: total }, 201);
    }),

    http.get(apiPath('/ticket/:id/tasks'), ({ params }) => reply(task.array(), db.tasks.filter((t) => t.ticket_id === idParam(params)))),
    http.post(apiPath('/ticket/:id/tasks'), async ({ request, params }) => {
      const read = await readBody(request, taskCreate);
      if (!read.ok) return read.answer;
      const ticketId = idParam(params);
      const created = task.parse({
        task_id: nextId(db.tasks, (t) => t.task_id), ticket_id: ticketId, instruction: read.body.instruction,
        sort_order: db.tasks.filter((t) => t.ticket_id === ticketId).length + 1, date_completed: null, date_created: nowIso(),
      });
      db.tasks.push(created);
      return reply(task, created, 201);
    }),
    http.put(apiPath('/ticket/:id/tasks/:task_id'), async ({ request, params }) => {
      const found = db.tasks.find((t) => t.task_id === idParam(params, 'task_id'));
      const read = await readBody(request, taskUpdate);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      if (read.body.instruction !== undefined) found.instruction = read.body.instruction;
      if (read.body.date_completed !== undefined) found.date_completed = isNull(read.body.date_completed) ? null : read.body.date_completed;
      return reply(task, found);
    }),
    http.delete(apiPath('/ticket/:id/tasks/:task_id'), ({ params }) => {
      const before = db.tasks.length;
      db.tasks = db.tasks.filter((t) => t.task_id !== idParam(params, 'task_id'));
      return before === db.tasks.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),

    http.get(apiPath('/ticket/:id/attachments'), ({ params }) =>
      reply(attachment.array(), db.attachments.filter((a) => a.ticket_id === idParam(params)))),
    http.post(apiPath('/ticket/:id/attachments'), async ({ request, params }) => {
      const files = (await request.formData()).getAll('file[]').filter((f): f is File => typeof f !== 'string');
      const created = files.map((file, index) => {
        const id = nextId(db.attachments, (a) => a.attachment_id) + index;
        return attachment.parse({
          attachment_id: id, ticket_id: idParam(params), target_type: 'ticket', contact_id: db.session?.contact_id ?? null, name: file.name,
          url: `/api/attachments/${id}/download`, type: file.type || 'application/octet-stream', size: file.size, date_created: nowIso(),
        });
      });
      db.attachments.push(...created);
      return reply(attachment.array(), created, 201);
    }),
    http.delete(apiPath('/ticket/:id/attachments/:attachment_id'), ({ params }) => {
      const before = db.attachments.length;
      db.attachments = db.attachments.filter((a) => a.attachment_id !== idParam(params, 'attachment_id'));
      return before === db.attachments.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),

    http.get(apiPath('/ai/status'), () => reply(aiStatus, { tasks: db.ai.connected, invoice_summary: db.ai.invoiceSummary !== undefined })),
    http.post(apiPath('/ai/tasks'), async ({ request }) => {
      const read = await readBody(request, aiTasksRequest);
      return read.ok ? reply(aiTasksAnswer, { tasks: db.ai.tasks }) : read.answer;
    }),
  ];
}
