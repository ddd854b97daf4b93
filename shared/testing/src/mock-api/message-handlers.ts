import { messageProgress, type Contact, type MessageProgress, type MessageRecipient, type RecipientsQuery } from '@portal/contract';
import { messageEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, clientRecipientLinks, isResendable, isStaff, metaValueOf, resultCounts, ticketRecipients, tokenValuesFor } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany, findContact, fullName } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/**
 * The message centre: who a filter reaches, sending (queued, sent when its progress is read, or left queued without a
 * mail server), the sends and one send's progress, a re-send to the failed recipients (mailed at once when the contact
 * exists), the failed outbox mail and whether a mail server is set.
 */
export function messageHandlers(db: PortalData) {
  function recipients(query: RecipientsQuery): MessageRecipient[] {
    const person = (c: Contact, companyId: number | null, ticketIds: number[] = []): MessageRecipient => {
      const company = findCompany(db, companyId);
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
          const company = findCompany(db, link.company_id);
          const found = findContact(db, link.contact_id);
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
            const found = findContact(db, r.contact_id);
            return found ? [person(found, r.company_id, r.ticket_ids)] : [];
          });
    }
  }

  /** The job runner's part: pending recipients are sent (or fail) when the progress is read. */
  function work(message: MessageProgress) {
    for (const recipient of message.recipients) {
      if (recipient.status !== 'pending') continue;
      const found = findContact(db, recipient.contact_id);
      if (found) {
        Object.assign(recipient, { status: 'sent', result: db.mailServer.smtp_configured ? 'sent' : 'queued' });
        if (db.mailServer.smtp_configured) db.outbox.push({ to: found.email, kind: 'message' });
      } else {
        Object.assign(recipient, { status: 'failed', error: 'Contact no longer active.', result: 'failed', result_error: 'Contact no longer active.' });
      }
    }
    count(message);
    message.status = 'done';
  }

  function count(message: MessageProgress) {
    message.sent = message.recipients.filter((r) => r.status === 'sent').length;
    message.failed = message.recipients.filter((r) => r.status === 'failed').length;
    message.results = resultCounts(message.recipients);
  }

  const sender = () => {
    const found = db.session ? findContact(db, db.session.contact_id) : undefined;
    return found ? fullName(found) : null;
  };

  return [
    mock(api.messageRecipients, async ({ request }) => {
      const read = await readBody(request, api.messageRecipients);
      return read.ok ? answer(api.messageRecipients, recipients(read.body)) : read.answer;
    }),
    mock(api.sendMessage, async ({ request }) => {
      const read = await readBody(request, api.sendMessage);
      if (!read.ok) return read.answer;
      const messageId = nextId(db.messages, (m) => m.message_id);
      const targets = read.body.recipients.map((r) => findContact(db, Number(r.contact_id)) ?? { contact_id: Number(r.contact_id), first_name: '', last_name: '', email: '' });
      db.messages.push(messageProgress.parse({
        message_id: messageId, subject: read.body.subject, message: read.body.message, kind: read.body.kind, sender_id: db.session?.contact_id ?? null,
        sender_name: sender(), date_created: nowIso(), status: 'sending', total: targets.length, sent: 0, failed: 0,
        results: { pending: targets.length, queued: 0, sent: 0, failed: 0 },
        recipients: targets.map((c, index) => ({
          recipient_id: index + 1, contact_id: c.contact_id, name: `${c.first_name} ${c.last_name}`.trim(), email: c.email, status: 'pending', error: null,
          result: 'pending', result_error: null,
        })),
      }));
      return answer(api.sendMessage, { message_id: messageId });
    }),
    mock(api.sentMessages, () => answer(
      api.sentMessages,
      [...db.messages].reverse().map(({ message: _m, recipients: _r, ...summary }) => summary),
    )),
    mock(api.resendMessage, ({ params }) => {
      const found = db.messages.find((m) => m.message_id === idParam(params, 'messageId'));
      if (!found) return notFound();
      const failed = found.recipients.filter(isResendable);
      if (failed.length === 0) return errorAnswer(409, MESSAGES.noFailedRecipients);
      let resent = 0;
      for (const recipient of failed) {
        const contact = findContact(db, recipient.contact_id);
        if (!contact) continue;
        Object.assign(recipient, { status: 'sent', error: null, result: 'sent', result_error: null, email: contact.email });
        db.outbox.push({ to: contact.email, kind: 'message' });
        resent += 1;
      }
      count(found);
      return answer(api.resendMessage, { resent, failed: failed.length - resent });
    }),
    mock(api.failedMail, () => answer(api.failedMail, db.failedMail)),
    mock(api.mailStatus, () => answer(api.mailStatus, { smtp_configured: db.mailServer.smtp_configured, setting: 'SMTP_URL' })),
    mock(api.requeueMail, ({ params }) => {
      const found = db.failedMail.find((mail) => mail.id === idParam(params));
      if (!found) return notFound();
      db.failedMail = db.failedMail.filter((mail) => mail !== found);
      db.outbox.push({ to: found.to_address, kind: 'requeued' });
      return answer(api.requeueMail, { ok: true });
    }),
    mock(api.messageProgress, ({ params }) => {
      const found = db.messages.find((m) => m.message_id === idParam(params, 'messageId'));
      if (!found) return notFound();
      const progress = messageProgress.parse(found);
      work(found);
      return answer(api.messageProgress, progress);
    }),
  ];
}
