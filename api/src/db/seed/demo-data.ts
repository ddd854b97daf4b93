import { PRIORITY, STATUS, TYPE } from '@portal/domain';

// The demo's people, companies, tickets and messages; seed-demo.ts writes them.

export const DEMO_PASSWORD = 'portal-demo';
export const DEMO_LOGINS = {
  admin: 'admin@demo.test',
  agent: 'agent@demo.test',
  client: 'client@demo.test',
  client2: 'client2@demo.test',
} as const;

export interface DemoContact {
  key: string;
  first: string;
  last: string;
  email: string;
  group: number;
  phone: string;
  title: string;
}

export const CONTACTS: DemoContact[] = [
  { key: 'admin', first: 'Ada', last: 'Admin', email: DEMO_LOGINS.admin, group: 1, phone: '555-010-0001', title: 'Owner' },
  { key: 'agent', first: 'Alex', last: 'Agent', email: DEMO_LOGINS.agent, group: 2, phone: '555-010-0002', title: 'Senior Developer' },
  { key: 'sam', first: 'Sam', last: 'Support', email: 'sam.support@demo.test', group: 3, phone: '555-010-0003', title: 'Developer' },
  { key: 'jo', first: 'Jo', last: 'Junior', email: 'jo.junior@demo.test', group: 4, phone: '555-010-0004', title: 'Junior Developer' },
  { key: 'client', first: 'Casey', last: 'Client', email: DEMO_LOGINS.client, group: 5, phone: '555-020-0001', title: 'Marketing Director' },
  { key: 'dana', first: 'Dana', last: 'Doe', email: 'dana@acme.test', group: 5, phone: '555-020-0002', title: 'Web Editor' },
  { key: 'client2', first: 'Blake', last: 'Buyer', email: DEMO_LOGINS.client2, group: 5, phone: '555-030-0001', title: 'CEO' },
  { key: 'pat', first: 'Pat', last: 'Peters', email: 'pat@initech.test', group: 5, phone: '555-040-0001', title: 'Office Manager' },
  { key: 'uma', first: 'Uma', last: 'Ulrich', email: 'uma@umbrella.test', group: 5, phone: '555-050-0001', title: 'IT Lead' },
];

export interface DemoCompany {
  key: string;
  name: string;
  url: string;
  mode: number;
  services: string;
  description: string;
  note: string | null;
  contacts: { key: string; primary: 0 | 1 }[];
}

export const COMPANIES: DemoCompany[] = [
  {
    key: 'acme', name: 'Acme, LLC', url: 'https://acme.example', mode: 1, services: '1,3',
    description: 'Maker of **fine anvils** and rocket skates. Site on WordPress, hosted with us.',
    note: 'Prefers phone calls before 11 am. Renewal in spring.',
    contacts: [{ key: 'client', primary: 1 }, { key: 'dana', primary: 0 }],
  },
  {
    key: 'globex', name: 'Globex Corporation', url: 'https://globex.example', mode: 1, services: '2',
    description: 'Project client: new product catalogue.', note: 'Budget approved for Q3.',
    contacts: [{ key: 'client2', primary: 1 }],
  },
  {
    key: 'initech', name: 'Initech', url: 'https://initech.example', mode: 2, services: '1',
    description: 'Onboarding: maintenance plan starting next month.', note: null,
    contacts: [{ key: 'pat', primary: 1 }],
  },
  {
    key: 'umbrella', name: 'Umbrella Health', url: 'https://umbrella.example', mode: 3, services: '3',
    description: 'Hosting only; inactive since the migration.', note: 'Do not renew hosting without a call.',
    contacts: [{ key: 'uma', primary: 1 }],
  },
  {
    key: 'hooli', name: 'Hooli', url: 'https://hooli.example', mode: 4, services: '2',
    description: 'Closed account: project delivered.', note: null,
    contacts: [],
  },
];

export interface DemoTicket {
  company: string;
  requester: string | null;
  assignee: string | null;
  title: string;
  type: number;
  priority: number;
  status: number;
  ageDays: number;
  dueInDays?: number | null;
  onHold?: 0 | 1;
  estimate?: { required: 0 | 1; units: number; approved: -1 | 0 | 1 };
}

export const TICKETS: DemoTicket[] = [
  { company: 'acme', requester: 'client', assignee: null, title: 'Add a careers page', type: TYPE.newDevelopment, priority: PRIORITY.medium, status: STATUS.backlog, ageDays: 2, dueInDays: 10, estimate: { required: 1, units: 0, approved: -1 } },
  { company: 'acme', requester: 'dana', assignee: 'agent', title: 'Update the holiday opening hours', type: TYPE.contentUpdate, priority: PRIORITY.high, status: STATUS.assigned, ageDays: 4, dueInDays: 2 },
  { company: 'acme', requester: 'client', assignee: 'agent', title: 'Checkout button does nothing on Safari', type: TYPE.incidentBug, priority: PRIORITY.urgent, status: STATUS.inProgress, ageDays: 3, dueInDays: -1 },
  { company: 'acme', requester: 'client', assignee: 'sam', title: 'New product gallery', type: TYPE.newDevelopment, priority: PRIORITY.medium, status: STATUS.testing, ageDays: 20, dueInDays: 3, estimate: { required: 1, units: 40, approved: 1 } },
  { company: 'acme', requester: 'client', assignee: 'agent', title: 'Replace the hero image', type: TYPE.contentUpdate, priority: PRIORITY.low, status: STATUS.complete, ageDays: 45 },
  { company: 'acme', requester: 'dana', assignee: null, title: 'Newsletter sign-up form', type: TYPE.newDevelopment, priority: PRIORITY.low, status: STATUS.cancelled, ageDays: 60 },
  { company: 'acme', requester: 'client', assignee: 'agent', title: 'Which analytics do we have?', type: TYPE.question, priority: PRIORITY.medium, status: STATUS.needMoreInfo, ageDays: 6, dueInDays: 5 },
  { company: 'acme', requester: 'client', assignee: 'sam', title: 'Spring campaign landing page', type: TYPE.newDevelopment, priority: PRIORITY.high, status: STATUS.readyToLaunch, ageDays: 15, dueInDays: 1, estimate: { required: 1, units: 30, approved: -1 } },
  { company: 'acme', requester: 'client', assignee: 'jo', title: 'Translate the About page', type: TYPE.contentUpdate, priority: PRIORITY.low, status: STATUS.assigned, ageDays: 12, dueInDays: 14, onHold: 1 },
  { company: 'acme', requester: 'client', assignee: 'agent', title: 'Monthly review meeting', type: TYPE.meeting, priority: PRIORITY.medium, status: STATUS.complete, ageDays: 100 },
  { company: 'globex', requester: 'client2', assignee: 'agent', title: 'Catalogue import from spreadsheet', type: TYPE.newDevelopment, priority: PRIORITY.high, status: STATUS.inProgress, ageDays: 25, dueInDays: 7, estimate: { required: 1, units: 80, approved: 1 } },
  { company: 'globex', requester: 'client2', assignee: null, title: 'Product filters by colour', type: TYPE.newDevelopment, priority: PRIORITY.medium, status: STATUS.backlog, ageDays: 1, estimate: { required: 1, units: 24, approved: 0 } },
  { company: 'globex', requester: 'client2', assignee: 'sam', title: 'Broken links on the press page', type: TYPE.incidentBug, priority: PRIORITY.high, status: STATUS.complete, ageDays: 130 },
  { company: 'globex', requester: 'client2', assignee: 'jo', title: 'Logo files for the print shop', type: TYPE.question, priority: PRIORITY.low, status: STATUS.needMoreInfo, ageDays: 9, onHold: 1 },
  { company: 'initech', requester: 'pat', assignee: 'agent', title: 'Kickoff meeting', type: TYPE.meeting, priority: PRIORITY.medium, status: STATUS.assigned, ageDays: 5, dueInDays: 4 },
  { company: 'initech', requester: 'pat', assignee: 'sam', title: 'Collect FTP and WordPress access', type: TYPE.question, priority: PRIORITY.high, status: STATUS.testing, ageDays: 8, dueInDays: 2 },
  { company: 'umbrella', requester: 'uma', assignee: null, title: 'Renew the SSL certificate', type: TYPE.incidentBug, priority: PRIORITY.urgent, status: STATUS.cancelled, ageDays: 70 },
  { company: 'umbrella', requester: 'uma', assignee: 'agent', title: 'Move DNS to the new registrar', type: TYPE.contentUpdate, priority: PRIORITY.medium, status: STATUS.complete, ageDays: 160 },
  { company: 'hooli', requester: null, assignee: 'sam', title: 'Final project handover', type: TYPE.meeting, priority: PRIORITY.low, status: STATUS.complete, ageDays: 175 },
];

export const TASKS = ['Confirm the scope with the client', 'Build it on staging', 'Test on mobile and desktop', 'Deploy and tell the client'];

/** USD per hour of the staff contacts (agent pay). */
export const PAY_RATES: Record<string, number> = { admin: 0, agent: 40, sam: 30, jo: 20 };

export const NOTIFICATIONS: { to: string; note: string; ticket: string | null; days: number }[] = [
  { to: 'admin', note: 'New ticket: Add a careers page (Acme, LLC).', ticket: 'Add a careers page', days: 2 },
  { to: 'admin', note: 'Globex Corporation rejected the estimate for Product filters by colour.', ticket: 'Product filters by colour', days: 1 },
  { to: 'admin', note: 'Monthly invoices are ready for review.', ticket: null, days: 0 },
  { to: 'agent', note: 'You were assigned: Checkout button does nothing on Safari.', ticket: 'Checkout button does nothing on Safari', days: 3 },
  { to: 'agent', note: 'Casey Client replied on Which analytics do we have?', ticket: 'Which analytics do we have?', days: 1 },
  { to: 'agent', note: 'Reminder: log your time for last week.', ticket: null, days: 0 },
  { to: 'client', note: 'New product gallery is ready for your review.', ticket: 'New product gallery', days: 2 },
  { to: 'client', note: 'An estimate was added to Spring campaign landing page: please approve it.', ticket: 'Spring campaign landing page', days: 1 },
  { to: 'client', note: 'Welcome to the support portal!', ticket: null, days: 30 },
  { to: 'client2', note: 'Catalogue import from spreadsheet is in progress.', ticket: 'Catalogue import from spreadsheet', days: 4 },
  { to: 'client2', note: 'Welcome to the support portal!', ticket: null, days: 40 },
];

export const MAIL_TEMPLATES = [
  { name: 'Monthly maintenance', subject: 'Your monthly maintenance report', message: 'Hi {{primaryFirst}},\n\nthis month we kept {{companyName}} up to date.' },
  { name: 'Open tickets', subject: 'Your open tickets', message: 'Hi {{contactFirst}},\n\nhere is where things stand:\n\n{{ticketList}}' },
];

/** Work logged in this month and the last one on every demo install (ticket title, units, note). */
export const BILLED_WORK: { ticket: string; units: number; note: string }[] = [
  { ticket: 'Monthly review meeting', units: 10, note: 'Monthly review call with Casey' },
  { ticket: 'New product gallery', units: 12, note: 'Gallery grid and lightbox' },
  { ticket: 'Checkout button does nothing on Safari', units: 6, note: 'Reproduced and fixed the Safari click handler' },
  { ticket: 'Catalogue import from spreadsheet', units: 15, note: 'Import script for the product spreadsheet' },
  { ticket: 'Kickoff meeting', units: 8, note: 'Kickoff call: goals and access' },
  { ticket: 'Collect FTP and WordPress access', units: 3, note: 'Checked the FTP and WordPress logins' },
];
