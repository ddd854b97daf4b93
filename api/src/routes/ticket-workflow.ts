import { lookupList, type LookupItem } from '@portal/contract';
import { applyTicketUpdate, lookupName, type TicketWorkflowChange, type TicketWorkflowFields } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { TicketRow, TicketsTable } from '../db/schema';
import type { Viewer } from '../policy';
import type { PendingNotification } from '../repositories/ticket-repository';

// What PUT /ticket/:id and the bulk and company-mode changes share: the domain's ticket rules
// applied to a stored row, and whom a change is told to.

/** A lookup list option (statuses, services…), or the built-in defaults when unset or malformed. */
export async function lookupOption(app: FastifyInstance, name: string, fallback: readonly LookupItem[]): Promise<readonly LookupItem[]> {
  const parsed = lookupList.safeParse(await app.repos.options.get(name));
  return parsed.success && parsed.data.length > 0 ? parsed.data : fallback;
}

export function workflowOf(row: TicketRow): TicketWorkflowFields {
  return {
    status_id: row.status_id,
    assignee_id: row.assignee_id,
    date_assigned: row.date_assigned,
    date_completed: row.date_completed,
    on_hold: row.on_hold ? 1 : 0,
    estimated_time: row.estimated_time,
    estimate_approved: row.estimate_approved === 1 ? 1 : row.estimate_approved === 0 ? 0 : -1,
  };
}

/** applyTicketUpdate (spec 000 §4) on a stored row: the columns that change, stamped with date_updated. */
export function plannedPatch(
  row: TicketRow,
  change: TicketWorkflowChange,
  now: Date,
): { before: TicketWorkflowFields; after: TicketWorkflowFields; patch: Updateable<TicketsTable> } {
  const before = workflowOf(row);
  const after = applyTicketUpdate(before, change, now);
  const patch: Updateable<TicketsTable> = {};
  for (const key of Object.keys(after) as (keyof TicketWorkflowFields)[]) {
    if (after[key] !== before[key]) Object.assign(patch, { [key]: after[key] });
  }
  if (Object.keys(patch).length > 0) patch.date_updated = now.toISOString();
  return { before, after, patch };
}

/** Who hears of a change: the requester of a status change, and the (new) assignee; never the one who made it. */
export function changeNotifications(
  viewer: Viewer,
  ticket: { contact_id: number | null; title: string },
  before: TicketWorkflowFields,
  after: TicketWorkflowFields,
  statuses: readonly LookupItem[],
): PendingNotification[] {
  const statusChanged = after.status_id !== before.status_id;
  const assigneeChanged = after.assignee_id !== before.assignee_id;
  if (!statusChanged && !assigneeChanged) return [];
  const notify: PendingNotification[] = [];
  const statusNote = `${ticket.title} is now ${lookupName(statuses, after.status_id, `status ${after.status_id}`)}.`;
  if (statusChanged && ticket.contact_id !== null && ticket.contact_id !== viewer.contactId) {
    notify.push({ contact_id: ticket.contact_id, note: statusNote });
  }
  if (after.assignee_id !== null && after.assignee_id !== viewer.contactId && after.assignee_id !== ticket.contact_id) {
    notify.push({ contact_id: after.assignee_id, note: assigneeChanged ? `You were assigned: ${ticket.title}.` : statusNote });
  }
  return notify;
}
