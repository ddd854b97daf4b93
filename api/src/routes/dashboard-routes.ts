import {
  companyUpdate, companyUpdateAnswer, idParam, listPrefs, listedTicket, staffTicketsQuery, ticketBulkAnswer, ticketBulkUpdate,
  type LookupItem,
} from '@portal/contract';
import {
  DEFAULT_MODES, DEFAULT_SERVICES, DEFAULT_STATUSES, MESSAGES, companyModeTicketChanges, isStaff,
  parseListPrefs, type TicketWorkflowChange,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer } from '../policy';
import type { PlannedTicketChange } from '../repositories/dashboard-repository';
import { errorResponses, toInteger } from './route-helpers';
import { changeNotifications, lookupOption, plannedPatch } from './ticket-workflow';

const LIST_PREFS_META_KEY = 'list_prefs';

const bad = () => new HttpError(400, MESSAGES.invalidInput);

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  const lookup = (name: string, fallback: readonly LookupItem[]) => lookupOption(app, name, fallback);
  const services = () => lookup('service-defaults', DEFAULT_SERVICES);

  routes.get(
    '/contact/:id/tickets',
    {
      schema: {
        tags: ['dashboards'],
        summary: "An agent's tickets: assigned to the contact, status at most 4 or at least 7, by priority then due date (staff)",
        description: 'Each ticket carries company_name, company_mode, is_maintenance and assignee_name, so the list needs no other call.',
        params: idParam,
        response: { 200: z.array(listedTicket), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.viewAgentTickets);
      return repos.dashboards.agentTickets(request.params.id, await services());
    },
  );

  routes.get(
    '/staff/tickets',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'The staff list (view=list: every company) or the kanban (view=kanban: Active companies only); statuses 1-4 and 7+ (staff)',
        querystring: staffTicketsQuery,
        response: { 200: z.array(listedTicket), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.listStaffTickets);
      return repos.dashboards.staffTickets(request.query.view ?? 'list', await services());
    },
  );

  routes.put(
    '/ticket/bulk',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Assign and/or move selected tickets in one action, all or nothing (staff)',
        description: 'assignee_id null or 0 unassigns. Status and dates follow the same rules as PUT /ticket/:id. A missing ticket: 404, nothing changes.',
        body: ticketBulkUpdate,
        response: { 200: ticketBulkAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, policy.bulkUpdateTickets);
      const { body } = request;
      if (body.assignee_id === undefined && body.status_id === undefined) throw bad();
      const change: TicketWorkflowChange = {};
      if (body.assignee_id !== undefined) {
        const assigneeId = body.assignee_id === null ? 0 : toInteger(body.assignee_id);
        if (assigneeId === null) throw bad();
        if (assigneeId > 0) {
          const assignee = await repos.contacts.findById(assigneeId);
          if (!assignee || assignee.active !== 1 || !isStaff(assignee.group_id)) throw bad();
        }
        change.assignee_id = assigneeId > 0 ? assigneeId : null;
      }
      const statuses = await lookup('status-defaults', DEFAULT_STATUSES);
      if (body.status_id !== undefined) {
        const statusId = toInteger(body.status_id);
        if (statusId === null || !statuses.some((status) => status.id === statusId)) throw bad();
        change.status_id = statusId;
      }
      const ticketIds = [...new Set(body.ticket_ids)];
      const now = new Date();

      const result = await repos.dashboards.bulkUpdate(ticketIds, (rows) =>
        rows.map((row): PlannedTicketChange => {
          // Only what differs from the stored ticket is a change, as on PUT /ticket/:id.
          const own: TicketWorkflowChange = {};
          if (change.assignee_id !== undefined && change.assignee_id !== row.assignee_id) own.assignee_id = change.assignee_id;
          if (change.status_id !== undefined && change.status_id !== row.status_id) own.status_id = change.status_id;
          const { before, after, patch } = plannedPatch(row, own, now);
          return { ticket_id: row.ticket_id, patch, notify: changeNotifications(viewer, row, before, after, statuses) };
        }),
      );
      if (result.missing.length > 0) throw new HttpError(404, MESSAGES.ticketNotFound);
      return { updated: result.updated, tickets: await repos.dashboards.listedByIds(ticketIds, await services()) };
    },
  );

  routes.put(
    '/company/:id',
    {
      schema: {
        tags: ['companies'],
        summary: "Save a company's mode (admins) and/or note (staff); mode 3 or 4 closes its open tickets in the same transaction",
        description: 'Spec 001 §4: statuses 1-3 become Cancelled (6) and 4 becomes Complete (5), each unassigned; 5 and 7+ are untouched.',
        params: idParam,
        body: companyUpdate,
        response: { 200: companyUpdateAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const companyId = request.params.id;
      const current = await repos.companies.findById(companyId);
      if (!current) throw new HttpError(404, MESSAGES.companyNotFound);
      authorize(viewer, (v) => policy.viewCompany(v, companyId));
      const { body } = request;
      if (body.company_id !== undefined && toInteger(body.company_id) !== companyId) throw bad();
      if (body.mode === undefined && body.note === undefined) throw bad();

      let mode: number | undefined;
      if (body.mode !== undefined) {
        authorize(viewer, policy.changeCompanyMode);
        mode = toInteger(body.mode) ?? undefined;
        const modes = await lookup('mode-defaults', DEFAULT_MODES);
        if (mode === undefined || !modes.some((item) => item.id === mode)) throw bad();
      }
      if (body.note !== undefined) authorize(viewer, policy.editCompanyNote);
      const note = body.note === undefined ? undefined : body.note === null || body.note.trim() === '' ? null : body.note;

      const now = new Date();
      const changed = await repos.dashboards.saveCompany(companyId, { mode, note }, (open) => {
        const rows = new Map(open.map((row) => [row.ticket_id, row]));
        return companyModeTicketChanges(mode ?? current.mode, open).map((closing) => ({
          ticket_id: closing.ticket_id,
          patch: plannedPatch(rows.get(closing.ticket_id)!, { status_id: closing.status_id, assignee_id: closing.assignee_id }, now).patch,
          notify: [],
        }));
      });
      const saved = await repos.companies.findById(companyId);
      if (!saved) throw new HttpError(404, MESSAGES.companyNotFound);
      return { ...saved, total_time: await repos.timeReports.companyAllTime(companyId), tickets_changed: changed };
    },
  );

  routes.get(
    '/contact/:id/meta/list_prefs',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The contact's saved list preferences, or the defaults (priorityId, DESC, only Assigned, Maintenance Only); self only",
        params: idParam,
        response: { 200: listPrefs, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => policy.listPrefs(v, request.params.id));
      return parseListPrefs(await repos.contacts.metaValue(viewer.contactId, LIST_PREFS_META_KEY));
    },
  );

  routes.put(
    '/contact/:id/meta/list_prefs',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Save the list preferences (self only); Complete and Cancelled are refused as filters',
        params: idParam,
        body: listPrefs,
        response: { 200: listPrefs, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = authorize(request.viewer, (v) => policy.listPrefs(v, request.params.id));
      const wanted = { ...request.body, statusFilters: [...new Set(request.body.statusFilters)] };
      // parseListPrefs drops what the list never offers; anything dropped means the request was wrong.
      const prefs = parseListPrefs(wanted);
      if (prefs.statusFilters.length !== wanted.statusFilters.length) throw bad();
      await repos.contacts.upsertMeta(viewer.contactId, LIST_PREFS_META_KEY, JSON.stringify(prefs));
      return prefs;
    },
  );
}
