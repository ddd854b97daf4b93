import {
  company, companyContact, contact, notification, staffContact,
  type Company, type CompanyContact, type Contact, type Notification, type StaffContact,
} from '@portal/contract';

// The demo world every factory defaults to: Acme, LLC (company 4), its client Cora Client (31),
// the agent Alan Agent (8) and the admin Ada Admin (1). Each factory parses its result with the
// contract schema, so a fixture that no longer matches the contract fails where it is built.

export const ACME_ID = 4;

export function aCompany(over: Partial<Company> = {}): Company {
  return company.parse({
    company_id: ACME_ID, name: 'Acme, LLC', url: 'https://ACME.example', description: 'Anvils', mode: 1,
    note: 'Prefers **phone** calls.', date_created: '2025-01-01T00:00:00.000Z', meta: [],
    ...over,
  });
}

export function aContact(over: Partial<Contact> = {}): Contact {
  return contact.parse({
    contact_id: 31, title: null, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', phone: '555-020-0001',
    group_id: 5, company_id: ACME_ID, companies: [{ company_id: ACME_ID, name: 'Acme, LLC', title: null, primary: 1 }], meta: [],
    ...over,
  });
}

/** A session contact of group 1. */
export const anAdmin = (over: Partial<Contact> = {}): Contact =>
  aContact({ contact_id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', phone: null, group_id: 1, company_id: null, companies: [], ...over });

/** A session contact of group 2. */
export const anAgent = (over: Partial<Contact> = {}): Contact =>
  aContact({ contact_id: 8, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', phone: null, group_id: 2, company_id: null, companies: [], ...over });

/** A session contact of group 5, the primary contact of Acme. */
export const aClient = (over: Partial<Contact> = {}): Contact => aContact(over);

/** A contact as the company's contact list shows it (GET /company/:id/contacts). */
export function aCompanyContact(over: Partial<CompanyContact> = {}): CompanyContact {
  return companyContact.parse({
    contact_id: 31, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', phone: '555-020-0001',
    group_id: 5, title: null, primary: 1,
    ...over,
  });
}

/** A contact as the assignee dropdown lists it (GET /contact?group=staff). */
export function aStaffContact(over: Partial<StaffContact> = {}): StaffContact {
  return staffContact.parse({ contact_id: 8, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', group_id: 2, ...over });
}

export function aNotification(over: Partial<Notification> = {}): Notification {
  return notification.parse({
    notification_id: 1, contact_id: 1, ticket_id: null, note: 'Ticket 12 was updated', date_created: '2026-11-20T15:00:00.000Z', date_read: null,
    ...over,
  });
}
