import { MESSAGES, canSeeNote, canViewTicket } from '@portal/domain';
import { HttpError } from '../errors';
import { mailLanguage } from '../messages';
import type { ContactRow } from '../repositories/contact-repository';
import { activityMail, contactMail } from './mail-templates';
import type { ServiceContext } from './service-context';
import { automaticMailHeaders, queueTicketMail } from './ticket-mail';

// Staff mailing one contact from the ticket screen (docs/product/notifications-and-mail.md#activity-e-mail):
// an activity note, or a message of their own. Both are queued in the outbox; the job runner sends them.
// An activity note about a ticket is answerable mail (docs/product/notifications-and-mail.md#answerable-mail);
// a message of the sender's own is theirs, not the portal's, so it is not marked Auto-Submitted.

/** An active contact to mail; 404 'Contact not found.' otherwise. */
async function mailRecipient(ctx: ServiceContext, contactId: number): Promise<ContactRow> {
  const to = await ctx.repos.contacts.findById(contactId);
  if (!to || to.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
  return to;
}

/** Runs `queue`; failing to queue answers 502 with `failure`. */
async function queueMail(ctx: ServiceContext, to: ContactRow, failure: string, queue: () => Promise<unknown>): Promise<{ ok: true }> {
  try {
    await queue();
  } catch (error) {
    ctx.log.error({ err: error, contact_id: to.contact_id }, 'mail not queued');
    throw new HttpError(502, failure);
  }
  return { ok: true };
}

/**
 * The note a mail passes on: the one `activity_id` names (its words and ticket; 404 when it is not there or on
 * another ticket), else the words given, internal when they are an internal note's of the ticket.
 */
async function noteToMail(
  ctx: ServiceContext, activity: { note: string; ticket_id: number | null; activity_id?: number },
): Promise<{ note: string; ticket_id: number | null; internal: boolean }> {
  const { repos } = ctx;
  if (activity.activity_id !== undefined) {
    const found = await repos.activity.findById(activity.activity_id);
    if (!found || (activity.ticket_id !== null && found.ticket_id !== activity.ticket_id)) throw new HttpError(404, MESSAGES.noResultsFound);
    return { note: found.note, ticket_id: found.ticket_id, internal: found.internal };
  }
  const internal = activity.ticket_id !== null && await repos.activity.hasInternalNote(activity.ticket_id, activity.note);
  return { ...activity, internal };
}

/**
 * POST /contact/:id/sendactivity: the note, and its ticket's link when it names one (404 for a
 * missing ticket). The note and the link go only to someone who may open the ticket (its
 * requester, staff), and an internal note to staff only (docs/product/tickets.md#internal-notes):
 * anyone else is 400 'Activity e-mail not sent.'. Mail about an internal note is recorded as such, so
 * an answer to it stays internal.
 */
export async function mailActivityNote(
  ctx: ServiceContext, contactId: number, asked: { note: string; ticket_id: number | null; activity_id?: number },
): Promise<{ ok: true }> {
  const { repos, config } = ctx;
  const to = await mailRecipient(ctx, contactId);
  const activity = await noteToMail(ctx, asked);
  const ticket = activity.ticket_id === null ? undefined : await repos.tickets.findById(activity.ticket_id);
  if (activity.ticket_id !== null && !ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
  if (ticket) {
    const recipient = { contactId: to.contact_id, groupId: to.group_id, ...(await repos.contacts.companyLinks(to.contact_id)) };
    if (!canViewTicket(recipient, ticket) || !canSeeNote(recipient, activity)) throw new HttpError(400, MESSAGES.activityEmailNotSent);
  }
  const { internal } = activity;
  const mail = activityMail(config.publicUrl, activity.note, ticket, { internal }, await mailLanguage(ctx.db, to.contact_id));
  return queueMail(ctx, to, MESSAGES.activityEmailNotSent, () => (ticket
    ? ctx.db.transaction().execute((trx) => queueTicketMail(ctx, trx, ticket, { address: to.email, contactId: to.contact_id }, mail, { automatic: true, internal }))
    : repos.mailOutbox.add(ctx.db, { to: to.email, ...mail, headers: automaticMailHeaders(config) })));
}

/** POST /contact/:id/sendmail: a message of the sender's own. */
export async function mailContact(ctx: ServiceContext, contactId: number, message: { subject: string; message: string }): Promise<{ ok: true }> {
  const to = await mailRecipient(ctx, contactId);
  return queueMail(ctx, to, MESSAGES.noteNotSent, () => ctx.repos.mailOutbox.add(ctx.db, { to: to.email, ...contactMail(message.subject, message.message, ctx.config.publicUrl) }));
}
