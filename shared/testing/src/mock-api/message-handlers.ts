import { http } from 'msw';
import {
  failedMailList, messageProgress, messageQueued, messageRecipientList, messageResent, messageSend, messageSummaryList, okAnswer, recipientsQuery,
  type Contact, type MessageProgress, type MessageRecipient, type RecipientsQuery,
} from '@portal/contract';
import { MESSAGES, clientRecipientLinks, isResendable, isStaff, metaValueOf, resultCounts, ticketRecipients, tokenValuesFor } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany, findContact, fullName } from './portal-queries';
import { apiRoute, errorAnswer, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

/**
 * The message centre: who a filter reaches, sending (queued, sent when its progress is read), the sends and one send's
 * progress, a re-send to the failed recipients (mailed at once when the contact exists), and the failed outbox mail.
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
        Object.assign(recipient, { status: 'sent', result: 'sent' });
        db.outbox.push({ to: found.email, kind: 'message' });
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
    http.post(apiRoute('/sendmail/recipients'), async ({ request }) => {
      const read = await readBody(request, recipientsQuery);
      return read.ok ? reply(messageRecipientList, recipients(read.body)) : read.answer;
    }),
    http.post(apiRoute('/sendmail'), async ({ request }) => {
      const read = await readBody(request, messageSend);
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
      return reply(messageQueued, { message_id: messageId }, 202);
    }),
    http.get(apiRoute('/sendmail'), () => reply(
      messageSummaryList,
      [...db.messages].reverse().map(({ message: _m, recipients: _r, ...summary }) => summary),
    )),
    http.post(apiRoute('/sendmail/:message_id/resend'), ({ params }) => {
      const found = db.messages.find((m) => m.message_id === idParam(params, 'message_id'));
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
      return reply(messageResent, { resent, failed: failed.length - resent });
    }),
    http.get(apiRoute('/mail-outbox/failed'), () => reply(failedMailList, db.failedMail)),
    http.post(apiRoute('/mail-outbox/:id/requeue'), ({ params }) => {
      const found = db.failedMail.find((mail) => mail.id === idParam(params));
      if (!found) return notFound();
      db.failedMail = db.failedMail.filter((mail) => mail !== found);
      db.outbox.push({ to: found.to_address, kind: 'requeued' });
      return reply(okAnswer, { ok: true });
    }),
    http.get(apiRoute('/sendmail/:message_id'), ({ params }) => {
      const found = db.messages.find((m) => m.message_id === idParam(params, 'message_id'));
      if (!found) return notFound();
      const answer = messageProgress.parse(found);
      work(found);
      return reply(messageProgress, answer);
    }),
  ];
}
