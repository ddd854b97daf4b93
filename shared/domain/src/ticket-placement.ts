import { type LookupColor, MODE, STATUS } from './lookups';
import { MESSAGES } from './messages';
import { formatUnitsHhmm } from './units';

/** The ticket fields the dashboards place, count and badge by. */
export interface PlacedTicket {
  status_id: number;
  assignee_id: number | null;
  on_hold: number;
  company_mode?: number;
  date_completed?: string | null;
  date_due?: string | null;
  estimate_required: number;
  estimated_time: number;
  estimate_approved: number;
}

type PlacementFields = Pick<PlacedTicket, 'status_id' | 'assignee_id'>;

function hasAssignee(ticket: PlacementFields): boolean {
  return typeof ticket.assignee_id === 'number' && ticket.assignee_id > 0;
}

/** Open tickets have status below 5 (docs/product/dashboards.md#ticket-placement). */
export function isOpenTicket(statusId: number): boolean {
  return statusId < STATUS.complete;
}

/** Complete (5) and Cancelled (6) are closed. */
export function isClosedTicket(statusId: number): boolean {
  return statusId === STATUS.complete || statusId === STATUS.cancelled;
}

/** 'Need More Info' without an assignee waits in the backlog; other statuses of 7 and above count as assigned. */
function isWaitingInBacklog(ticket: PlacementFields): boolean {
  return ticket.status_id === STATUS.backlog || (ticket.status_id === STATUS.needMoreInfo && !hasAssignee(ticket));
}

export type ClientDashboardPlace = 1 | 2 | 3 | 4 | 'completed' | null;

/** Client dashboard: columns 1 to 4, the completed list, or no column (cancelled: it is in the history list, ticket-history.ts). */
export function clientDashboardPlace(ticket: PlacementFields): ClientDashboardPlace {
  if (isWaitingInBacklog(ticket)) return 1;
  if (ticket.status_id === STATUS.assigned || ticket.status_id >= STATUS.needMoreInfo) return 2;
  if (ticket.status_id === STATUS.inProgress) return 3;
  if (ticket.status_id === STATUS.testing) return 4;
  if (ticket.status_id === STATUS.complete) return 'completed';
  return null;
}

export interface ClientDashboardLayout<T> {
  columns: [T[], T[], T[], T[]];
  /** Newest completion first. */
  completed: T[];
}

function completionTime(ticket: Pick<PlacedTicket, 'date_completed'>): number {
  const time = ticket.date_completed ? Date.parse(ticket.date_completed) : Number.NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

export function layoutClientDashboard<T extends PlacementFields & Pick<PlacedTicket, 'date_completed'>>(tickets: readonly T[]): ClientDashboardLayout<T> {
  const layout: ClientDashboardLayout<T> = { columns: [[], [], [], []], completed: [] };
  for (const ticket of tickets) {
    const place = clientDashboardPlace(ticket);
    if (place === 'completed') layout.completed.push(ticket);
    else if (place !== null) layout.columns[place - 1]?.push(ticket);
  }
  layout.completed.sort((a, b) => completionTime(b) - completionTime(a));
  return layout;
}

export type KanbanColumnKey = 'backlog' | 'assigned' | 'inProgress' | 'testing';

export const KANBAN_COLUMNS: readonly { key: KanbanColumnKey; label: string }[] = [
  { key: 'backlog', label: 'Backlog' },
  { key: 'assigned', label: 'Assigned' },
  { key: 'inProgress', label: 'In Progress' },
  { key: 'testing', label: 'Testing' },
];

/** Kanban column of a ticket, or null when it is not on the board (closed, or company not Active). */
export function kanbanColumnOf(ticket: PlacementFields & Pick<PlacedTicket, 'company_mode'>): KanbanColumnKey | null {
  if (ticket.company_mode !== undefined && Number(ticket.company_mode) !== MODE.active) return null;
  const place = clientDashboardPlace(ticket);
  if (place === 1) return 'backlog';
  if (place === 2) return 'assigned';
  if (place === 3) return 'inProgress';
  if (place === 4) return 'testing';
  return null;
}

export function layoutKanban<T extends PlacementFields & Pick<PlacedTicket, 'company_mode'>>(tickets: readonly T[]): Record<KanbanColumnKey, T[]> {
  const board: Record<KanbanColumnKey, T[]> = { backlog: [], assigned: [], inProgress: [], testing: [] };
  for (const ticket of tickets) {
    const column = kanbanColumnOf(ticket);
    if (column !== null) board[column].push(ticket);
  }
  return board;
}

/**
 * The Active counter: the tickets in the client dashboard's four columns (status 1 to 4, 7 and 8), so it counts the
 * cards under it (docs/product/dashboards.md#client-dashboard).
 */
export function activeCount(tickets: readonly PlacementFields[]): number {
  return tickets.filter((ticket) => typeof clientDashboardPlace(ticket) === 'number').length;
}

/** Cancelled or on hold tickets are drawn faded. */
export function isFaded(ticket: Pick<PlacedTicket, 'status_id' | 'on_hold'>): boolean {
  return ticket.status_id === STATUS.cancelled || Number(ticket.on_hold) > 0;
}

/** The agent list hides on-hold tickets. */
export function isHiddenInAgentList(ticket: Pick<PlacedTicket, 'on_hold'>): boolean {
  return Number(ticket.on_hold) !== 0;
}

/** Open and past its due date. */
export function isOverdue(ticket: Pick<PlacedTicket, 'status_id' | 'date_due'>, now: Date): boolean {
  if (!ticket.date_due || !isOpenTicket(ticket.status_id)) return false;
  const due = Date.parse(ticket.date_due);
  return !Number.isNaN(due) && due < now.getTime();
}

export interface EstimateBadge {
  label: string;
  color: Extract<LookupColor, 'red' | 'green'>;
}

/** 'Estimate' (red) while one is needed, the time (green) once approved, 'Approval' (red) until then. */
export function estimateBadge(ticket: Pick<PlacedTicket, 'estimate_required' | 'estimated_time' | 'estimate_approved'>): EstimateBadge | null {
  const units = Number(ticket.estimated_time) || 0;
  if (units <= 0) return Number(ticket.estimate_required) === 1 ? { label: 'Estimate', color: 'red' } : null;
  if (Number(ticket.estimate_approved) === 1) return { label: formatUnitsHhmm(units), color: 'green' };
  return { label: 'Approval', color: 'red' };
}

/** Logged time of a completed ticket, or 'FREE' when none was logged. */
export function completedTimeLabel(units: number | null | undefined): string {
  return units && units > 0 ? formatUnitsHhmm(units) : MESSAGES.free;
}
