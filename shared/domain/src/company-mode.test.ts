import { modeClosesTicketsWarning, companyModeTicketChanges, modeClosesTickets } from './company-mode';

const tickets = [1, 2, 3, 4, 5, 6, 7, 8].map((status_id) => ({ ticket_id: status_id * 10, status_id }));

describe('company mode side effect', () => {
  it('applies to Inactive and Closed only', () => {
    expect([1, 2, 3, 4].map(modeClosesTickets)).toEqual([false, false, true, true]);
    expect(companyModeTicketChanges(1, tickets)).toEqual([]);
    expect(companyModeTicketChanges(2, tickets)).toEqual([]);
  });

  it.each([3, 4])('cancels statuses 1-3 and completes 4, clearing the assignee (mode %i)', (mode) => {
    expect(companyModeTicketChanges(mode, tickets)).toEqual([
      { ticket_id: 10, status_id: 6, assignee_id: null },
      { ticket_id: 20, status_id: 6, assignee_id: null },
      { ticket_id: 30, status_id: 6, assignee_id: null },
      { ticket_id: 40, status_id: 5, assignee_id: null },
    ]);
  });

  it('warns by name before a mode that closes tickets', () => {
    expect(modeClosesTicketsWarning('Closed')).toBe("Saving Closed cancels the company's open tickets (Testing ones become Complete) and clears their assignees.");
  });
});
