import type { ticketCreate } from '@portal/contract';
import {
  MESSAGES, canChooseRequester, creationDefaults, defaultDueDate, isAssignableStaff, lookupName, parseTypeAssignments, validateNewTicket,
  type NewTicketInput, type Viewer,
} from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { ticketChanges } from '../plugins/events';
import { writeAudit } from '../repositories/audit-repository';
import type { PendingNotification } from '../repositories/ticket-repository';
import { auditedSnapshot, ticketTarget, type AuditActor } from './audit';
import { newTicketMail } from './mail-templates';
import { lookupOption } from './option-defaults';
import { storedDueDate } from './ticket-workflow';

export type TicketCreateBody = z.output<typeof ticketCreate>;

const bad = (message: string = MESSAGES.invalidInput) => new HttpError(400, message);

/** The new-ticket form's checks (spec 000 §5), as the screen runs them: 400 with the first problem. */
export function newTicketInput(body: TicketCreateBody): NewTicketInput {
  const checked = validateNewTicket(body);
  if (!checked.ok) throw bad(checked.message);
  return checked.value;
}

/** A meta value holding a contact id ('12'), or null. */
function contactIdOf(value: string | null): number | null {
  const contactId = value === null ? NaN : Number(value);
  return Number.isInteger(contactId) && contactId > 0 ? contactId : null;
}

/**
 * Spec 000 §4 creation: the requester, the assignee and status (creationDefaults), the due date, the
 * note 'New ticket created.' and the admins' notifications in one transaction; the e-mail to the
 * admins after the commit, where a mail failure is only logged. Answers the new ticket's id.
 */
export async function createTicket(
  app: FastifyInstance,
  viewer: Viewer,
  request: { body: TicketCreateBody; input: NewTicketInput; timeZone: string; log: FastifyBaseLogger; actor: AuditActor },
): Promise<number> {
  const { body, input, timeZone, log, actor } = request;
  const { repos, config } = app;
  const company = await repos.companies.findById(input.company_id);
  if (!company) throw bad(MESSAGES.companyNotFound);
  const [types, priorities] = await Promise.all([lookupOption(repos.options, 'type-defaults'), lookupOption(repos.options, 'priority-defaults')]);
  if (!types.some((t) => t.id === input.type_id) || !priorities.some((p) => p.id === input.priority_id)) throw bad();
  const now = new Date();
  // Absent: the default; null (the form's cleared field) stores no due date.
  const dateDue = body.date_due === undefined
    ? defaultDueDate(input.priority_id, now, timeZone).toISOString()
    : storedDueDate(body.date_due, timeZone);

  // The requester: a client always itself; staff name one of the company's contacts or get its
  // primary (else first) contact, as spec 000 §2 says for group 3 or lower.
  let requesterId: number | null = viewer.contactId;
  if (canChooseRequester(viewer)) {
    const chosen = body.contact_id ?? null;
    if (chosen !== null && !(await repos.companyContacts.isLinked(company.company_id, chosen))) throw bad();
    requesterId = chosen ?? (await repos.companyContacts.list(company.company_id))[0]?.contact_id ?? null;
  }

  const assignable = async (contactId: number | null) => contactId !== null && isAssignableStaff(await repos.contacts.findById(contactId));
  const metaValue = (key: string) => company.meta.find((m) => m.meta_key === key)?.meta_value ?? null;
  const defaultAgentId = contactIdOf(metaValue('default_agent'));
  const defaultAssigneeId = (await assignable(defaultAgentId)) ? defaultAgentId : null;
  if (defaultAssigneeId === null) log.warn({ company_id: company.company_id }, 'company has no usable default agent');
  const typeName = lookupName(types, input.type_id);
  const context = {
    typeName,
    companyAssignments: parseTypeAssignments(metaValue('type_assignments')),
    globalAssignments: parseTypeAssignments(await repos.options.get('type_assignments')),
    defaultAssigneeId,
    now,
  };
  let defaults = creationDefaults(context);
  if (defaults.assignee_id !== null && defaults.assignee_id !== defaultAssigneeId && !(await assignable(defaults.assignee_id))) {
    log.error({ type: typeName, assignee_id: defaults.assignee_id }, 'type assignment names no active staff contact; ignored');
    defaults = creationDefaults({ ...context, companyAssignments: {}, globalAssignments: {} });
  }

  const nowIso = now.toISOString();
  const admins = await repos.contacts.listAdmins();
  const notify: PendingNotification[] = admins.map((admin) => ({ contact_id: admin.contact_id, note: `New ticket: ${input.title} (${company.name}).` }));
  if (defaults.assignee_id !== null && !admins.some((a) => a.contact_id === defaults.assignee_id) && defaults.assignee_id !== viewer.contactId) {
    notify.push({ contact_id: defaults.assignee_id, note: `You were assigned: ${input.title}.` });
  }
  const ticket = {
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
    date_due: dateDue,
    date_assigned: defaults.date_assigned,
    date_completed: null,
    on_hold: 0,
    estimate_required: input.estimate_required,
    estimated_time: 0,
    estimate_approved: -1,
  };
  const ticketId = await repos.tickets.createAnnounced({
    ticket,
    note: { contact_id: viewer.contactId, contact_name: await repos.contacts.fullName(viewer.contactId), text: MESSAGES.newTicketCreated },
    notify,
  }, async (trx, id) => {
    // The admins' mail is queued with the ticket: it exists if and only if the ticket does.
    const mail = newTicketMail(config.publicUrl, { company_id: company.company_id, ticket_id: id, title: input.title }, company.name);
    for (const admin of admins) await repos.mailOutbox.add({ to: admin.email, ...mail }, trx);
    // The trail keeps the new ticket's fields; its dates are the entry's own.
    const { date_created: _created, date_updated: _updated, ...fields } = ticket;
    await writeAudit(trx, [auditedSnapshot(actor, 'ticket.created', ticketTarget({ ...ticket, ticket_id: id }), fields, 'created')]);
  });
  app.events.publish(...ticketChanges({ ticket_id: ticketId, company_id: company.company_id }, [defaults.assignee_id], notify));
  return ticketId;
}
