import type { HeldMail, HeldMailAttached } from '@portal/contract';
import { MAIL_IN_REASONS, MESSAGES, heldMailNoteText, heldMailNoteVisibility, type MailInReason, type Viewer } from '@portal/domain';
import { HttpError } from '../../errors';
import { writeAudit } from '../../repositories/audit-repository';
import type { MailInMessageRow } from '../../repositories/mail-in-repository';
import { activityChanged } from '../activity-notes';
import { auditRecord, type AuditActor } from '../audit';
import type { ServiceContext, Written } from '../service-context';

// The admins' side of mail in (docs/product/notifications-and-mail.md#matching): the held list, attaching a held
// message to a ticket as a note by the support team saying who wrote it, dropping it, and reading its original.

/** The held list shows at most this many messages, newest first. */
export const HELD_MAIL_LIST_MAX = 200;

/** The sentence of a stored reason (its MAIL_IN_REASONS key); a reason stored as text stays as it is. */
function reasonText(reason: string | null): string {
  if (reason === null) return '';
  return Object.hasOwn(MAIL_IN_REASONS, reason) ? MAIL_IN_REASONS[reason as MailInReason] : reason;
}

export async function listHeldMail(ctx: ServiceContext): Promise<HeldMail[]> {
  const rows = await ctx.repos.mailIn.listHeld(HELD_MAIL_LIST_MAX);
  return rows.map((row) => ({
    mail_in_id: row.mail_in_id,
    from_address: row.from_address,
    from_name: row.from_name,
    subject: row.subject,
    date_received: row.date_received,
    reason: reasonText(row.reason),
    ticket_id: row.ticket_id,
    text: row.text ?? '',
    raw_size: row.raw_size,
    verdict: row.verdict,
  }));
}

/** A held message; 404 'No results found.' when there is none or it was decided already. */
async function heldMessage(ctx: ServiceContext, mailInId: number): Promise<MailInMessageRow> {
  const row = await ctx.repos.mailIn.findById(mailInId);
  if (!row || row.status !== 'held') throw new HttpError(404, MESSAGES.noResultsFound);
  return row;
}

const notHeld = () => new HttpError(404, MESSAGES.noResultsFound);

/**
 * Puts a held message on a ticket: a note by the support team (no author) that says who wrote it, marked as come by
 * e-mail, a reply or an internal note as the admin chose (unsaid: heldMailNoteVisibility of its reason); the message
 * is marked attached by `viewer`. Its files stay in its original (the note names them). 404 when the message is not
 * held or the ticket is missing.
 */
export async function attachHeldMail(
  ctx: ServiceContext, viewer: Viewer, mailInId: number, target: { ticketId: number; internal?: boolean | undefined }, actor: AuditActor,
): Promise<Written<HeldMailAttached>> {
  const { repos } = ctx;
  const message = await heldMessage(ctx, mailInId);
  const ticket = await repos.tickets.findAccess(target.ticketId);
  if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
  const now = ctx.clock();
  const note = heldMailNoteText({ name: message.from_name, address: message.from_address }, message.text ?? '');
  const internal = target.internal ?? heldMailNoteVisibility(reasonText(message.reason)) === 'internal';
  const activityId = await ctx.db.transaction().execute(async (trx) => {
    const activity = await repos.activity.add(trx, {
      ticket_id: ticket.ticket_id, contact_id: null, contact_name: null, note, source: 'mail', date_created: now.toISOString(), internal,
    });
    const decided = await repos.mailIn.decide(trx, mailInId, {
      status: 'attached', ticket_id: ticket.ticket_id, activity_id: activity.activity_id, date_decided: now.toISOString(), decided_by: viewer.contactId,
    });
    if (!decided) throw notHeld();
    await writeAudit(trx, [auditRecord(actor, 'mail.attached', { entityId: mailInId, companyId: ticket.company_id, subject: message.subject }, [
      { field: 'ticket_id', before: message.ticket_id, after: ticket.ticket_id },
    ])], now);
    return activity.activity_id;
  });
  return {
    result: { ticket_id: ticket.ticket_id, activity_id: activityId },
    changes: [activityChanged(ticket, { internal })],
  };
}

/** Throws a held message away: counted as dropped and in the audit trail, its original cleared. 404 when it is not held. */
export async function dropHeldMail(ctx: ServiceContext, mailInId: number, actor: AuditActor): Promise<Written<{ ok: true }>> {
  const message = await heldMessage(ctx, mailInId);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const decided = await ctx.repos.mailIn.decide(trx, mailInId, { status: 'dropped', raw: null, date_decided: now.toISOString(), decided_by: actor.actorId });
    if (!decided) throw notHeld();
    await writeAudit(trx, [auditRecord(actor, 'mail.dropped', { entityId: mailInId, companyId: null, subject: message.subject }, [
      { field: 'from', before: message.from_address, after: null },
    ])], now);
  });
  return { result: { ok: true }, changes: [] };
}

/** The original of a message as it was received (its first MAIL_IN_RAW_MAX bytes) and its full size; undefined when none is kept. */
export async function heldMailRaw(ctx: ServiceContext, mailInId: number): Promise<{ raw: Buffer; size: number } | undefined> {
  const row = await ctx.repos.mailIn.findById(mailInId);
  if (!row || row.raw === null) return undefined;
  return { raw: Buffer.from(row.raw, 'base64'), size: row.raw_size };
}
