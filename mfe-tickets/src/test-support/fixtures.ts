import type { Activity, CompanyContact, Contact, StaffContact, Task, TicketDetail } from '@portal/contract';

const base = { title: null, phone: null, meta: [] };

export const admin: Contact = { ...base, contact_id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', group_id: 1, company_id: null, companies: [] };
export const agent: Contact = { ...base, contact_id: 8, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', group_id: 2, company_id: null, companies: [] };
export const client: Contact = {
  ...base, contact_id: 31, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', group_id: 5, company_id: 4,
  companies: [{ company_id: 4, name: 'Acme, LLC', title: null, primary: 1 }],
};

export const aTicket = (over: Partial<TicketDetail> = {}): TicketDetail => ({
  ticket_id: 12,
  contact_id: 31,
  contact_name: 'Cora Client',
  company_id: 4,
  company_name: 'Acme, LLC',
  company_mode: 1,
  assignee_id: 8,
  assignee_name: 'Alan Agent',
  title: 'Fix the contact form',
  description: 'The **form** does not send.',
  type_id: 3,
  priority_id: 1,
  status_id: 3,
  date_created: '2026-11-18T15:00:00.000Z',
  date_due: '2026-11-25T21:00:00.000Z',
  date_assigned: '2026-11-18T16:00:00.000Z',
  date_completed: null,
  on_hold: 0,
  estimate_required: 1,
  estimated_time: 25,
  estimate_approved: -1,
  total_time: 5,
  ...over,
});

export const aTask = (over: Partial<Task> = {}): Task => ({
  task_id: 1, ticket_id: 12, instruction: 'Reproduce the bug', sort_order: 1, date_completed: null, date_created: '2026-11-18T15:00:00.000Z', ...over,
});

export const anActivity = (over: Partial<Activity> = {}): Activity => ({
  activity_id: 1, ticket_id: 12, contact_id: 8, contact_name: 'Alan Agent', note: 'Looking into it.', date_created: '2026-11-19T10:00:00.000Z', ...over,
});

export const staffList: StaffContact[] = [
  { contact_id: 1, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', group_id: 1 },
  { contact_id: 8, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', group_id: 2 },
];

export const companyContacts: CompanyContact[] = [
  { contact_id: 31, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', phone: '5551234567', group_id: 5, title: null, primary: 1 },
];
