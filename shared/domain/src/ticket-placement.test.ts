import {
  activeCount, clientDashboardPlace, completedTimeLabel, estimateBadge, isClosedTicket, isFaded, isHiddenInAgentList, isOpenTicket,
  isOverdue, KANBAN_COLUMNS, kanbanColumnOf, layoutClientDashboard, layoutKanban,
} from './ticket-placement';

const t = (status_id: number, assignee_id: number | null = 3, extra: Record<string, unknown> = {}) => ({ status_id, assignee_id, ...extra });

describe('client dashboard placement', () => {
  it('places tickets by status, with unassigned Need More Info in column 1', () => {
    expect(clientDashboardPlace(t(1, null))).toBe(1);
    expect(clientDashboardPlace(t(7, null))).toBe(1);
    expect(clientDashboardPlace(t(2))).toBe(2);
    expect(clientDashboardPlace(t(7))).toBe(2);
    expect(clientDashboardPlace(t(8))).toBe(2);
    expect(clientDashboardPlace(t(8, null))).toBe(2);
    expect(clientDashboardPlace(t(3))).toBe(3);
    expect(clientDashboardPlace(t(4))).toBe(4);
    expect(clientDashboardPlace(t(5))).toBe('completed');
    expect(clientDashboardPlace(t(6))).toBeNull();
  });

  it('lays out columns and lists completed tickets newest first', () => {
    const tickets = [
      { ...t(5), ticket_id: 1, date_completed: '2026-01-01T00:00:00Z' },
      { ...t(1, null), ticket_id: 2, date_completed: null },
      { ...t(5), ticket_id: 3, date_completed: '2026-03-01T00:00:00Z' },
      { ...t(5), ticket_id: 4, date_completed: null },
      { ...t(4), ticket_id: 5, date_completed: null },
      { ...t(6), ticket_id: 6, date_completed: null },
    ];
    const layout = layoutClientDashboard(tickets);
    expect(layout.columns.map((column) => column.map((ticket) => ticket.ticket_id))).toEqual([[2], [], [], [5]]);
    expect(layout.completed.map((ticket) => ticket.ticket_id)).toEqual([3, 1, 4]);
  });
});

describe('kanban', () => {
  it('has the four columns', () => {
    expect(KANBAN_COLUMNS.map((column) => column.label)).toEqual(['Backlog', 'Assigned', 'In Progress', 'Testing']);
  });

  it('places tickets of Active companies only', () => {
    expect(kanbanColumnOf(t(1, null, { company_mode: 1 }))).toBe('backlog');
    expect(kanbanColumnOf(t(7, null, { company_mode: 1 }))).toBe('backlog');
    expect(kanbanColumnOf(t(7, 4, { company_mode: 1 }))).toBe('assigned');
    expect(kanbanColumnOf(t(2, 4, { company_mode: 1 }))).toBe('assigned');
    expect(kanbanColumnOf(t(3, 4, { company_mode: 1 }))).toBe('inProgress');
    expect(kanbanColumnOf(t(4, 4, { company_mode: 1 }))).toBe('testing');
    expect(kanbanColumnOf(t(5, 4, { company_mode: 1 }))).toBeNull();
    expect(kanbanColumnOf(t(2, 4, { company_mode: 2 }))).toBeNull();
    expect(kanbanColumnOf(t(2, 4, { company_mode: '1' }))).toBe('assigned');
  });

  it('groups a list into columns', () => {
    const board = layoutKanban([
      { ...t(1, null), company_mode: 1, id: 'a' },
      { ...t(3), company_mode: 1, id: 'b' },
      { ...t(3), company_mode: 3, id: 'c' },
    ]);
    expect(board.backlog.map((x) => x.id)).toEqual(['a']);
    expect(board.inProgress.map((x) => x.id)).toEqual(['b']);
    expect(board.assigned).toEqual([]);
  });
});

describe('counters and looks', () => {
  it('counts as active the tickets in the four columns', () => {
    // Need More Info and Ready To Launch are on the columns too: the counter counts the cards.
    expect(activeCount([1, 2, 3, 4, 5, 6, 7, 8].map((status_id) => t(status_id)))).toBe(6);
    expect(activeCount([t(7, null), t(8, null)])).toBe(2);
    expect(activeCount([])).toBe(0);
  });

  it('calls status below 5 open and 5, 6 closed', () => {
    expect([1, 4, 5, 6, 7].map(isOpenTicket)).toEqual([true, true, false, false, false]);
    expect([1, 4, 5, 6, 7].map(isClosedTicket)).toEqual([false, false, true, true, false]);
  });

  it('fades cancelled and on-hold tickets and hides on-hold ones from the agent list', () => {
    expect(isFaded({ status_id: 6, on_hold: 0 })).toBe(true);
    expect(isFaded({ status_id: 2, on_hold: 1 })).toBe(true);
    expect(isFaded({ status_id: 2, on_hold: 0 })).toBe(false);
    expect(isHiddenInAgentList({ on_hold: 1 })).toBe(true);
    expect(isHiddenInAgentList({ on_hold: '0' as unknown as number })).toBe(false);
  });

  it('marks open tickets past their due date as overdue', () => {
    const now = new Date('2026-05-04T12:00:00Z');
    expect(isOverdue({ status_id: 2, date_due: '2026-05-03T16:00:00Z' }, now)).toBe(true);
    expect(isOverdue({ status_id: 2, date_due: '2026-05-05T16:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status_id: 5, date_due: '2026-05-03T16:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status_id: 2, date_due: null }, now)).toBe(false);
  });
});

describe('estimateBadge', () => {
  it("shows 'Estimate' in red while one is required and not set", () => {
    expect(estimateBadge({ estimate_required: 1, estimated_time: 0, estimate_approved: -1 })).toEqual({ label: 'Estimate', color: 'red' });
  });

  it('shows the approved time in green', () => {
    expect(estimateBadge({ estimate_required: 1, estimated_time: 25, estimate_approved: 1 })).toEqual({ label: '02:30', color: 'green' });
  });

  it("shows 'Approval' in red while a set estimate is not approved", () => {
    expect(estimateBadge({ estimate_required: 1, estimated_time: 25, estimate_approved: -1 })).toEqual({ label: 'Approval', color: 'red' });
    expect(estimateBadge({ estimate_required: 0, estimated_time: 25, estimate_approved: 0 })).toEqual({ label: 'Approval', color: 'red' });
  });

  it('shows nothing when no estimate is required or set', () => {
    expect(estimateBadge({ estimate_required: 0, estimated_time: 0, estimate_approved: -1 })).toBeNull();
  });
});

describe('completedTimeLabel', () => {
  it("shows the logged time, or 'FREE' when none", () => {
    expect(completedTimeLabel(15)).toBe('01:30');
    expect(completedTimeLabel(0)).toBe('FREE');
    expect(completedTimeLabel(null)).toBe('FREE');
  });
});
