import { isClient, isStaff } from './groups';
import { STATUS } from './lookups';
import { MESSAGES } from './messages';

/** The ticket fields the status, assignment and estimate rules read and write. */
export interface TicketWorkflowFields {
  status_id: number;
  assignee_id: number | null;
  date_assigned: string | null;
  date_completed: string | null;
  on_hold: 0 | 1;
  estimated_time: number;
  estimate_approved: -1 | 0 | 1;
}

/** What a caller asks to change; anything else on the ticket passes through untouched. */
export type TicketWorkflowChange = Partial<Pick<TicketWorkflowFields, 'status_id' | 'assignee_id' | 'on_hold' | 'estimated_time' | 'estimate_approved'>>;

function isAssigned(assigneeId: number | null | undefined): boolean {
  return typeof assigneeId === 'number' && assigneeId > 0;
}

function assigneeOf(change: TicketWorkflowChange, current: TicketWorkflowFields): number | null {
  if (!('assignee_id' in change)) return current.assignee_id;
  return isAssigned(change.assignee_id) ? (change.assignee_id as number) : null;
}

/**
 * Assigning an agent on status 1 moves it to 2, unassigning sets 1 (docs/product/tickets.md#assignment). A status given
 * in the same change wins over the derived one (the caller said what it wants).
 */
function statusOf(change: TicketWorkflowChange, current: TicketWorkflowFields, assigneeId: number | null): number {
  if (change.status_id !== undefined) return change.status_id;
  if (assigneeId === current.assignee_id) return current.status_id;
  if (assigneeId === null) return STATUS.backlog;
  return current.status_id === STATUS.backlog ? STATUS.assigned : current.status_id;
}

/** Complete (5) or Cancelled (6): the ticket's work is over. */
export function isFinishedStatus(statusId: number): boolean {
  return statusId === STATUS.complete || statusId === STATUS.cancelled;
}

/**
 * Status 2 stamps date_assigned and 5 stamps date_completed, each time the ticket enters that
 * status. Reopening clears date_completed so a reopened ticket does not count as completed.
 */
function stampedDates(current: TicketWorkflowFields, statusId: number, nowIso: string): Pick<TicketWorkflowFields, 'date_assigned' | 'date_completed'> {
  const entered = statusId !== current.status_id;
  return {
    date_assigned: entered && statusId === STATUS.assigned ? nowIso : current.date_assigned,
    date_completed: entered && statusId === STATUS.complete ? nowIso : isFinishedStatus(statusId) ? current.date_completed : null,
  };
}

/** A changed estimate must be approved again (-1); a negative estimate counts as 0. */
function estimateOf(change: TicketWorkflowChange, current: TicketWorkflowFields): Pick<TicketWorkflowFields, 'estimated_time' | 'estimate_approved'> {
  const estimated = change.estimated_time === undefined ? current.estimated_time : normalizeEstimateUnits(change.estimated_time);
  if (estimated !== current.estimated_time) return { estimated_time: estimated, estimate_approved: -1 };
  return { estimated_time: estimated, estimate_approved: change.estimate_approved ?? current.estimate_approved };
}

export function normalizeEstimateUnits(units: number): number {
  return Number.isFinite(units) ? Math.max(0, Math.round(units)) : 0;
}

/** The ticket after `change`, with the derived status, dates and estimate approval (docs/product/tickets.md#status-workflow). */
export function applyTicketUpdate<T extends TicketWorkflowFields>(current: T, change: TicketWorkflowChange, now: Date): T {
  const assigneeId = assigneeOf(change, current);
  const statusId = statusOf(change, current, assigneeId);
  return {
    ...current,
    assignee_id: assigneeId,
    status_id: statusId,
    ...stampedDates(current, statusId, now.toISOString()),
    on_hold: change.on_hold === undefined ? current.on_hold : change.on_hold ? 1 : 0,
    ...estimateOf(change, current),
  };
}

/** The client's answer to an estimate: Accept sets 1, Reject sets 0. */
export function estimateAnswer(accept: boolean): TicketWorkflowChange {
  return { estimate_approved: accept ? 1 : 0 };
}

export type StatusActionKey = 'infoProvided' | 'needsMoreWork' | 'readyToLaunch' | 'markComplete' | 'reopen' | 'cancel';

export interface StatusAction {
  key: StatusActionKey;
  label: string;
  toStatus: number;
  confirmation: string;
  /** Danger styling for the destructive choice. */
  danger: boolean;
}

const INFO_PROVIDED: StatusAction = { key: 'infoProvided', label: 'Info Provided', toStatus: STATUS.assigned, confirmation: MESSAGES.confirmInfoProvided, danger: false };
const NEEDS_MORE_WORK: StatusAction = { key: 'needsMoreWork', label: 'Needs More Work', toStatus: STATUS.assigned, confirmation: MESSAGES.confirmNeedsMoreWork, danger: false };
const READY_TO_LAUNCH: StatusAction = { key: 'readyToLaunch', label: 'Ready To Launch', toStatus: STATUS.readyToLaunch, confirmation: MESSAGES.confirmReadyToLaunch, danger: false };
const MARK_COMPLETE: StatusAction = { key: 'markComplete', label: 'Mark Complete', toStatus: STATUS.complete, confirmation: MESSAGES.confirmMarkComplete, danger: false };
const REOPEN: StatusAction = { key: 'reopen', label: 'Reopen Ticket', toStatus: STATUS.backlog, confirmation: MESSAGES.confirmReopenTicket, danger: false };
const CANCEL: StatusAction = { key: 'cancel', label: 'Cancel Ticket', toStatus: STATUS.cancelled, confirmation: MESSAGES.confirmCancelTicket, danger: true };
const CLIENT_CANCEL: StatusAction = { ...CANCEL, confirmation: MESSAGES.confirmCancelOwnTicket };

/** The status buttons (docs/product/tickets.md#status-workflow) for a ticket in `statusId`, in display order. */
export function statusActions(statusId: number): StatusAction[] {
  const actions: StatusAction[] = [];
  if (statusId === STATUS.needMoreInfo) actions.push(INFO_PROVIDED);
  if (statusId === STATUS.testing) actions.push(NEEDS_MORE_WORK, READY_TO_LAUNCH, MARK_COMPLETE);
  if (statusId === STATUS.complete) actions.push(REOPEN);
  if (statusId >= STATUS.backlog && statusId <= STATUS.testing) actions.push(CANCEL);
  return actions;
}

/**
 * The buttons a viewer of `groupId` sees. The workflow gives them no role limit (docs/product/tickets.md#status-workflow), so staff and
 * clients both get every one; the cancel warning speaks to whoever presses it.
 */
export function statusActionsFor(statusId: number, groupId: number): StatusAction[] {
  if (isStaff(groupId)) return statusActions(statusId);
  if (isClient(groupId)) return statusActions(statusId).map((action) => (action === CANCEL ? CLIENT_CANCEL : action));
  return [];
}

/** Setting status 5 or 6 takes the user back one step (docs/product/tickets.md#ticket-screen). */
export function leavesTicketScreen(statusId: number): boolean {
  return isFinishedStatus(statusId);
}
