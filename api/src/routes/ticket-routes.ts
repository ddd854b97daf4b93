import { idParam, ticketCreate, ticketDetail, ticketUpdate, type LookupItem, type TicketUpdate } from '@portal/contract';
import {
  DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_TYPES, DUE_DATE_MAX_YEAR, DUE_DATE_MIN_YEAR, MESSAGES,
  creationDefaults, defaultDueDate, isMissingValue, isStaff, isValidTimeZone, lookupName, parseTypeAssignments,
  requiredFieldMessage, validateNewTicket, type TicketWorkflowChange,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TicketsTable } from '../db/schema';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer, type Viewer } from '../policy';
import type { PendingNotification } from '../repositories/ticket-repository';
import { contactName, errorResponses, toInteger } from './route-helpers';
import { presentTickets } from './ticket-presenter';
import { changeNotifications, lookupOption, plannedPatch } from './ticket-workflow';
import type { Updateable } from 'kysely';

const bad = (message: string = MESSAGES.invalidInput) => new HttpError(400, message);

/** A due date the API stores: ISO, inside the picker's years (spec 000 §5), or null to clear. */
function dueDateValue(value: string | null): string | null {
  if (value === null || isMissingValue(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw bad();
  const year = date.getUTCFullYear();
  if (year < DUE_DATE_MIN_YEAR || year > DUE_DATE_MAX_YEAR) throw bad(MESSAGES.inputOutOfRange);
  return date.toISOString();
}

function flagValue(value: unknown): 0 | 1 {
  if (value === true || value === 1 || value === '1') return 1;
  if (value === false || value === 0 || value === '0') return 0;
  throw bad();
}

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  const lookup = (name: string, fallback: readonly LookupItem[]) => lookupOption(app, name, fallback);

  /** An active contact of groups 1-4, or null. */
  async function staffContact(contactId: number | null) {
    if (contactId === null) return null;
    const row = await repos.contacts.findById(contactId);
    return row && row.active === 1 && isStaff(row.group_id) ? row : null;
  }

  async function answer(viewer: Viewer, ticketId: number) {
    const detail = await repos.tickets.findDetail(ticketId);
    if (!detail) throw new HttpError(404, MESSAGES.ticketNotFound);
    const [presented] = await presentTickets(viewer, [detail], () => repos.options.getRates());
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
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const record = await repos.tickets.findDetail(request.params.id);
      if (!record) throw new HttpError(404, MESSAGES.ticketNotFound);
      authorize(viewer, (v) => policy.viewTicket(v, record));
      const [presented] = await presentTickets(viewer, [record], () => repos.options.getRates());
      return presented!;
    },
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
      const checked = validateNewTicket(request.body);
      if (!checked.ok) throw bad(checked.message);
      const input = checked.value;
      authorize(viewer, (v) => policy.createTicket(v, input.company_id));
      const company = await repos.companies.findById(input.company_id);
      if (!company) throw bad(MESSAGES.companyNotFound);

      const [types, priorities] = await Promise.all([lookup('type-defaults', DEFAULT_TYPES), lookup('priority-defaults', DEFAULT_PRIORITIES)]);
      if (!types.some((t) => t.id === input.type_id) || !priorities.some((p) => p.id === input.priority_id)) throw bad();
      if (input.date_due !== null) dueDateValue(input.date_due);

      // The requester: a client always itself; staff name one of the company's contacts or get its
      // primary (else first) contact, as spec 000 §2 says for group 3 or lower.
      let requesterId: number | null = viewer.contactId;
      if (policy.chooseRequester(viewer)) {
        const chosen = isMissingValue(request.body.contact_id) ? null : toInteger(request.body.contact_id);
        if (chosen !== null) {
          if (!(await repos.companies.isLinked(company.company_id, chosen))) throw bad();
          requesterId = chosen;
        } else {
          requesterId = (await repos.companies.contacts(company.company_id))[0]?.contact_id ?? null;
        }
      }

      const metaValue = (key: string) => company.meta.find((m) => m.meta_key === key)?.meta_value ?? null;
      const defaultAgent = await staffContact(toInteger(metaValue('default_agent')));
      if (!defaultAgent) request.log.warn({ company_id: company.company_id }, 'company has no usable default agent');
      const now = new Date();
      const typeName = lookupName(types, input.type_id);
      let defaults = creationDefaults({
        typeName,
        companyAssignments: parseTypeAssignments(metaValue('type_assignments')),
        globalAssignments: parseTypeAssignments(await repos.options.get('type_assignments')),
        defaultAssigneeId: defaultAgent?.contact_id ?? null,
        now,
      });
      if (defaults.assignee_id !== null && defaults.assignee_id !== defaultAgent?.contact_id && !(await staffContact(defaults.assignee_id))) {
        request.log.error({ type: typeName, assignee_id: defaults.assignee_id }, 'type assignment names no active staff contact; ignored');
        defaults = creationDefaults({ typeName, companyAssignments: {}, globalAssignments: {}, defaultAssigneeId: defaultAgent?.contact_id ?? null, now });
      }

      const timeZone = request.body.time_zone && isValidTimeZone(request.body.time_zone) ? request.body.time_zone : app.config.defaultTimeZone;
      const nowIso = now.toISOString();
      const admins = await repos.contacts.listAdmins();
      const notify: PendingNotification[] = admins.map((admin) => ({
        contact_id: admin.contact_id,
        note: `New ticket: ${input.title} (${company.name}).`,
      }));
      if (defaults.assignee_id !== null && !admins.some((a) => a.contact_id === defaults.assignee_id) && defaults.assignee_id !== viewer.contactId) {
        notify.push({ contact_id: defaults.assignee_id, note: `You were assigned: ${input.title}.` });
      }
      const ticketId = await repos.tickets.createAnnounced({
        ticket: {
          contact_id: requesterId,
          company_id: company.company_id,
          assignee_id: defaults.assignee_id,
          title: input.title,
          description: input.description,
          type_id: input.type_id,
          priority_id: input.priority_id,
          status_id: defaults.status_id,
          date_created: nowIso,
          date_updated: nowIso,
          date_due: input.date_due ?? defaultDueDate(input.priority_id, now, timeZone).toISOString(),
          date_assigned: defaults.date_assigned,
          date_completed: null,
          on_hold: 0,
          estimate_required: input.estimate_required,
          estimated_time: 0,
          estimate_approved: -1,
        },
        note: { contact_id: viewer.contactId, contact_name: await contactName(app, viewer.contactId), text: MESSAGES.newTicketCreated },
        notify,
      });

      // After the commit: a mail failure is logged and never undoes the ticket.
      const link = `${app.config.publicUrl}/clients/${company.company_id}/tickets/${ticketId}`;
      for (const admin of admins) {
        try {
          await app.mailer.send({
            to: admin.email,
            subject: `New ticket #${ticketId}: ${input.title}`,
            text: `A new ticket was created for ${company.name}.\n\n${input.title}\n\nOpen it: ${link}`,
            html: `<p>A new ticket was created for ${escapeHtml(company.name)}.</p><p><strong>${escapeHtml(input.title)}</strong></p><p><a href="${escapeHtml(link)}">Open the ticket</a></p>`,
          });
        } catch (error) {
          request.log.error({ err: error, ticket_id: ticketId, to: admin.email }, 'new-ticket mail not sent');
        }
      }
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
      authorize(viewer, (v) => policy.viewTicket(v, current));

      const body: TicketUpdate = request.body;
      const patch: Updateable<TicketsTable> = {};
      const change: TicketWorkflowChange = {};
      const needs: ((viewer: Viewer) => boolean)[] = [];
      const [types, priorities, statuses] = await Promise.all([
        lookup('type-defaults', DEFAULT_TYPES),
        lookup('priority-defaults', DEFAULT_PRIORITIES),
        lookup('status-defaults', DEFAULT_STATUSES),
      ]);
      const listed = (list: readonly LookupItem[], value: unknown) => {
        const number = toInteger(value);
        if (number === null || !list.some((item) => item.id === number)) throw bad();
        return number;
      };

      // A field equal to the stored value is no change: the spec's client sends the whole ticket.
      if (body.title !== undefined && body.title.trim() !== current.title) {
        if (body.title.trim() === '') throw bad(requiredFieldMessage('Title'));
        patch.title = body.title.trim();
      }
      if (body.description !== undefined && body.description !== current.description) {
        if (body.description.trim() === '') throw bad(requiredFieldMessage('Description'));
        patch.description = body.description;
      }
      if (body.type_id !== undefined && listed(types, body.type_id) !== current.type_id) patch.type_id = listed(types, body.type_id);
      if (body.priority_id !== undefined && listed(priorities, body.priority_id) !== current.priority_id) {
        patch.priority_id = listed(priorities, body.priority_id);
      }
      if (body.date_due !== undefined) {
        const due = dueDateValue(body.date_due);
        if (due !== current.date_due) patch.date_due = due;
      }
      if (body.estimate_required !== undefined && flagValue(body.estimate_required) !== current.estimate_required) {
        patch.estimate_required = flagValue(body.estimate_required);
      }
      if (Object.keys(patch).length > 0) needs.push(policy.editTicketFields);
      if (body.on_hold !== undefined && flagValue(body.on_hold) !== (current.on_hold ? 1 : 0)) {
        change.on_hold = flagValue(body.on_hold);
        needs.push(policy.editTicketFields);
      }
      if (body.assignee_id !== undefined) {
        const assigneeId = body.assignee_id === null ? null : toInteger(body.assignee_id);
        if (assigneeId === null && body.assignee_id !== null) throw bad();
        const normalized = assigneeId && assigneeId > 0 ? assigneeId : null;
        if (normalized !== current.assignee_id) {
          if (normalized !== null && !(await staffContact(normalized))) throw bad();
          change.assignee_id = normalized;
          needs.push(policy.changeAssignee);
        }
      }
      if (body.status_id !== undefined) {
        const statusId = listed(statuses, body.status_id);
        if (statusId !== current.status_id) {
          change.status_id = statusId;
          needs.push((v) => policy.changeStatus(v, current.status_id, statusId));
        }
      }
      if (body.estimated_time !== undefined) {
        const units = toInteger(body.estimated_time);
        if (units === null) throw bad();
        if (Math.max(0, units) !== current.estimated_time) {
          change.estimated_time = units;
          needs.push(policy.setEstimate);
        }
      }
      // With a new estimate the approval is derived (-1) whatever is sent; otherwise it is an answer.
      if (body.estimate_approved !== undefined && change.estimated_time === undefined) {
        const approval = toInteger(body.estimate_approved);
        if (approval !== -1 && approval !== 0 && approval !== 1) throw bad();
        if (approval !== current.estimate_approved) {
          change.estimate_approved = approval;
          needs.push(policy.answerEstimate);
        }
      }
      if (needs.some((allowed) => !allowed(viewer))) {
        throw new HttpError(403, isStaff(viewer.groupId) ? MESSAGES.notAuthorized : MESSAGES.ticketChangeNotAllowed);
      }

      const planned = plannedPatch(current, change, new Date());
      Object.assign(patch, planned.patch);
      if (Object.keys(patch).length === 0) return answer(viewer, current.ticket_id);
      patch.date_updated ??= new Date().toISOString();

      const title = patch.title ?? current.title;
      const notify = changeNotifications(viewer, { contact_id: current.contact_id, title }, planned.before, planned.after, statuses);
      await repos.tickets.update(current.ticket_id, patch, notify);
      return answer(viewer, current.ticket_id);
    },
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
