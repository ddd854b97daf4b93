import { ticket, ticketBulkUpdate, ticketCreate, ticketUpdate } from './ticket';

describe('ticket', () => {
  const base = {
    ticket_id: 1, contact_id: 7, company_id: 3, company_name: 'Acme, LLC', company_mode: 1, assignee_id: null,
    title: 'Fix the footer', description: '', type_id: 3, priority_id: 2, status_id: 1,
    date_created: '2026-11-01T10:00:00.000Z', date_due: null, date_assigned: null, date_completed: null,
    on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
  };

  it('takes the estimate approval states -1, 0 and 1 only', () => {
    for (const state of [-1, 0, 1]) expect(ticket.safeParse({ ...base, estimate_approved: state }).success).toBe(true);
    expect(ticket.safeParse({ ...base, estimate_approved: 2 }).success).toBe(false);
  });

  it('counts time in whole units', () => {
    expect(ticket.safeParse({ ...base, estimated_time: 1.5 }).success).toBe(false);
  });
});


describe('ticket requests read as the route needs them', () => {
  it('reads numbers and flags sent as text', () => {
    expect(ticketUpdate.parse({ type_id: '3', on_hold: true, estimate_required: '0', assignee_id: '0', estimate_approved: '1', title: ' New ' }))
      .toEqual({ type_id: 3, on_hold: 1, estimate_required: 0, assignee_id: null, estimate_approved: 1, title: 'New' });
    expect(ticketUpdate.safeParse({ on_hold: 2 }).success).toBe(false);
    expect(ticketUpdate.safeParse({ estimate_approved: 3 }).success).toBe(false);
  });

  it('tells an absent due date (the default) from a cleared one (null)', () => {
    expect(ticketCreate.parse({}).date_due).toBeUndefined();
    for (const cleared of [null, '', 'null']) expect(ticketCreate.parse({ date_due: cleared }).date_due).toBeNull();
    expect(ticketUpdate.parse({ date_due: '2030-01-01' }).date_due).toBe('2030-01-01');
  });

  it('needs something to change in a bulk update; each ticket counts once', () => {
    expect(ticketBulkUpdate.safeParse({ ticket_ids: [1] }).success).toBe(false);
    expect(ticketBulkUpdate.parse({ ticket_ids: [1, 1, 2], assignee_id: null })).toEqual({ ticket_ids: [1, 2], assignee_id: null });
  });
});
