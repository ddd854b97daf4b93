import { http } from 'msw';
import {
  agentContact, companyWithPrimary, contact, contactCreate, contactDeleted, mailTemplate, mailTemplateList, mailTemplateSave,
  messageProgress, messageQueued, messageRecipientList, messageSend, messageSummaryList, optionUsage, recipientsQuery,
  type Contact, type MessageProgress, type MessageRecipient, type RecipientsQuery,
} from '@portal/contract';
import {
  MESSAGES, clientRecipientLinks, isDefaultListName, isStaff, metaValueOf, ticketRecipients, tokenValuesFor,
} from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiPath, errorAnswer, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

const fullName = (c: Contact) => `${c.first_name} ${c.last_name}`;

/** Admin settings: option usage, Manage Companies and Agents, and the message centre. */
export function adminHandlers(db: PortalData) {
  const findContact = (id: number | null) => db.contacts.find((c) => c.contact_id === id);
  const findCompany = (id: number | null) => db.companies.find((c) => c.company_id === id);
  const primaryOf = (companyId: number) =>
    db.contacts
      .filter((c) => c.companies.some((link) => link.company_id === companyId && link.primary === 1))
      .sort((a, b) => a.contact_id - b.contact_id)[0] ?? null;

  function recipients(query: RecipientsQuery): MessageRecipient[] {
    const person = (c: Contact, companyId: number | null, ticketIds: number[] = []): MessageRecipient => {
      const company = findCompany(companyId);
      const tickets = db.tickets.filter((t) => ticketIds.includes(t.ticket_id));
      return {
        contact_id: c.contact_id, name: fullName(c), email: c.email, company_id: company?.company_id ?? null,
        company_name: company?.name ?? null, ticket_ids: ticketIds, tokens: tokenValuesFor(query.kind, { contact: c, company, tickets }),
      };
    };
    switch (query.kind) {
      case 'contacts': {
        const groups = query.group_ids ?? [];
        return db.contacts.filter((c) => groups.length === 0 || groups.map(Number).includes(c.group_id)).map((c) => person(c, c.company_id));
      }
      case 'agents':
        return db.contacts.filter((c) => isStaff(c.group_id)).map((c) => person(c, null));
      case 'clients': {
        const modes = (query.mode_ids ?? []).map(Number);
        const services = (query.service_ids ?? []).map(Number);
        const companies = (query.company_ids ?? []).map(Number);
        const links = db.contacts.flatMap((c) => c.companies.map((link) => ({ ...link, contact_id: c.contact_id })));
        return clientRecipientLinks(links).flatMap((link) => {
          const company = findCompany(link.company_id);
          const found = findContact(link.contact_id);
          if (!company || !found) return [];
          const companyServices = String(metaValueOf(company.meta, 'services') ?? '').split(',').map(Number);
          if (modes.length > 0 && !modes.includes(company.mode)) return [];
          if (companies.length > 0 && !companies.includes(company.company_id)) return [];
          if (services.length > 0 && !services.some((id) => companyServices.includes(id))) return [];
          return [person(found, company.company_id)];
        });
      }
      case 'tickets':
        return ticketRecipients(db.tickets, query.contact_type ?? 'owner', (query.status_ids ?? []).map(Number))
          .flatMap((r) => {
            const found = findContact(r.contact_id);
            return found ? [person(found, r.company_id, r.ticket_ids)] : [];
          });
    }
  }

  /** The job runner's part: pending recipients are sent (or fail) when the progress is read. */
  function work(message: MessageProgress) {
    for (const recipient of message.recipients) {
      if (recipient.status !== 'pending') continue;
      const found = findContact(recipient.contact_id);
      if (found) {
        recipient.status = 'sent';
        db.outbox.push({ to: found.email, kind: 'message' });
      } else {
        recipient.status = 'failed';
        recipient.error = 'Contact no longer active.';
      }
    }
    message.sent = message.recipients.filter((r) => r.status === 'sent').length;
    message.failed = message.recipients.filter((r) => r.status === 'failed').length;
    message.status = 'done';
  }

  return [
    http.get(apiPath('/options/:name/usage'), ({ params }) => {
      const name = String(params.name);
      return isDefaultListName(name) ? reply(optionUsage, db.optionUsage[name] ?? {}) : notFound();
    }),

    http.get(apiPath('/company'), ({ request }) => {
      if (new URL(request.url).searchParams.get('include') !== 'primary') return undefined;
      return reply(companyWithPrimary.array(), db.companies.map((c) => {
        const primary = primaryOf(c.company_id);
        return { ...c, primary_contact: primary && { ...primary, phone: primary.phone } };
      }));
    }),

    http.get(apiPath('/contact'), ({ request }) => {
      if (new URL(request.url).searchParams.get('group') !== 'agents') return undefined;
      const agents = db.contacts.filter((c) => isStaff(c.group_id)).sort((a, b) => a.contact_id - b.contact_id);
      return reply(agentContact.array(), agents.map((c) => {
        const rate = metaValueOf(c.meta, 'pay_rate');
        return { ...c, pay_rate: rate === null || rate === undefined ? null : Number(rate) };
      }));
    }),
    http.post(apiPath('/contact'), async ({ request }) => {
      const read = await readBody(request, contactCreate, MESSAGES.contactNotCreated);
      if (!read.ok) return read.answer;
      const { pay_rate: payRate, ...fields } = read.body;
      if (db.contacts.some((c) => c.email === fields.email)) return errorAnswer(409, MESSAGES.emailAlreadyUsed);
      const id = nextId(db.contacts, (c) => c.contact_id);
      const created = contact.parse({
        title: null, phone: null, ...fields, contact_id: id, company_id: null, companies: [],
        meta: payRate === undefined ? [] : [{ id: 1, meta_key: 'pay_rate', meta_value: String(payRate) }],
      });
      db.contacts.push(created);
      db.outbox.push({ to: created.email, kind: 'reset', code: `set-${id}` });
      return reply(contact, created, 201);
    }),
    http.delete(apiPath('/contact/:id'), ({ params }) => {
      const id = idParam(params);
      if (!findContact(id)) return notFound(MESSAGES.contactNotFound);
      db.contacts = db.contacts.filter((c) => c.contact_id !== id);
      const open = db.tickets.filter((t) => t.assignee_id === id && t.status_id < 5);
      for (const ticket of open) Object.assign(ticket, { assignee_id: null, status_id: 1 });
      return reply(contactDeleted, { deleted: 1, tickets_unassigned: open.length });
    }),

    http.post(apiPath('/sendmail/recipients'), async ({ request }) => {
      const read = await readBody(request, recipientsQuery);
      return read.ok ? reply(messageRecipientList, recipients(read.body)) : read.answer;
    }),
    http.get(apiPath('/sendmail/templates'), () => reply(mailTemplateList, db.templates)),
    http.post(apiPath('/sendmail/templates/:name'), async ({ request }) => {
      const read = await readBody(request, mailTemplateSave, MESSAGES.templateSaveFailed);
      if (!read.ok) return read.answer;
      const existing = db.templates.find((t) => t.name === read.body.name);
      const saved = mailTemplate.parse({
        id: existing?.id ?? nextId(db.templates, (t) => t.id), date_created: existing?.date_created ?? nowIso(), ...read.body,
      });
      db.templates = [...db.templates.filter((t) => t.name !== saved.name), saved];
      return reply(mailTemplate, saved);
    }),
    http.post(apiPath('/sendmail'), async ({ request }) => {
      const read = await readBody(request, messageSend);
      if (!read.ok) return read.answer;
      const messageId = nextId(db.messages, (m) => m.message_id);
      const targets = read.body.recipients.map((r) => findContact(Number(r.contact_id)) ?? { contact_id: Number(r.contact_id), first_name: '', last_name: '', email: '' });
      db.messages.push(messageProgress.parse({
        message_id: messageId, subject: read.body.subject, message: read.body.message, kind: read.body.kind, sender_id: db.session?.contact_id ?? null,
        date_created: nowIso(), status: 'sending', total: targets.length, sent: 0, failed: 0,
        recipients: targets.map((c) => ({ contact_id: c.contact_id, name: `${c.first_name} ${c.last_name}`.trim(), email: c.email, status: 'pending', error: null })),
      }));
      return reply(messageQueued, { message_id: messageId }, 202);
    }),
    http.get(apiPath('/sendmail'), () => reply(messageSummaryList, db.messages.map(({ message: _m, recipients: _r, ...summary }) => summary))),
    http.get(apiPath('/sendmail/:messageId'), ({ params }) => {
      const found = db.messages.find((m) => m.message_id === idParam(params, 'messageId'));
      if (!found) return notFound();
      const answer = messageProgress.parse(found);
      work(found);
      return reply(messageProgress, answer);
    }),
  ];
}
