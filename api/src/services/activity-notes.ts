import type { Activity } from '@portal/contract';
import { MESSAGES, type Change, type Viewer } from '@portal/domain';
import { HttpError } from '../errors';
import type { ServiceContext, Written } from './service-context';

// A ticket's activity notes (docs/product/tickets.md#activity-notes): one row each, so no transaction;
// the changes are answered for the caller to publish.

const activityChanged = (ticket: { ticket_id: number; company_id: number }): Change =>
  ({ kind: 'activity', ticketId: ticket.ticket_id, companyId: ticket.company_id });

/** A note on `ticket` (read and authorized by the caller), written by the signed-in contact. */
export async function addActivityNote(
  ctx: ServiceContext,
  viewer: Viewer,
  ticket: { ticket_id: number; company_id: number },
  note: string,
): Promise<Written<Activity>> {
  const { repos } = ctx;
  const created = await repos.activity.create({
    ticket_id: ticket.ticket_id,
    contact_id: viewer.contactId,
    contact_name: await repos.contacts.fullName(viewer.contactId),
    note,
  });
  return { result: created, changes: [activityChanged(ticket)] };
}

/** Deletes a note; 404 when there is none. Answers the number of rows deleted. */
export async function deleteActivityNote(ctx: ServiceContext, activityId: number): Promise<Written<number>> {
  const { repos } = ctx;
  const existing = await repos.activity.findById(activityId);
  if (!existing) throw new HttpError(404, MESSAGES.noResultsFound);
  const ticket = await repos.tickets.findAccess(existing.ticket_id);
  const deleted = await repos.activity.delete(existing.activity_id);
  return { result: deleted, changes: ticket ? [activityChanged(ticket)] : [] };
}
