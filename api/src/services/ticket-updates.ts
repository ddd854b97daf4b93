import type { ticketBulkUpdate, ticketUpdate } from '@portal/contract';
import {
  MESSAGES, isAssignableStaff, ticketChanges, type Change, type TicketWorkflowChange, type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { writeAudit, type AuditRecord } from '../repositories/audit-repository';
import type { TicketRow } from '../repositories/ticket-repository';
import { auditedChange, recorded, ticketTarget, type AuditActor } from './audit';
import { addBellNotifications, type BellNotification } from './bell';
import { tellFollowers } from './followers';
import { lookupOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';
import {
  NO_LINE_AUTHOR, planBulkChange, planTicketUpdate, statusChangedText, statusLines, type LineAuthor, type NewStatusLine, type PendingNotification,
} from './ticket-workflow';
import { recordTicketUpdate } from './webhook-events';

// Changes of existing tickets (docs/product/tickets.md#status-workflow, #assignment): each one's
// columns, its status line, the notifications it sends and its audit entry commit together; the changes to publish are
// answered for the caller to send once they have.

const notificationRows = (ticketId: number, notify: readonly PendingNotification[], at: string): BellNotification[] =>
  notify.map((n) => ({ contact_id: n.contact_id, ticket_id: ticketId, text: n.text, date_created: at }));

async function lineAuthor(ctx: ServiceContext, viewer: Viewer): Promise<LineAuthor> {
  return { contact_id: viewer.contactId, contact_name: await ctx.repos.contacts.fullName(viewer.contactId) };
}

const activityChange = (ticket: { ticket_id: number; company_id: number }): Change => ({ kind: 'activity', ticketId: ticket.ticket_id, companyId: ticket.company_id });

const assignable = (ctx: ServiceContext) => async (contactId: number) => isAssignableStaff(await ctx.repos.contacts.findById(contactId));

/**
 * PUT /ticket/:id on `current`, the stored row the caller read and authorized: the change
 * planTicketUpdate computes (400 for a bad value, 403 when a rule says no). Nothing is written or
 * published when no field differs.
 */
export async function updateTicket(
  ctx: ServiceContext,
  viewer: Viewer,
  current: TicketRow,
  body: z.output<typeof ticketUpdate>,
  options: { timeZone: string; actor: AuditActor },
): Promise<Written<void>> {
  const { db, repos } = ctx;
  const [types, priorities, statuses] = await Promise.all([
    lookupOption(repos.options, 'type-defaults'),
    lookupOption(repos.options, 'priority-defaults'),
    lookupOption(repos.options, 'status-defaults'),
  ]);
  const now = ctx.clock();
  const { patch, notify } = await planTicketUpdate(viewer, current, body, {
    types, priorities, statuses, timeZone: options.timeZone, isAssignable: assignable(ctx), now,
  });
  if (Object.keys(patch).length === 0) return { result: undefined, changes: [] };
  const audit = recorded(auditedChange(options.actor, 'ticket.updated', ticketTarget(current), current, patch));
  const lines = statusLines(current, patch, statuses, patch.status_id === undefined ? NO_LINE_AUTHOR : await lineAuthor(ctx, viewer), now.toISOString());
  let told: Change[] = [];
  await db.transaction().execute(async (trx) => {
    await repos.tickets.update(trx, current.ticket_id, patch);
    await recordTicketUpdate(trx, current, patch, now);
    await repos.activity.addMany(trx, lines);
    await writeAudit(trx, audit, now);
    await addBellNotifications(repos.notifications, trx, notificationRows(current.ticket_id, notify, now.toISOString()));
    // Its followers hear of a new status as its requester does (docs/product/tickets.md#followers-and-cc).
    if (patch.status_id !== undefined) {
      const notification = statusChangedText(current.title, statuses, patch.status_id);
      told = await tellFollowers(ctx, trx, current, { internal: false, notification }, [viewer.contactId, ...notify.map((n) => n.contact_id)]);
    }
  });
  const changes = [...ticketChanges(current, [current.assignee_id, patch.assignee_id], notify), ...told];
  return { result: undefined, changes: lines.length > 0 ? [...changes, activityChange(current)] : changes };
}

/**
 * PUT /ticket/bulk (docs/product/dashboards.md#selection-and-bulk-changes): the tickets are read and
 * changed in one transaction, all or nothing; a missing one is 404 and nothing changes. Only what
 * differs from a ticket's row is a change, as on PUT /ticket/:id. Answers how many tickets changed.
 */
export async function bulkUpdateTickets(
  ctx: ServiceContext,
  viewer: Viewer,
  body: z.output<typeof ticketBulkUpdate>,
  actor: AuditActor,
): Promise<Written<{ updated: number }>> {
  const { db, repos } = ctx;
  const { ticket_ids: ticketIds, assignee_id: assigneeId, status_id: statusId } = body;
  const statuses = await lookupOption(repos.options, 'status-defaults');
  if (assigneeId && !(await assignable(ctx)(assigneeId))) throw new HttpError(400, MESSAGES.invalidInput);
  if (statusId !== undefined && !statuses.some((status) => status.id === statusId)) throw new HttpError(400, MESSAGES.invalidInput);
  const change: TicketWorkflowChange = { assignee_id: assigneeId, status_id: statusId };
  const now = ctx.clock();
  const author = statusId === undefined ? NO_LINE_AUTHOR : await lineAuthor(ctx, viewer);
  return db.transaction().execute(async (trx) => {
    const rows = await repos.tickets.findRows(trx, ticketIds);
    const byId = new Map(rows.map((row) => [row.ticket_id, row]));
    if (ticketIds.some((ticketId) => !byId.has(ticketId))) throw new HttpError(404, MESSAGES.ticketNotFound);
    const planned = planBulkChange(viewer, rows, change, statuses, now).filter((plan) => Object.keys(plan.patch).length > 0);
    const changes: Change[] = [];
    const audit: AuditRecord[] = [];
    const lines: NewStatusLine[] = [];
    for (const plan of planned) {
      const row = byId.get(plan.ticket_id)!;
      await repos.tickets.update(trx, plan.ticket_id, plan.patch);
      await recordTicketUpdate(trx, row, plan.patch, now);
      changes.push(...ticketChanges(row, [row.assignee_id, plan.patch.assignee_id], plan.notify));
      audit.push(...recorded(auditedChange(actor, 'ticket.updated', ticketTarget(row), row, plan.patch)));
      if (plan.patch.status_id !== undefined) {
        const notification = statusChangedText(row.title, statuses, plan.patch.status_id);
        changes.push(...(await tellFollowers(ctx, trx, row, { internal: false, notification }, [viewer.contactId, ...plan.notify.map((n) => n.contact_id)])));
      }
      const written = statusLines(row, plan.patch, statuses, author, now.toISOString());
      lines.push(...written);
      if (written.length > 0) changes.push(activityChange(row));
    }
    await repos.activity.addMany(trx, lines);
    await addBellNotifications(repos.notifications, trx, planned.flatMap((plan) => notificationRows(plan.ticket_id, plan.notify, now.toISOString())));
    await writeAudit(trx, audit, now);
    return { result: { updated: planned.length }, changes };
  });
}
