import type { ticketCreate } from '@portal/contract';
import {
  MESSAGES, canChooseRequester, creationDefaults, defaultDueDate, isAssignableStaff, lookupName, parseTypeAssignments, ticketChanges, ticketRequesterId,
  validateNewTicket,
  type NewTicketInput, type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { auditedSnapshot, ticketTarget, type AuditActor } from './audit';
import { perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import { newTicketMail } from './mail-templates';
import { lookupOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';
import { queueTicketMail } from './ticket-mail';
import { addBellNotifications } from './bell';
import { assignedText, storedDueDate, type PendingNotification } from './ticket-workflow';
import { recordWebhookEvent } from './webhook-events';

export type TicketCreateBody = z.output<typeof ticketCreate>;

const bad = (message: string = MESSAGES.invalidInput) => new HttpError(400, message);

/** The new-ticket form's checks (docs/product/tickets.md#creating-a-ticket), as the screen runs them: 400 with the first problem. */
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

/** What a ticket opened by mail (mail-in/process-mail.ts) adds to the creation. */
export interface TicketCreationExtras {
  /** 'mail': the first note says the ticket came by e-mail. */
  source?: 'mail';
  /** True when no person opens it (the maintenance schedule): the first note has no author. */
  unattended?: boolean;
  /** More writes on the ticket's transaction, once its id is known: they commit or fail with it. */
  alsoWrite?: (trx: PortalDb, ticket: { ticket_id: number; company_id: number; title: string }) => Promise<void>;
}

/**
 * docs/product/tickets.md#creating-a-ticket: the requester, the assignee and status
 * (creationDefaults), the due date, the note 'New ticket created.', the admins' notifications, their
 * mail in the outbox and the audit entry, in one transaction: the mail exists if and only if the
 * ticket does. Answers the new ticket's id and the changes to publish.
 */
export async function createTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  request: { body: TicketCreateBody; input: NewTicketInput; timeZone: string; actor: AuditActor },
  extras: TicketCreationExtras = {},
): Promise<Written<number>> {
  const { body, input, timeZone, actor } = request;
  const { db, repos, config, log } = ctx;
  const company = await repos.companies.findById(input.company_id);
  if (!company) throw bad(MESSAGES.companyNotFound);
  const [types, priorities] = await Promise.all([lookupOption(repos.options, 'type-defaults'), lookupOption(repos.options, 'priority-defaults')]);
  if (!types.some((t) => t.id === input.type_id) || !priorities.some((p) => p.id === input.priority_id)) throw bad();
  const now = ctx.clock();
  // Absent: the default; null (the form's cleared field) stores no due date.
  const dateDue = body.date_due === undefined
    ? defaultDueDate(input.priority_id, now, timeZone).toISOString()
    : storedDueDate(body.date_due, timeZone);

  // The requester (docs/product/tickets.md#requester), by the rule the new-ticket form shows: a client
  // always itself; staff (groups 1-4) one of the company's contacts they name, else its primary (else first) contact.
  const chooses = canChooseRequester(viewer);
  const chosen = chooses ? body.contact_id ?? null : null;
  if (chosen !== null && !(await repos.companyContacts.isLinked(company.company_id, chosen))) throw bad();
  const firstContactId = chooses && chosen === null ? (await repos.companyContacts.list(company.company_id))[0]?.contact_id ?? null : null;
  const requesterId = ticketRequesterId(viewer, chosen, firstContactId);

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
  const notify: PendingNotification[] = admins.map((admin) => ({ contact_id: admin.contact_id, text: { key: 'bell.newTicket', values: { title: input.title, company: company.name } } }));
  if (defaults.assignee_id !== null && !admins.some((a) => a.contact_id === defaults.assignee_id) && defaults.assignee_id !== viewer.contactId) {
    notify.push({ contact_id: defaults.assignee_id, text: assignedText(input.title) });
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
  const noteAuthor = extras.unattended ? null : await repos.contacts.fullName(viewer.contactId);
  const ticketId = await db.transaction().execute(async (trx) => {
    const id = await repos.tickets.add(trx, ticket);
    await repos.activity.add(trx, {
      ticket_id: id, contact_id: extras.unattended ? null : viewer.contactId, contact_name: noteAuthor, note: MESSAGES.newTicketCreated, date_created: nowIso, source: extras.source ?? null,
    });
    await addBellNotifications(repos.notifications, trx, notify.map((n) => ({ contact_id: n.contact_id, ticket_id: id, text: n.text, date_created: nowIso })));
    const mail = perLanguage((language) => newTicketMail(config.publicUrl, { company_id: company.company_id, ticket_id: id, title: input.title }, company.name, language));
    const languageOf = await contactLanguages(trx, admins.map((admin) => admin.contact_id));
    for (const admin of admins) {
      await queueTicketMail(ctx, trx, { ticket_id: id }, { address: admin.email, contactId: admin.contact_id }, mail(languageOf(admin.contact_id)));
    }
    // The trail keeps the new ticket's fields; its dates are the entry's own.
    const { date_created: _created, date_updated: _updated, ...fields } = ticket;
    await writeAudit(trx, [auditedSnapshot(actor, 'ticket.created', ticketTarget({ ...ticket, ticket_id: id }), fields, 'created')], now);
    await recordWebhookEvent(trx, { type: 'ticket.created', at: now, ticket: { ...ticket, ticket_id: id }, data: { description: ticket.description } });
    await extras.alsoWrite?.(trx, { ticket_id: id, company_id: company.company_id, title: input.title });
    return id;
  });
  return { result: ticketId, changes: ticketChanges({ ticket_id: ticketId, company_id: company.company_id }, [defaults.assignee_id], notify) };
}
