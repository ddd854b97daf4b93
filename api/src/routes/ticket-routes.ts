import {
  COMPANY_TICKETS_COMPLETED_DEFAULT, companyHistoryQuery, companyTicketsQuery, idParam, listedTicket, staffListPage, staffListQuery,
  staffTicketsQuery, ticketBulkAnswer, ticketBulkUpdate, ticketCreate, ticketDetail, ticketHistoryPage, ticketSummary, ticketUpdate,
} from '@portal/contract';
import {
  MESSAGES, canBulkUpdateTickets, canCreateTicket, canListStaffTickets, canViewAgentTickets, canViewTicket, type Viewer,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { lookupOption, ratesOption } from '../services/option-defaults';
import { createTicket, newTicketInput } from '../services/ticket-creation';
import { presentTickets } from '../services/ticket-presenter';
import { bulkUpdateTickets, updateTicket } from '../services/ticket-updates';
import { companyForViewer, errorResponses, timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const rates = () => ratesOption(repos.options);
  const services = () => lookupOption(repos.options, 'service-defaults');

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
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
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
      const created = await createTicket(serviceContext(app, request), viewer, { body: request.body, input, timeZone, actor: auditActor(request) });
      await app.events.publish(...created.changes);
      return reply.code(201).send(await answer(viewer, created.result));
    },
  );

  routes.put(
    '/ticket/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Change a ticket; status, dates and estimate approval are derived by the server (docs/product/tickets.md#status-workflow)',
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
      const timeZone = timeZoneOf(app, request.body.time_zone);
      const { changes } = await updateTicket(serviceContext(app, request), viewer, current, request.body, { timeZone, actor: auditActor(request) });
      await app.events.publish(...changes);
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
      const { result, changes } = await bulkUpdateTickets(serviceContext(app, request), viewer, request.body, auditActor(request));
      await app.events.publish(...changes);
      return { updated: result.updated, tickets: await repos.tickets.listedByIds(request.body.ticket_ids, await services()) };
    },
  );

  routes.get(
    '/company/:id/tickets',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
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
    '/company/:id/tickets/history',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
      schema: {
        tags: ['tickets'],
        summary: "A company's completed and cancelled tickets, newest closing first, a page at a time with the total (docs/product/dashboards.md#ticket-history)",
        description: 'date_closed is the completion, or for a cancelled ticket its last change. Clients of the company and staff.',
        params: idParam,
        querystring: companyHistoryQuery,
        response: { 200: ticketHistoryPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await companyForViewer(app, viewer, request.params.id);
      const { limit, offset } = request.query;
      const page = await repos.tickets.listCompanyHistory(request.params.id, limit, offset);
      return { tickets: await presentTickets(viewer, page.tickets, rates), total: page.total };
    },
  );

  routes.get(
    '/contact/:id/tickets',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
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
    '/staff/tickets/list',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
      schema: {
        tags: ['tickets'],
        summary: 'The staff List view a page at a time: statuses 1-4 and 7+ of every company, filtered and sorted by the server (staff)',
        description: 'statuses: the status filters (Complete and Cancelled are refused); maintenance_only=1 keeps maintenance clients. '
          + 'total counts the tickets matching the filters, unfiltered_total those before the status filters.',
        querystring: staffListQuery,
        response: { 200: staffListPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canListStaffTickets);
      const listServices = await services();
      const maintenanceIds = request.query.maintenance_only === 1 ? await repos.tickets.maintenanceCompanyIds(listServices) : null;
      return repos.tickets.listStaffPage(request.query, maintenanceIds, listServices);
    },
  );

  routes.get(
    '/staff/tickets',
    {
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
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
