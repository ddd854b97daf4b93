import {
  COMPANY_TICKETS_COMPLETED_DEFAULT, companyTicketsQuery, idParam, listedTicket, staffTicketsQuery, ticketBulkAnswer, ticketBulkUpdate,
  ticketCreate, ticketDetail, ticketSummary, ticketUpdate,
} from '@portal/contract';
import {
  MESSAGES, canBulkUpdateTickets, canCreateTicket, canListStaffTickets, canViewAgentTickets, canViewTicket, isAssignableStaff,
  type Change, type TicketWorkflowChange, type Viewer,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { ticketChanges } from '../plugins/events';
import { authorize, requireViewer } from '../policy';
import { auditActor, auditedChange, recorded, ticketTarget } from '../services/audit';
import { lookupOption, ratesOption } from '../services/option-defaults';
import { createTicket, newTicketInput } from '../services/ticket-creation';
import { presentTickets } from '../services/ticket-presenter';
import { planBulkChange, planTicketUpdate } from '../services/ticket-workflow';
import { companyForViewer, errorResponses, timeZoneOf } from './route-helpers';

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const rates = () => ratesOption(repos.options);
  const services = () => lookupOption(repos.options, 'service-defaults');
  const assignable = async (contactId: number) => isAssignableStaff(await repos.contacts.findById(contactId));

  async function answer(viewer: Viewer, ticketId: number) {
    const detail = await repos.tickets.findDetail(ticketId);
    if (!detail) throw new HttpError(404, MESSAGES.ticketNotFound);
    authorize(viewer, (v) => canViewTicket(v, detail));
    const [presented] = await presentTickets(viewer, [detail], rates);
    return presented!;
  }

  routes.get(
    '/ticket/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with total_time and the requester and assignee names; value only for admins and clients',
        params: idParam,
        response: { 200: ticketDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => answer(requireViewer(request.viewer), request.params.id),
  );

  routes.post(
    '/ticket',
    {
      config: { invalidInputMessage: MESSAGES.ticketNotCreated },
      schema: {
        tags: ['tickets'],
        summary: 'Create a ticket (a client for its own companies, staff for any); announces it to the admins',
        body: ticketCreate,
        response: { 201: ticketDetail, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const input = newTicketInput(request.body);
      authorize(viewer, (v) => canCreateTicket(v, input.company_id));
      const timeZone = timeZoneOf(app, request.body.time_zone);
      const ticketId = await createTicket(app, viewer, { body: request.body, input, timeZone, log: request.log, actor: auditActor(request) });
      return reply.code(201).send(await answer(viewer, ticketId));
    },
  );

  routes.put(
    '/ticket/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Change a ticket; status, dates and estimate approval are derived by the server (spec 000 §4)',
        params: idParam,
        body: ticketUpdate,
        response: { 200: ticketDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const current = await repos.tickets.findRow(request.params.id);
      if (!current) throw new HttpError(404, MESSAGES.ticketNotFound);
      authorize(viewer, (v) => canViewTicket(v, current));
      const [types, priorities, statuses] = await Promise.all([
        lookupOption(repos.options, 'type-defaults'),
        lookupOption(repos.options, 'priority-defaults'),
        lookupOption(repos.options, 'status-defaults'),
      ]);
      const timeZone = timeZoneOf(app, request.body.time_zone);
      const { patch, notify } = await planTicketUpdate(viewer, current, request.body, {
        types, priorities, statuses, timeZone, isAssignable: assignable, now: new Date(),
      });
      if (Object.keys(patch).length > 0) {
        const audit = recorded(auditedChange(auditActor(request), 'ticket.updated', ticketTarget(current), current, patch));
        await repos.tickets.update(current.ticket_id, patch, notify, audit);
        app.events.publish(...ticketChanges(current, [current.assignee_id, patch.assignee_id], notify));
      }
      return answer(viewer, current.ticket_id);
    },
  );

  routes.put(
    '/ticket/bulk',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Assign and/or move selected tickets in one action, all or nothing (staff)',
        description: 'assignee_id null or 0 unassigns. Status and dates follow the same rules as PUT /ticket/:id. A missing ticket: 404, nothing changes.',
        body: ticketBulkUpdate,
        response: { 200: ticketBulkAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canBulkUpdateTickets);
      const { ticket_ids: ticketIds, assignee_id: assigneeId, status_id: statusId } = request.body;
      const statuses = await lookupOption(repos.options, 'status-defaults');
      if (assigneeId && !(await assignable(assigneeId))) throw new HttpError(400, MESSAGES.invalidInput);
      if (statusId !== undefined && !statuses.some((status) => status.id === statusId)) throw new HttpError(400, MESSAGES.invalidInput);
      const change: TicketWorkflowChange = { assignee_id: assigneeId, status_id: statusId };
      const now = new Date();
      const changed: Change[] = [];
      const actor = auditActor(request);
      const result = await repos.tickets.bulkUpdate(ticketIds, (rows) => {
        const planned = planBulkChange(viewer, rows, change, statuses, now);
        // Told after the commit (below), and only when the transaction wrote them.
        return planned.map((plan, index) => {
          const row = rows[index]!;
          if (Object.keys(plan.patch).length === 0) return plan;
          changed.push(...ticketChanges(row, [row.assignee_id, plan.patch.assignee_id], plan.notify));
          return { ...plan, audit: auditedChange(actor, 'ticket.updated', ticketTarget(row), row, plan.patch) };
        });
      });
      if (result.missing.length > 0) throw new HttpError(404, MESSAGES.ticketNotFound);
      app.events.publish(...changed);
      return { updated: result.updated, tickets: await repos.tickets.listedByIds(ticketIds, await services()) };
    },
  );

  routes.get(
    '/company/:id/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary:
          "The client dashboard's tickets, without descriptions: every open ticket (status not 5 or 6), newest first, then the "
          + `newest completed_limit (default ${COMPANY_TICKETS_COMPLETED_DEFAULT}) completed ones, newest completion first; cancelled ones are not listed`,
        params: idParam,
        querystring: companyTicketsQuery,
        response: { 200: z.array(ticketSummary), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await companyForViewer(app, viewer, request.params.id);
      return presentTickets(viewer, await repos.tickets.listCompanySummaries(request.params.id, request.query.completed_limit), rates);
    },
  );

  routes.get(
    '/contact/:id/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: "An agent's tickets: assigned to the contact, status at most 4 or at least 7, by priority then due date (staff)",
        description: 'Each ticket carries company_name, company_mode, is_maintenance and assignee_name, so the list needs no other call.',
        params: idParam,
        response: { 200: z.array(listedTicket), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canViewAgentTickets);
      return repos.tickets.listForAgent(request.params.id, await services());
    },
  );

  routes.get(
    '/staff/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: 'The staff list (view=list: every company) or the kanban (view=kanban: Active companies only); statuses 1-4 and 7+ (staff)',
        querystring: staffTicketsQuery,
        response: { 200: z.array(listedTicket), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canListStaffTickets);
      return repos.tickets.listForStaff(request.query.view, await services());
    },
  );
}
