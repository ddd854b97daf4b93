import {
  applyTicketUpdate, estimateAnswer, isFinishedStatus, leavesTicketScreen, normalizeEstimateUnits,
  statusActions, statusActionsFor, type TicketWorkflowFields,
} from './ticket-rules';

const now = new Date('2026-05-04T12:00:00.000Z');
const NOW = now.toISOString();
const EARLIER = '2026-05-01T09:00:00.000Z';

function ticket(fields: Partial<TicketWorkflowFields> = {}): TicketWorkflowFields & { ticket_id: number; title: string } {
  return {
    ticket_id: 7, title: 'Fix header', status_id: 1, assignee_id: null, date_assigned: null, date_completed: null,
    on_hold: 0, estimated_time: 0, estimate_approved: -1, ...fields,
  };
}

describe('applyTicketUpdate: status', () => {
  it('stamps date_assigned when the status becomes 2', () => {
    const next = applyTicketUpdate(ticket({ status_id: 4, assignee_id: 3, date_assigned: EARLIER }), { status_id: 2 }, now);
    expect(next.status_id).toBe(2);
    expect(next.date_assigned).toBe(NOW);
  });

  it('stamps date_completed when the status becomes 5', () => {
    const next = applyTicketUpdate(ticket({ status_id: 4, assignee_id: 3 }), { status_id: 5 }, now);
    expect(next).toMatchObject({ status_id: 5, date_completed: NOW });
  });

  it('does not re-stamp when the status does not change', () => {
    const current = ticket({ status_id: 2, assignee_id: 3, date_assigned: EARLIER });
    expect(applyTicketUpdate(current, { status_id: 2 }, now).date_assigned).toBe(EARLIER);
  });

  it('clears date_completed when a completed ticket is reopened, keeps it when cancelled', () => {
    const done = ticket({ status_id: 5, assignee_id: 3, date_completed: EARLIER });
    expect(applyTicketUpdate(done, { status_id: 1 }, now).date_completed).toBeNull();
    expect(applyTicketUpdate(done, { status_id: 6 }, now).date_completed).toBe(EARLIER);
  });

  it('keeps the other fields of the ticket', () => {
    const next = applyTicketUpdate(ticket(), { status_id: 3 }, now);
    expect(next).toMatchObject({ ticket_id: 7, title: 'Fix header', status_id: 3 });
  });
});

describe('applyTicketUpdate: assignee', () => {
  it('moves a backlog ticket to Assigned when an agent is assigned', () => {
    const next = applyTicketUpdate(ticket(), { assignee_id: 3 }, now);
    expect(next).toMatchObject({ assignee_id: 3, status_id: 2, date_assigned: NOW });
  });

  it('keeps other statuses when the assignee changes', () => {
    const next = applyTicketUpdate(ticket({ status_id: 3, assignee_id: 3 }), { assignee_id: 4 }, now);
    expect(next).toMatchObject({ assignee_id: 4, status_id: 3 });
  });

  it.each([null, 0])('sets status 1 when unassigned with %p', (assignee) => {
    const next = applyTicketUpdate(ticket({ status_id: 3, assignee_id: 3 }), { assignee_id: assignee }, now);
    expect(next).toMatchObject({ assignee_id: null, status_id: 1 });
  });

  it('lets an explicit status in the same change win', () => {
    const next = applyTicketUpdate(ticket({ status_id: 3, assignee_id: 3 }), { assignee_id: null, status_id: 6 }, now);
    expect(next).toMatchObject({ assignee_id: null, status_id: 6 });
  });

  it('does nothing special when the same assignee is sent again', () => {
    const current = ticket({ status_id: 1, assignee_id: 3 });
    expect(applyTicketUpdate(current, { assignee_id: 3 }, now).status_id).toBe(1);
  });
});

describe('applyTicketUpdate: estimate and on hold', () => {
  it('asks for approval again when the estimate changes', () => {
    const next = applyTicketUpdate(ticket({ estimated_time: 10, estimate_approved: 1 }), { estimated_time: 15 }, now);
    expect(next).toMatchObject({ estimated_time: 15, estimate_approved: -1 });
  });

  it('keeps the approval when the same estimate is sent', () => {
    const next = applyTicketUpdate(ticket({ estimated_time: 10, estimate_approved: 1 }), { estimated_time: 10 }, now);
    expect(next.estimate_approved).toBe(1);
  });

  it('clamps a negative estimate to 0', () => {
    expect(applyTicketUpdate(ticket({ estimated_time: 5 }), { estimated_time: -3 }, now).estimated_time).toBe(0);
    expect(normalizeEstimateUnits(Number.NaN)).toBe(0);
    expect(normalizeEstimateUnits(4.6)).toBe(5);
  });

  it('records the client answer', () => {
    expect(applyTicketUpdate(ticket({ estimated_time: 10 }), estimateAnswer(true), now).estimate_approved).toBe(1);
    expect(applyTicketUpdate(ticket({ estimated_time: 10 }), estimateAnswer(false), now).estimate_approved).toBe(0);
  });

  it('toggles on hold as 0 or 1', () => {
    expect(applyTicketUpdate(ticket(), { on_hold: 1 }, now).on_hold).toBe(1);
    expect(applyTicketUpdate(ticket({ on_hold: 1 }), { on_hold: 0 }, now).on_hold).toBe(0);
  });
});

describe('statusActions', () => {
  const labels = (statusId: number) => statusActions(statusId).map((a) => `${a.label} -> ${a.toStatus}`);

  it('offers the buttons of each status', () => {
    expect(labels(1)).toEqual(['Cancel Ticket -> 6']);
    expect(labels(2)).toEqual(['Cancel Ticket -> 6']);
    expect(labels(3)).toEqual(['Cancel Ticket -> 6']);
    expect(labels(4)).toEqual(['Needs More Work -> 2', 'Ready To Launch -> 8', 'Mark Complete -> 5', 'Cancel Ticket -> 6']);
    expect(labels(5)).toEqual(['Reopen Ticket -> 1']);
    expect(labels(6)).toEqual([]);
    expect(labels(7)).toEqual(['Info Provided -> 2']);
    expect(labels(8)).toEqual([]);
  });

  it('confirms every action; cancelling warns that logged time is still charged', () => {
    for (const status of [1, 4, 5, 7]) {
      for (const action of statusActions(status)) expect(action.confirmation.length).toBeGreaterThan(0);
    }
    const cancel = statusActions(1)[0];
    expect(cancel?.confirmation).toBe('Cancel this ticket? The client is still charged for time already logged.');
    expect(cancel?.danger).toBe(true);
  });

  it('gives clients every button of the status, the cancel warning speaking to them', () => {
    expect(statusActionsFor(4, 5).map((a) => a.label)).toEqual(['Needs More Work', 'Ready To Launch', 'Mark Complete', 'Cancel Ticket']);
    expect(statusActionsFor(7, 5).map((a) => a.label)).toEqual(['Info Provided']);
    expect(statusActionsFor(5, 5).map((a) => a.label)).toEqual(['Reopen Ticket']);
    expect(statusActionsFor(1, 5).map((a) => a.label)).toEqual(['Cancel Ticket']);
    expect(statusActionsFor(2, 5)[0]?.confirmation).toBe('Cancel this ticket? You are still charged for time already logged.');
    expect(statusActionsFor(2, 3)[0]?.confirmation).toBe('Cancel this ticket? The client is still charged for time already logged.');
    expect(statusActionsFor(5, 2).map((a) => a.label)).toEqual(['Reopen Ticket']);
    expect(statusActionsFor(4, 9)).toEqual([]);
  });

  it('leaves the ticket screen on 5 or 6', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter(leavesTicketScreen)).toEqual([5, 6]);
    expect(isFinishedStatus(6)).toBe(true);
  });
});
