import { MODE, STATUS } from './lookups';

/** Saving a company as Inactive (3) or Closed (4) closes its open tickets (docs/product/companies-and-contacts.md#mode-side-effect). */
export function modeClosesTickets(mode: number): boolean {
  return mode === MODE.inactive || mode === MODE.closed;
}

/** The confirmation before saving a mode that closes tickets, naming the mode chosen. */
export function modeClosesTicketsWarning(modeName: string): string {
  return `Saving ${modeName} cancels the company's open tickets (Testing ones become Complete) and clears their assignees.`;
}

export interface ModeTicketChange {
  ticket_id: number;
  status_id: number;
  assignee_id: null;
}

/**
 * The ticket changes that saving `mode` causes: statuses 1 to 3 become Cancelled (6), Testing (4)
 * becomes Complete (5), each with the assignee cleared. Closed tickets and statuses 7 and above
 * are left alone: the rule covers only status below 5 (docs/product/companies-and-contacts.md#mode-side-effect).
 */
export function companyModeTicketChanges(mode: number, tickets: readonly { ticket_id: number; status_id: number }[]): ModeTicketChange[] {
  if (!modeClosesTickets(mode)) return [];
  const changes: ModeTicketChange[] = [];
  for (const ticket of tickets) {
    if (ticket.status_id >= STATUS.backlog && ticket.status_id <= STATUS.inProgress) {
      changes.push({ ticket_id: ticket.ticket_id, status_id: STATUS.cancelled, assignee_id: null });
    } else if (ticket.status_id === STATUS.testing) {
      changes.push({ ticket_id: ticket.ticket_id, status_id: STATUS.complete, assignee_id: null });
    }
  }
  return changes;
}
