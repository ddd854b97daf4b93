import type { Activity } from '@portal/contract';
import { MESSAGES, canWriteInternalNote, type Change, type Viewer } from '@portal/domain';
import { HttpError } from '../errors';
import type { ServiceContext, Written } from './service-context';

// A ticket's activity notes (docs/product/tickets.md#activity-notes): one row each, so no transaction;
// the changes are answered for the caller to publish.

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
  const created = await repos.activity.create({
    ticket_id: ticket.ticket_id,
    contact_id: viewer.contactId,
    contact_name: await repos.contacts.fullName(viewer.contactId),
    note,
    internal,
  });
  return { result: created, changes: [activityChanged(ticket, created)] };
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
