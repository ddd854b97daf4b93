import type { LookupItem, ticketUpdate } from '@portal/contract';
import {
  MESSAGES, STATUS_LINE_SOURCE, applyTicketUpdate, canChangeAssignee, canChangeStatus, canEditTicketField, canEditTicketText, canRespondToEstimate, canSetEstimate,
  companyModeTicketChanges, dueDateFromRequest, lookupName, requiredFieldMessage, statusLineNote, type TicketWorkflowChange, type TicketWorkflowFields,
  type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import type { BellText } from './bell';
import type { NewActivity } from '../repositories/activity-repository';
import type { TicketPatch, TicketRow } from '../repositories/ticket-repository';

/** An in-app notification a ticket change writes with it (same transaction), in its recipient's language (bell.ts). */
export interface PendingNotification {
  contact_id: number;
  text: BellText;
}

/** One ticket's computed change: the columns to write and whom to tell. */
export interface PlannedTicketChange {
  ticket_id: number;
  patch: TicketPatch;
  notify: PendingNotification[];
}

// What PUT /ticket/:id, the bulk change and the company-mode change share: the domain's ticket rules
// applied to a stored row, and whom a change is told to.

const bad = (message: string = MESSAGES.invalidInput) => new HttpError(400, message);

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

/** applyTicketUpdate (docs/product/tickets.md#status-workflow) on a stored row: the columns that change, stamped with date_updated. */
export function plannedPatch(row: TicketRow, change: TicketWorkflowChange, now: Date): { before: TicketWorkflowFields; after: TicketWorkflowFields; patch: TicketPatch } {
  const before = workflowOf(row);
  const after = applyTicketUpdate(before, change, now);
  const patch: TicketPatch = {};
  for (const key of Object.keys(after) as (keyof TicketWorkflowFields)[]) {
    if (after[key] !== before[key]) Object.assign(patch, { [key]: after[key] });
  }
  if (Object.keys(patch).length > 0) patch.date_updated = now.toISOString();
  return { before, after, patch };
}

/** The bell's "Fix the header is now Testing." (a status's name is the admin's, as written). */
export const statusChangedText = (title: string, statuses: readonly LookupItem[], statusId: number): BellText =>
  ({ key: 'bell.statusChanged', values: { title, status: lookupName(statuses, statusId, `status ${statusId}`) } });

/** The bell's "You were assigned: Fix the header." */
export const assignedText = (title: string): BellText => ({ key: 'bell.assigned', values: { title } });

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
  const statusNote = statusChangedText(ticket.title, statuses, after.status_id);
  if (statusChanged && ticket.contact_id !== null && ticket.contact_id !== viewer.contactId) {
    notify.push({ contact_id: ticket.contact_id, text: statusNote });
  }
  if (after.assignee_id !== null && after.assignee_id !== viewer.contactId && after.assignee_id !== ticket.contact_id) {
    notify.push({ contact_id: after.assignee_id, text: assigneeChanged ? assignedText(ticket.title) : statusNote });
  }
  return notify;
}

/** Who a status line names: the contact who made the change (null reads as the support team). */
export interface LineAuthor {
  contact_id: number | null;
  contact_name: string | null;
}

/**
 * The status line a change of `row`'s status writes into the ticket's feed (docs/product/tickets.md#status-lines),
 * to write in the change's transaction; none when the status stays. Every service that moves a status writes it.
 */
export function statusLines(
  row: { ticket_id: number; status_id: number }, patch: TicketPatch, statuses: readonly LookupItem[], author: LineAuthor, at: string,
): NewStatusLine[] {
  if (patch.status_id === undefined) return [];
  const note = statusLineNote(row.status_id, patch.status_id, statuses);
  return note === null ? [] : [{ ticket_id: row.ticket_id, ...author, note, source: STATUS_LINE_SOURCE, date_created: at }];
}

export type NewStatusLine = NewActivity & { date_created: string };
/** A line nobody signed: it reads as the support team. */
export const NO_LINE_AUTHOR: LineAuthor = { contact_id: null, contact_name: null };

export interface TicketLookups {
  types: readonly LookupItem[];
  priorities: readonly LookupItem[];
  statuses: readonly LookupItem[];
}

const listed = (list: readonly LookupItem[], id: number) => {
  if (!list.some((item) => item.id === id)) throw bad();
  return id;
};

/**
 * PUT /ticket/:id as a change of the stored row: the fields that differ (a field equal to the stored
 * value is no change: the ticket screen sends the whole ticket), each checked against the rule that
 * allows it; 400 for a bad value, 403 when a rule says no. `isAssignable` says whether a contact may
 * be the assignee.
 */
export async function planTicketUpdate(
  viewer: Viewer,
  current: TicketRow,
  body: z.output<typeof ticketUpdate>,
  context: TicketLookups & { timeZone: string; isAssignable(contactId: number): Promise<boolean>; now: Date },
): Promise<{ patch: TicketPatch; notify: PendingNotification[] }> {
  const patch: TicketPatch = {};
  const change: TicketWorkflowChange = {};
  const needs: ((viewer: Viewer) => boolean)[] = [];

  // The title and description: staff, or the requesting client while the ticket is in Backlog (canEditTicketText).
  const text: Pick<TicketPatch, 'title' | 'description'> = {};
  if (body.title !== undefined && body.title !== current.title) {
    if (body.title === '') throw bad(requiredFieldMessage('Title'));
    text.title = body.title;
  }
  if (body.description !== undefined && body.description !== current.description) {
    if (body.description.trim() === '') throw bad(requiredFieldMessage('Description'));
    text.description = body.description;
  }
  if (body.type_id !== undefined && listed(context.types, body.type_id) !== current.type_id) patch.type_id = body.type_id;
  if (body.priority_id !== undefined && listed(context.priorities, body.priority_id) !== current.priority_id) patch.priority_id = body.priority_id;
  if (body.date_due !== undefined) {
    const due = storedDueDate(body.date_due, context.timeZone);
    if (due !== current.date_due) patch.date_due = due;
  }
  if (body.estimate_required !== undefined && body.estimate_required !== current.estimate_required) patch.estimate_required = body.estimate_required;
  if (Object.keys(patch).length > 0) needs.push(canEditTicketField);
  if (Object.keys(text).length > 0) {
    needs.push((v) => canEditTicketText(v, current));
    Object.assign(patch, text);
  }
  if (body.on_hold !== undefined && body.on_hold !== (current.on_hold ? 1 : 0)) {
    change.on_hold = body.on_hold;
    needs.push(canEditTicketField);
  }
  if (body.assignee_id !== undefined && body.assignee_id !== current.assignee_id) {
    if (body.assignee_id !== null && !(await context.isAssignable(body.assignee_id))) throw bad();
    change.assignee_id = body.assignee_id;
    needs.push(canChangeAssignee);
  }
  if (body.status_id !== undefined && listed(context.statuses, body.status_id) !== current.status_id) {
    const statusId = body.status_id;
    change.status_id = statusId;
    needs.push((v) => canChangeStatus(v, current.status_id, statusId));
  }
  if (body.estimated_time !== undefined && Math.max(0, body.estimated_time) !== current.estimated_time) {
    change.estimated_time = body.estimated_time;
    needs.push(canSetEstimate);
  }
  // With a new estimate the approval is derived (-1) whatever is sent; otherwise it is an answer.
  if (body.estimate_approved !== undefined && change.estimated_time === undefined && body.estimate_approved !== current.estimate_approved) {
    change.estimate_approved = body.estimate_approved;
    needs.push(canRespondToEstimate);
  }
  if (needs.some((allowed) => !allowed(viewer))) {
    // Whoever may edit tickets gets the plain refusal; a client learns which changes are its own.
    throw new HttpError(403, canEditTicketField(viewer) ? MESSAGES.notAuthorized : MESSAGES.ticketChangeNotAllowed);
  }

  const planned = plannedPatch(current, change, context.now);
  Object.assign(patch, planned.patch);
  if (Object.keys(patch).length === 0) return { patch, notify: [] };
  patch.date_updated ??= context.now.toISOString();
  const title = patch.title ?? current.title;
  return { patch, notify: changeNotifications(viewer, { contact_id: current.contact_id, title }, planned.before, planned.after, context.statuses) };
}

/** A sent due date as stored: null clears it; a bad date 400, a day outside the picker's years 400 'Input out of range.'. */
export function storedDueDate(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  const result = dueDateFromRequest(value, timeZone);
  if (!result.ok) throw bad(result.problem === 'outOfRange' ? MESSAGES.inputOutOfRange : MESSAGES.invalidInput);
  return result.date.toISOString();
}

/** PUT /ticket/bulk on each stored row: only what differs from the row is a change, as on PUT /ticket/:id. */
export function planBulkChange(viewer: Viewer, rows: TicketRow[], change: TicketWorkflowChange, statuses: readonly LookupItem[], now: Date): PlannedTicketChange[] {
  return rows.map((row) => {
    const own: TicketWorkflowChange = {};
    if (change.assignee_id !== undefined && change.assignee_id !== row.assignee_id) own.assignee_id = change.assignee_id;
    if (change.status_id !== undefined && change.status_id !== row.status_id) own.status_id = change.status_id;
    const { before, after, patch } = plannedPatch(row, own, now);
    return { ticket_id: row.ticket_id, patch, notify: changeNotifications(viewer, row, before, after, statuses) };
  });
}

/** docs/product/companies-and-contacts.md#mode-side-effect: what a company mode does to the company's open tickets (nobody is notified). */
export function planModeClosing(mode: number, open: TicketRow[], now: Date): PlannedTicketChange[] {
  const rows = new Map(open.map((row) => [row.ticket_id, row]));
  return companyModeTicketChanges(mode, open).map((closing) => ({
    ticket_id: closing.ticket_id,
    patch: plannedPatch(rows.get(closing.ticket_id)!, { status_id: closing.status_id, assignee_id: closing.assignee_id }, now).patch,
    notify: [],
  }));
}
