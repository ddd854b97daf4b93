import { contact, notification, ticket } from './entities';
import { contactUpdate, notificationCreate } from './requests';
import { optionValueSchemas } from './options';
import { searchRequest } from './tickets';

const someContact = {
  contact_id: 7, title: null, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', phone: null,
  group_id: 5, company_id: 3, companies: [{ company_id: 3, name: 'Acme, LLC', title: 'Owner', primary: 1 }], meta: [],
};

describe('contact', () => {
  it('drops a password or its hash from anything it parses, so no answer can carry one', () => {
    const parsed = contact.parse({ ...someContact, password: 'secret', password_hash: 'scrypt$…' });
    expect(parsed).toEqual(someContact);
    expect(JSON.stringify(parsed)).not.toMatch(/password/);
  });

  it('refuses a contact without its group', () => {
    const { group_id: _omitted, ...withoutGroup } = someContact;
    expect(contact.safeParse(withoutGroup).success).toBe(false);
  });
});

describe('contactUpdate', () => {
  it('accepts any subset of the editable fields', () => {
    expect(contactUpdate.parse({ phone: '555-123-4567' })).toEqual({ phone: '555-123-4567' });
  });

  it('refuses a password shorter than 8 characters and a malformed e-mail', () => {
    expect(contactUpdate.safeParse({ password: 'short' }).success).toBe(false);
    expect(contactUpdate.safeParse({ email: 'not-an-email' }).success).toBe(false);
  });
});

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

describe('notifications', () => {
  it('needs a note to create one', () => {
    expect(notificationCreate.safeParse({ contact_id: 7, note: '' }).success).toBe(false);
    expect(notificationCreate.parse({ contact_id: 7, note: 'Ticket updated' })).toEqual({ contact_id: 7, note: 'Ticket updated' });
  });

  it('shows a notification without a ticket as ticket_id null', () => {
    const parsed = notification.parse({ notification_id: 1, contact_id: 7, ticket_id: null, note: 'Hi', date_created: '2026-11-01T10:00:00.000Z' });
    expect(parsed.ticket_id).toBeNull();
  });
});

describe('option values', () => {
  it('checks priority lists and type assignments', () => {
    expect(optionValueSchemas['priority-defaults'].safeParse([{ id: 1, name: 'Urgent', color: 'red' }]).success).toBe(true);
    expect(optionValueSchemas['priority-defaults'].safeParse([{ name: 'Urgent' }]).success).toBe(false);
    expect(optionValueSchemas.type_assignments.parse({ incident_bug: '4' })).toEqual({ incident_bug: 4 });
    expect(optionValueSchemas.type_assignments.safeParse({ incident_bug: 'nobody' }).success).toBe(false);
  });
});

describe('searchRequest', () => {
  it('defaults to no conditions joined by AND', () => {
    expect(searchRequest.parse({})).toEqual({ filter: { conditions: [], joiner: 'AND' } });
  });
});
