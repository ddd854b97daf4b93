import type { MailTemplate, MessageRecipient, MessageResent, messageSend, recipientsQuery } from '@portal/contract';
import {
  MESSAGES, clientRecipientLinks, isMessageAgent, isResendable, parseServiceIds, recipientProblem, recipientResult, ticketRecipients,
  tokenValuesFor, type RecipientKind, type TokenTicket,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import type { RecipientContactRow } from '../repositories/recipient-repository';
import { auditRecord, type AuditActor } from './audit';
import { recipientMail } from './message-sender';
import type { ServiceContext, Written } from './service-context';

// The message centre (docs/product/messaging.md#message-centre, #recipients, #tokens): resolving a
// kind and its filters to recipients with their token values, queueing a send for the job runner,
// and saving a template.

type Query = z.output<typeof recipientsQuery>;
type Send = z.output<typeof messageSend>;

const fullName = (contact: { first_name: string; last_name: string }) => `${contact.first_name} ${contact.last_name}`.trim();

function recipientOf(
  kind: RecipientKind,
  contact: RecipientContactRow,
  company: { company_id: number; name: string } | null,
  tickets: readonly TokenTicket[] = [],
): MessageRecipient {
  return {
    contact_id: contact.contact_id,
    name: fullName(contact),
    email: contact.email,
    company_id: company?.company_id ?? null,
    company_name: company?.name ?? null,
    ticket_ids: tickets.map((ticket) => ticket.ticket_id),
    tokens: tokenValuesFor(kind, { contact, company, tickets }),
  };
}

export async function resolveRecipients(ctx: ServiceContext, query: Query): Promise<MessageRecipient[]> {
  const { repos } = ctx;
  switch (query.kind) {
    case 'contacts':
      return (await repos.recipients.contacts(query.group_ids)).map((contact) => recipientOf('contacts', contact, null));
    case 'agents':
      return (await repos.recipients.contacts([1, 2, 3, 4])).filter(isMessageAgent).map((contact) => recipientOf('agents', contact, null));
    case 'clients': {
      const links = clientRecipientLinks(await repos.recipients.primaryLinks(query.mode_ids, query.company_ids));
      const services = new Set(query.service_ids);
      return links
        .filter((link) => services.size === 0 || parseServiceIds(link.services).some((id) => services.has(id)))
        .map((link) => recipientOf('clients', link, { company_id: link.company_id, name: link.company_name }));
    }
    case 'tickets': {
      if (!query.contact_type) throw new HttpError(400, MESSAGES.chooseContactTypeAndStatus);
      const tickets = await repos.recipients.ticketsInStatuses(query.status_ids);
      const grouped = ticketRecipients(tickets, query.contact_type, query.status_ids);
      const contacts = new Map((await repos.recipients.contactsById(grouped.map((r) => r.contact_id))).map((c) => [c.contact_id, c]));
      const companies = new Map((await repos.recipients.companiesById(grouped.map((r) => r.company_id))).map((c) => [c.company_id, c]));
      const titles = new Map(tickets.map((ticket) => [ticket.ticket_id, ticket.title]));
      return grouped.flatMap((r) => {
        const contact = contacts.get(r.contact_id);
        if (!contact || contact.active !== 1) return [];
        const list = r.ticket_ids.map((ticket_id) => ({ ticket_id, title: titles.get(ticket_id) ?? '' }));
        return [recipientOf('tickets', contact, companies.get(r.company_id) ?? null, list)];
      });
    }
  }
}

/**
 * Writes the message and one pending recipient per ticked contact (their token values read now,
 * from the database, never from the caller) in one transaction and answers its id; the job runner
 * sends it (docs/product/messaging.md#sending), woken once the transaction has committed.
 */
export async function queueMessage(ctx: ServiceContext, send: Send, senderId: number): Promise<Written<number>> {
  const { repos } = ctx;
  const contacts = new Map((await repos.recipients.contactsById(send.recipients.map((r) => r.contact_id))).map((c) => [c.contact_id, c]));
  const companies = new Map(
    (await repos.recipients.companiesById(send.recipients.flatMap((r) => (r.company_id == null ? [] : [r.company_id])))).map((c) => [c.company_id, c]),
  );
  const tickets = new Map((await repos.recipients.ticketsById(send.recipients.flatMap((r) => r.ticket_ids ?? []))).map((t) => [t.ticket_id, t]));
  const seen = new Set<string>();
  const recipients = send.recipients.flatMap((r) => {
    const key = `${r.contact_id}:${r.company_id ?? ''}`;
    const contact = contacts.get(r.contact_id);
    if (!contact || seen.has(key)) return [];
    seen.add(key);
    const company = r.company_id == null ? null : companies.get(r.company_id) ?? null;
    const list = (r.ticket_ids ?? []).flatMap((id) => {
      const ticket = tickets.get(id);
      return ticket ? [{ ticket_id: ticket.ticket_id, title: ticket.title }] : [];
    });
    return [{ contact_id: contact.contact_id, name: fullName(contact), email: contact.email, tokens: tokenValuesFor(send.kind, { contact, company, tickets: list }) }];
  });
  if (recipients.length === 0) throw new HttpError(400, MESSAGES.invalidInput);
  const message = { subject: send.subject, message: send.message, kind: send.kind, sender_id: senderId, recipients };
  const now = ctx.clock();
  const messageId = await ctx.db.transaction().execute((trx) => repos.messages.create(trx, message, now));
  repos.workQueued.notify();
  return { result: messageId, changes: [] };
}

/**
 * Mails a message again to its failed recipients only (docs/product/messaging.md#sent-messages): each one that can be
 * mailed now (the contact active, with an address: its current one) gets a new outbox mail of the message with the
 * token values kept at the first send, which replaces a failed mail it had; one that still cannot is failed again with
 * the reason. One transaction with its audit entry; 404 when there is no such message, 409 when none failed or
 * another admin re-sent them meanwhile.
 */
export async function resendToFailed(ctx: ServiceContext, messageId: number, actor: AuditActor): Promise<Written<MessageResent>> {
  const { repos } = ctx;
  const found = await repos.messages.forResend(messageId);
  if (!found) throw new HttpError(404, MESSAGES.noResultsFound);
  const failed = found.recipients.filter((r) => isResendable(recipientResult(r, r.outbox_status && { status: r.outbox_status, error: r.outbox_error })));
  if (failed.length === 0) throw new HttpError(409, MESSAGES.noFailedRecipients);
  const contacts = new Map((await repos.recipients.contactsById(failed.map((r) => r.contact_id))).map((c) => [c.contact_id, c]));
  const now = ctx.clock();
  const changed = () => new HttpError(409, MESSAGES.resendChanged);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const resentTo: string[] = [];
    let stillFailed = 0;
    for (const recipient of failed) {
      const contact = contacts.get(recipient.contact_id);
      const problem = recipientProblem(contact);
      if (problem !== null || !contact) {
        if (!(await repos.messages.settleResend(trx, recipient, { error: problem ?? MESSAGES.contactNotFound }, now))) throw changed();
        stillFailed += 1;
        continue;
      }
      const outboxId = await repos.mailOutbox.add(trx, { to: contact.email, ...recipientMail({ ...found, tokens: recipient.tokens }) });
      if (recipient.outbox_id !== null && !(await repos.mailOutbox.supersede(trx, recipient.outbox_id, outboxId))) throw changed();
      if (!(await repos.messages.settleResend(trx, recipient, { outboxId, email: contact.email }, now))) throw changed();
      resentTo.push(contact.email);
    }
    await writeAudit(trx, [auditRecord(actor, 'mail.resent', { entityId: messageId, companyId: null, subject: found.subject }, [
      { field: 'failed', before: failed.length, after: stillFailed },
      { field: 'resent_to', before: null, after: resentTo.join(', ') || null },
    ])], now);
    return { resent: resentTo.length, failed: stillFailed };
  });
  return { result: answer, changes: [] };
}

/** Saves the template of that name, replacing the subject and message of one that exists (docs/product/messaging.md#templates). */
export async function saveTemplate(ctx: ServiceContext, template: { name: string; subject: string; message: string }): Promise<MailTemplate> {
  return ctx.repos.messages.saveTemplate(template, ctx.clock());
}
