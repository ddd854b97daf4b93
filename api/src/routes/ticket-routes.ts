import { COMPANY_TICKETS_COMPLETED_DEFAULT } from '@portal/contract';
import { ticketEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canBulkUpdateTickets, canCreateTicket, canListStaffTickets, canViewAgentTickets, canViewTicket, withinTokenCompany, type Viewer,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import { lookupOption, ratesOption } from '../services/option-defaults';
import { createTicket, newTicketInput } from '../services/ticket-creation';
import { presentTickets } from '../services/ticket-presenter';
import { withTags } from '../services/tags';
import { slaAnswerLifeMs, withSla, type ClockedTicket } from '../services/response-times';
import { bulkUpdateTickets, updateTicket } from '../services/ticket-updates';
import { endpointRoute } from './endpoint-route';
import { companyForViewer, timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;
  const rates = () => ratesOption(repos.options);
  const services = () => lookupOption(repos.options, 'service-defaults');

  async function answer(viewer: Viewer, ticketId: number) {
    const detail = await repos.tickets.findDetail(ticketId);
    if (!detail) throw new HttpError(404, MESSAGES.ticketNotFound);
    authorize(viewer, (v) => canViewTicket(v, detail));
    const [presented] = await presentTickets(viewer, await withTags(serviceContext(app), viewer, [detail]), rates);
    const [clocked] = await withSla(serviceContext(app), viewer, [presented!]);
    return clocked!;
  }

  /** An answer carrying response-time clocks is kept in memory until the first of them turns amber or red at most. */
  function keptUntilSlaChange<T extends { sla?: ClockedTicket['sla'] }>(request: FastifyRequest, tickets: T[]): T[] {
    const lifeMs = slaAnswerLifeMs(serviceContext(app), tickets);
    if (lifeMs !== null) app.pollCache.expireIn(request, lifeMs);
    return tickets;
  }

  /** A list's tickets with their clocks for staff (docs/product/response-times.md#who-sees-it); unchanged for a client. */
  async function clockedList<T extends ClockedTicket>(request: FastifyRequest, tickets: T[]): Promise<T[]> {
    return keptUntilSlaChange(request, await withSla(serviceContext(app), requireViewer(request.viewer), tickets));
  }

  endpointRoute(
    app,
    api.ticket,
    {
      tags: ['tickets'],
      summary: 'One ticket with total_time and the requester and assignee names; value only for admins and clients',
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => keptUntilSlaChange(request, [await answer(requireViewer(request.viewer), request.params.id)])[0]!,
  );

  endpointRoute(
    app,
    api.createTicket,
    {
      tags: ['tickets'],
      summary: 'Create a ticket (a client for its own companies, staff for any); announces it to the admins',
      errors: [400, 401, 403],
      config: { invalidInputMessage: MESSAGES.ticketNotCreated },
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

  endpointRoute(
    app,
    api.updateTicket,
    {
      tags: ['tickets'],
      summary: 'Change a ticket; status, dates and estimate approval are derived by the server (docs/product/tickets.md#status-workflow)',
      errors: [400, 401, 403, 404],
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

  endpointRoute(
    app,
    api.bulkUpdateTickets,
    {
      tags: ['tickets'],
      summary: 'Assign and/or move selected tickets in one action, all or nothing (staff)',
      description: 'assignee_id null or 0 unassigns. Status and dates follow the same rules as PUT /ticket/:id. A missing ticket: 404, nothing changes.',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canBulkUpdateTickets);
      const { result, changes } = await bulkUpdateTickets(serviceContext(app, request), viewer, request.body, auditActor(request));
      await app.events.publish(...changes);
      return { updated: result.updated, tickets: await repos.tickets.listedByIds(request.body.ticket_ids, await services()) };
    },
  );

  endpointRoute(
    app,
    api.companyTickets,
    {
      tags: ['tickets'],
      summary:
        "The client dashboard's tickets, without descriptions: every open ticket (status not 5 or 6), newest first, then the "
        + `newest completed_limit (default ${COMPANY_TICKETS_COMPLETED_DEFAULT}) completed ones, newest completion first; cancelled ones are not listed`,
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await companyForViewer(app, viewer, request.params.id);
      return clockedList(request, await presentTickets(viewer, await repos.tickets.listCompanySummaries(request.params.id, request.query.completed_limit), rates));
    },
  );

  endpointRoute(
    app,
    api.companyTicketHistory,
    {
      tags: ['tickets'],
      summary: "A company's completed and cancelled tickets, newest closing first, a page at a time with the total (docs/product/dashboards.md#ticket-history)",
      description: 'date_closed is the completion, or for a cancelled ticket its last change. Clients of the company and staff.',
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await companyForViewer(app, viewer, request.params.id);
      const { limit, offset } = request.query;
      const page = await repos.tickets.listCompanyHistory(request.params.id, limit, offset);
      return { tickets: await presentTickets(viewer, page.tickets, rates), total: page.total };
    },
  );

  endpointRoute(
    app,
    api.contactTickets,
    {
      tags: ['tickets'],
      summary: "An agent's tickets: assigned to the contact, status at most 4 or at least 7, by priority then due date (staff)",
      description: 'Each ticket carries company_name, company_mode, is_maintenance and assignee_name, so the list needs no other call.',
      errors: [400, 401, 403],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      authorize(request.viewer, canViewAgentTickets);
      return clockedList(request, await repos.tickets.listForAgent(request.params.id, await services()));
    },
  );

  endpointRoute(
    app,
    api.staffTicketList,
    {
      tags: ['tickets'],
      summary: 'The staff List view a page at a time: statuses 1-4 and 7+ of every company, filtered and sorted by the server (staff)',
      description: 'statuses: the status filters (Complete and Cancelled are refused); maintenance_only=1 keeps maintenance clients. '
        + 'total counts the tickets matching the filters, unfiltered_total those before the status filters.',
      errors: [400, 401, 403],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      authorize(request.viewer, canListStaffTickets);
      const listServices = await services();
      const maintenanceIds = request.query.maintenance_only === 1 ? await repos.tickets.maintenanceCompanyIds(listServices) : null;
      // An API token limited to one company lists that company's tickets only (docs/decisions/0020-api-tokens.md).
      const page = await repos.tickets.listStaffPage(request.query, withinTokenCompany(maintenanceIds, request.apiToken), listServices);
      return { ...page, tickets: await clockedList(request, page.tickets) };
    },
  );

  endpointRoute(
    app,
    api.staffTickets,
    {
      tags: ['tickets'],
      summary: 'The staff list (view=list: every company) or the kanban (view=kanban: Active companies only); statuses 1-4 and 7+ (staff)',
      errors: [400, 401, 403],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      authorize(request.viewer, canListStaffTickets);
      return clockedList(request, await repos.tickets.listForStaff(request.query.view, await services(), request.query.tag));
    },
  );
}
