import {
  DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_RATES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES,
  NOTE_PREFS_META_KEY, PRIORITY, STATUS, TYPE, serializeNotePrefs,
} from '@portal/domain';
import type { Insertable } from 'kysely';
import { hashPassword } from '../password';
import type { Repositories } from '../repositories/repositories';
import type { PortalDb } from './connect';
import type { TicketsTable } from './schema';

export const DEMO_PASSWORD = 'portal-demo';
export const DEMO_LOGINS = {
  admin: 'admin@demo.test',
  agent: 'agent@demo.test',
  client: 'client@demo.test',
  client2: 'client2@demo.test',
} as const;

/** Every option the portal reads, with the lists of @portal/domain as their first values. */
export const DEFAULT_OPTIONS: Record<string, unknown> = {
  'priority-defaults': DEFAULT_PRIORITIES,
  'status-defaults': DEFAULT_STATUSES,
  'type-defaults': DEFAULT_TYPES,
  'group-defaults': DEFAULT_GROUPS,
  'mode-defaults': DEFAULT_MODES,
  'service-defaults': DEFAULT_SERVICES,
  type_assignments: {},
  rates: DEFAULT_RATES,
};

/** Run on every start, production included: the portal cannot work without its lookup lists. */
export async function ensureDefaultOptions(repos: Repositories): Promise<void> {
  await repos.options.ensureDefaults(DEFAULT_OPTIONS);
}

const DAY = 24 * 60 * 60 * 1000;

function daysAgo(now: Date, days: number, hourUtc = 15): string {
  const date = new Date(now.getTime() - days * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}

function daysAhead(now: Date, days: number): string {
  return daysAgo(now, -days, 21);
}

interface DemoContact {
  key: string;
  first: string;
  last: string;
  email: string;
  group: number;
  phone: string;
  title: string;
}

const CONTACTS: DemoContact[] = [
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

interface DemoCompany {
  key: string;
  name: string;
  url: string;
  mode: number;
  services: string;
  description: string;
  note: string | null;
  contacts: { key: string; primary: 0 | 1 }[];
}

const COMPANIES: DemoCompany[] = [
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

interface DemoTicket {
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

const TICKETS: DemoTicket[] = [
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

const TASKS = ['Confirm the scope with the client', 'Build it on staging', 'Test on mobile and desktop', 'Deploy and tell the client'];

/**
 * A realistic, deterministic demo (no randomness; dates relative to now) on an empty database.
 * Returns false when the database already has contacts.
 */
export async function seedDemo(db: PortalDb, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('contacts').select('contact_id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const contactIds = new Map<string, number>();
    const contactNames = new Map<string, string>();
    for (const [index, c] of CONTACTS.entries()) {
      const row = await trx
        .insertInto('contacts')
        .values({
          title: c.title, first_name: c.first, last_name: c.last, email: c.email, phone: c.phone, group_id: c.group,
          password_hash: passwordHash, active: 1, date_created: daysAgo(now, 400 - index),
        })
        .returning('contact_id')
        .executeTakeFirstOrThrow();
      contactIds.set(c.key, row.contact_id);
      contactNames.set(c.key, `${c.first} ${c.last}`);
    }
    const idOf = (key: string | null) => (key === null ? null : contactIds.get(key) ?? null);

    const payRates: Record<string, number> = { admin: 0, agent: 40, sam: 30, jo: 20 };
    const contactMeta = [
      ...Object.entries(payRates).map(([key, rate]) => ({ key, meta_key: 'pay_rate', meta_value: String(rate) })),
      ...CONTACTS.map((c) => ({ key: c.key, meta_key: 'verified', meta_value: '1' })),
      { key: 'admin', meta_key: NOTE_PREFS_META_KEY, meta_value: serializeNotePrefs({ sendHourly: false, sendDaily: true, sendWeekly: false }) },
      { key: 'client', meta_key: NOTE_PREFS_META_KEY, meta_value: serializeNotePrefs({ sendHourly: false, sendDaily: false, sendWeekly: true }) },
    ];
    await trx
      .insertInto('contact_meta')
      .values(contactMeta.map((m) => ({ contact_id: idOf(m.key)!, meta_key: m.meta_key, meta_value: m.meta_value, date_created: daysAgo(now, 300) })))
      .execute();

    const companyIds = new Map<string, number>();
    const companyNames = new Map<string, string>();
    for (const [index, company] of COMPANIES.entries()) {
      const row = await trx
        .insertInto('companies')
        .values({
          name: company.name, url: company.url, description: company.description, mode: company.mode, note: company.note,
          date_created: daysAgo(now, 380 - index * 20),
        })
        .returning('company_id')
        .executeTakeFirstOrThrow();
      companyIds.set(company.key, row.company_id);
      companyNames.set(company.key, company.name);
      const meta = [
        { meta_key: 'status', meta_value: String(company.mode) },
        { meta_key: 'services', meta_value: company.services },
        { meta_key: 'default_agent', meta_value: String(idOf('agent')) },
        { meta_key: 'type_assignments', meta_value: '{}' },
      ];
      if (company.services.split(',').includes('1')) {
        meta.push({ meta_key: 'maintenance_prefs', meta_value: JSON.stringify({ frequency: 'monthly', intensity: ['updates', 'security'] }) });
      }
      await trx
        .insertInto('company_meta')
        .values(meta.map((m) => ({ company_id: row.company_id, ...m, date_created: daysAgo(now, 300) })))
        .execute();
      if (company.contacts.length > 0) {
        await trx
          .insertInto('company_contacts')
          .values(company.contacts.map((link) => ({
            company_id: row.company_id,
            contact_id: idOf(link.key)!,
            title: CONTACTS.find((c) => c.key === link.key)?.title ?? null,
            primary: link.primary,
          })))
          .execute();
      }
    }

    const ticketIds: { id: number; spec: DemoTicket }[] = [];
    for (const t of TICKETS) {
      const created = daysAgo(now, t.ageDays, 14);
      const assigned = t.assignee && t.status !== STATUS.backlog ? daysAgo(now, Math.max(t.ageDays - 1, 0), 16) : null;
      const ticket: Insertable<TicketsTable> = {
        contact_id: idOf(t.requester),
        company_id: companyIds.get(t.company)!,
        assignee_id: idOf(t.assignee),
        title: t.title,
        description: `## ${t.title}\n\nRequested by ${t.requester ? contactNames.get(t.requester) : 'the support team'}.\n\n- Please keep the current look\n- Tell us when it is live`,
        type_id: t.type,
        priority_id: t.priority,
        status_id: t.status,
        date_created: created,
        date_updated: created,
        date_due: t.dueInDays === undefined || t.dueInDays === null ? null : daysAhead(now, t.dueInDays),
        date_assigned: assigned,
        date_completed: t.status === STATUS.complete ? daysAgo(now, Math.max(t.ageDays - 10, 0), 17) : null,
        on_hold: t.onHold ?? 0,
        estimate_required: t.estimate?.required ?? 0,
        estimated_time: t.estimate?.units ?? 0,
        estimate_approved: t.estimate?.approved ?? -1,
      };
      const row = await trx.insertInto('tickets').values(ticket).returning('ticket_id').executeTakeFirstOrThrow();
      ticketIds.push({ id: row.ticket_id, spec: t });
    }

    const activity = ticketIds.flatMap(({ id, spec }, index) => {
      const notes = [
        { contact: spec.requester, note: `Hi team, ${spec.title.toLowerCase()} please. Thanks!`, days: spec.ageDays },
        { contact: spec.assignee, note: 'Thanks, on it. I will post an update here.', days: Math.max(spec.ageDays - 1, 0) },
      ];
      if (index % 3 === 0) notes.push({ contact: null, note: 'Status updated by the support team.', days: Math.max(spec.ageDays - 2, 0) });
      return notes.map((n) => ({
        ticket_id: id,
        contact_id: idOf(n.contact),
        contact_name: n.contact ? contactNames.get(n.contact)! : null,
        note: n.note,
        date_created: daysAgo(now, n.days, 15),
      }));
    });
    await trx.insertInto('activity').values(activity).execute();

    const tasks = ticketIds
      .filter(({ spec }) => spec.type === TYPE.newDevelopment || spec.type === TYPE.incidentBug)
      .flatMap(({ id, spec }) =>
        TASKS.map((instruction, order) => ({
          ticket_id: id,
          instruction,
          sort_order: order,
          date_completed: spec.status === STATUS.complete || order < spec.status - 1 ? daysAgo(now, Math.max(spec.ageDays - order, 0)) : null,
          date_created: daysAgo(now, spec.ageDays),
        })),
      );
    await trx.insertInto('tasks').values(tasks).execute();

    // Six months of logged time, spread over the staff and the tickets that were worked.
    const worked = ticketIds.filter(({ spec }) => spec.assignee && spec.status !== STATUS.backlog);
    const timeEntries = [];
    for (let day = 1; day <= 180; day += 3) {
      const pick = worked[day % worked.length]!;
      const agent = pick.spec.assignee!;
      timeEntries.push({
        contact_id: idOf(agent),
        ticket_id: pick.id,
        company_id: companyIds.get(pick.spec.company)!,
        company_name: companyNames.get(pick.spec.company)!,
        contact_name: contactNames.get(agent)!,
        pay_rate: payRates[agent] ?? null,
        date: daysAgo(now, day, 13),
        time: ((day * 7) % 15) + 2,
        description: ['Investigated and fixed', 'Client call and follow-up', 'Build and test on staging', 'Content edits'][day % 4]!,
        date_created: daysAgo(now, day, 13),
      });
    }
    await trx.insertInto('time_entries').values(timeEntries).execute();

    const ticketFor = (title: string) => ticketIds.find(({ spec }) => spec.title === title)?.id ?? null;
    const notifications = [
      { to: 'admin', note: 'New ticket: Add a careers page (Acme, LLC).', ticket: ticketFor('Add a careers page'), days: 2 },
      { to: 'admin', note: 'Globex Corporation rejected the estimate for Product filters by colour.', ticket: ticketFor('Product filters by colour'), days: 1 },
      { to: 'admin', note: 'Monthly invoices are ready for review.', ticket: null, days: 0 },
      { to: 'agent', note: 'You were assigned: Checkout button does nothing on Safari.', ticket: ticketFor('Checkout button does nothing on Safari'), days: 3 },
      { to: 'agent', note: 'Casey Client replied on Which analytics do we have?', ticket: ticketFor('Which analytics do we have?'), days: 1 },
      { to: 'agent', note: 'Reminder: log your time for last week.', ticket: null, days: 0 },
      { to: 'client', note: 'New product gallery is ready for your review.', ticket: ticketFor('New product gallery'), days: 2 },
      { to: 'client', note: 'An estimate was added to Spring campaign landing page: please approve it.', ticket: ticketFor('Spring campaign landing page'), days: 1 },
      { to: 'client', note: 'Welcome to the support portal!', ticket: null, days: 30 },
      { to: 'client2', note: 'Catalogue import from spreadsheet is in progress.', ticket: ticketFor('Catalogue import from spreadsheet'), days: 4 },
      { to: 'client2', note: 'Welcome to the support portal!', ticket: null, days: 40 },
    ];
    await trx
      .insertInto('notifications')
      .values(notifications.map((n, index) => ({
        contact_id: idOf(n.to)!,
        ticket_id: n.ticket,
        note: n.note,
        date_created: daysAgo(now, n.days, 9 + (index % 8)),
      })))
      .execute();

    await trx
      .insertInto('mail_templates')
      .values([
        { name: 'Monthly maintenance', subject: 'Your monthly maintenance report', message: 'Hi {{primaryFirst}},\n\nthis month we kept {{companyName}} up to date.', date_created: daysAgo(now, 90) },
        { name: 'Open tickets', subject: 'Your open tickets', message: 'Hi {{contactFirst}},\n\nhere is where things stand:\n\n{{ticketList}}', date_created: daysAgo(now, 60) },
      ])
      .execute();
  });
  return true;
}
