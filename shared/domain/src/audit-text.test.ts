import { AUDIT_LINE_MAX, auditActorName, auditChangeLine, auditFieldLabel, auditValueText, shortAuditLine, type AuditValueNames } from './audit-text';

const names: AuditValueNames = {
  statuses: [{ id: 1, name: 'Backlog' }, { id: 3, name: 'In Progress' }],
  priorities: [{ id: 1, name: 'High' }],
  types: [{ id: 2, name: 'Bug' }],
  people: new Map([[7, 'Alex Agent']]),
  companies: new Map([[4, 'Acme, LLC']]),
  timeZone: 'America/New_York',
};

describe('the audit trail on screen', () => {
  it('names fields, a ticket\'s contact being its requester', () => {
    expect(auditFieldLabel('ticket', 'status_id')).toBe('Status');
    expect(auditFieldLabel('ticket', 'contact_id')).toBe('Requester');
    expect(auditFieldLabel('company', 'contact_id')).toBe('Contact');
    expect(auditFieldLabel('contact', 'first_name')).toBe('First name');
  });

  it("shows a ticket's ids by name, flags in words and none as a dash", () => {
    expect(auditValueText('ticket', 'status_id', 3, names)).toBe('In Progress');
    expect(auditValueText('ticket', 'status_id', 99, names)).toBe('99');
    expect(auditValueText('ticket', 'assignee_id', 7, names)).toBe('Alex Agent');
    expect(auditValueText('ticket', 'company_id', 4, names)).toBe('Acme, LLC');
    expect(auditValueText('ticket', 'estimated_time', 15, names)).toBe('01:30');
    expect(auditValueText('ticket', 'estimate_approved', -1, names)).toBe('Awaiting approval');
    expect(auditValueText('ticket', 'on_hold', 1, names)).toBe('Yes');
    expect(auditValueText('ticket', 'title', null, names)).toBe('—');
    // Another record's status_id is not a ticket status.
    expect(auditValueText('company', 'status_id', 3, names)).toBe('3');
  });

  it("shows a time entry's units as hh:mm and its date on the viewer's clock", () => {
    expect(auditValueText('time', 'time', 15, names)).toBe('01:30');
    expect(auditValueText('time', 'time', -2, names)).toBe('-00:12');
    expect(auditValueText('time', 'date', '2026-11-19T17:00:00.000Z', names)).toBe(auditValueText('ticket', 'date_due', '2026-11-19T17:00:00.000Z', names));
    expect(auditValueText('ticket', 'time', 15, names)).toBe('15');
  });

  it('writes a change as one line, cut short on screen', () => {
    expect(auditChangeLine('ticket', { field: 'status_id', before: 1, after: 3 }, names)).toBe('Status: Backlog → In Progress');
    expect(shortAuditLine('x'.repeat(AUDIT_LINE_MAX + 5))).toHaveLength(AUDIT_LINE_MAX + 1);
  });

  it('names who acted: the person, a failed sign-in\'s address, or the system', () => {
    expect(auditActorName({ actor_name: 'Ada Admin', action: 'ticket.updated', subject: 'x' })).toBe('Ada Admin');
    expect(auditActorName({ actor_name: null, action: 'session.sign_in_failed', subject: 'who@x.test' })).toBe('who@x.test');
    expect(auditActorName({ actor_name: null, action: 'ticket.updated', subject: null })).toBe('System');
  });
});
