import type { Company, CompanyContact, Contact, ListedTicket, Ticket, TicketSummary } from '@portal/contract';

export const NOW = new Date('2026-11-20T12:00:00.000Z');

export const adminContact: Contact = {
  contact_id: 1, title: 'Owner', first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', phone: null,
  group_id: 1, company_id: null, companies: [], meta: [],
};

export const agentContact: Contact = {
  contact_id: 2, title: null, first_name: 'Alex', last_name: 'Agent', email: 'agent@demo.test', phone: null,
  group_id: 2, company_id: null, companies: [], meta: [],
};

export const clientContact: Contact = {
  contact_id: 5, title: null, first_name: 'Casey', last_name: 'Client', email: 'client@demo.test', phone: null,
  group_id: 5, company_id: 10,
  companies: [{ company_id: 10, name: 'Acme, LLC', title: null, primary: 1 }],
  meta: [],
};

export const acme: Company = {
  company_id: 10, name: 'Acme, LLC', url: 'https://ACME.example', description: 'Anvils', mode: 1,
  note: 'Prefers **phone** calls.', date_created: '2025-01-01T00:00:00.000Z', meta: [],
};

export const acmePrimary: CompanyContact = {
  contact_id: 5, first_name: 'Casey', last_name: 'Client', email: 'client@demo.test', phone: '555-020-0001',
  group_id: 5, title: 'Marketing Director', primary: 1,
};

let nextId = 100;

export function aTicket(over: Partial<Ticket> = {}): Ticket {
  nextId += 1;
  return {
    ticket_id: nextId, contact_id: 5, company_id: 10, company_name: 'Acme, LLC', company_mode: 1, assignee_id: null,
    title: `Ticket ${nextId}`, description: '', type_id: 1, priority_id: 3, status_id: 1,
    date_created: '2026-11-01T10:00:00.000Z', date_due: null, date_assigned: null, date_completed: null,
    on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    ...over,
  };
}

/** A ticket as GET /company/:id/tickets lists it: no description. */
export function aTicketSummary(over: Partial<TicketSummary> = {}): TicketSummary {
  const { description: _description, ...summary } = aTicket(over);
  return summary;
}

export function aListedTicket(over: Partial<ListedTicket> = {}): ListedTicket {
  return { ...aTicket(over), is_maintenance: 1, assignee_name: null, ...over };
}
