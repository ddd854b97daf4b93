import type { Activity } from '@portal/contract';
import { MESSAGES, canWriteInternalNote, type Change, type Viewer } from '@portal/domain';
import { HttpError } from '../errors';
import { tellFollowersOfNote } from './followers';
import type { ServiceContext, Written } from './service-context';
import { recordWebhookEvent } from './webhook-events';

// A ticket's activity notes (docs/product/tickets.md#activity-notes): one row each, written with what the
// ticket's followers are told of it; the changes are answered for the caller to publish.

/**
 * A note's change for the live stream: an internal one is told to staff only (docs/product/tickets.md#internal-notes),
 * so a client's open ticket is not even told that something was written.
 */
export const activityChanged = (ticket: { ticket_id: number; company_id: number }, note: { internal: boolean } = { internal: false }): Change =>
  ({ kind: 'activity', ticketId: ticket.ticket_id, companyId: ticket.company_id, ...(note.internal ? { internal: true as const } : {}) });

/**
 * A note on `ticket` (read and authorized by the caller), written by the signed-in contact; internal: staff
 * only, else 403 (docs/product/tickets.md#internal-notes).
 */
export async function addActivityNote(
  ctx: ServiceContext,
  viewer: Viewer,
  ticket: { ticket_id: number; company_id: number },
  { note, internal }: { note: string; internal: boolean },
): Promise<Written<Activity>> {
  const { repos } = ctx;
  if (internal && !canWriteInternalNote(viewer)) throw new HttpError(403, MESSAGES.internalNoteStaffOnly);
  const contactName = await repos.contacts.fullName(viewer.contactId);
  // Read before the transaction: on SQLite a read outside it would wait for its connection.
  const followed = await repos.tickets.findById(ticket.ticket_id);
  // The note and what its followers are told commit together (docs/product/tickets.md#followers-and-cc).
  const { created, told } = await ctx.db.transaction().execute(async (trx) => {
    const created = await repos.activity.add(trx, {
      ticket_id: ticket.ticket_id, contact_id: viewer.contactId, contact_name: contactName, note, internal, date_created: ctx.clock().toISOString(),
    });
    if (followed) await recordWebhookEvent(trx, { type: 'ticket.note_added', at: ctx.clock(), ticket: followed, internal, data: { note: { id: created.activity_id, text: note, author: contactName, internal } } });
    const told = followed
      ? await tellFollowersOfNote(ctx, trx, followed, { internal, text: note, authorId: viewer.contactId, authorName: contactName })
      : [];
    return { created, told };
  });
  return { result: created, changes: [activityChanged(ticket, created), ...told] };
}

/** Deletes a note; 404 when there is none. Answers the number of rows deleted. */
export async function deleteActivityNote(ctx: ServiceContext, activityId: number): Promise<Written<number>> {
  const { repos } = ctx;
  const existing = await repos.activity.findById(activityId);
  if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
  const ticket = await repos.tickets.findAccess(existing.ticket_id);
  const deleted = await repos.activity.delete(existing.activity_id);
  return { result: deleted, changes: ticket ? [activityChanged(ticket, existing)] : [] };
}
