import { DUE_HOUR, NOTE_PREFS_META_KEY, STATUS, TYPE, companyUrlKey, daysAheadAt, serializeNotePrefs } from '@portal/domain';
import type { Insertable } from 'kysely';
import { OWASP_ARGON2ID, hashPassword, type PasswordCost } from '../../password';
import type { PortalDb } from '../connect';
import type { TicketsTable } from '../schema';
import {
  BILLED_WORK, COMPANIES, CONTACTS, DEMO_PASSWORD, MAIL_TEMPLATES, NOTIFICATIONS, PAY_RATES, TASKS, TICKETS, type DemoTicket,
} from './demo-data';

const DAY = 24 * 60 * 60 * 1000;

function daysAgo(now: Date, days: number, hourUtc = 15): string {
  const date = new Date(now.getTime() - days * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}

/** A due date `days` from now by the app's one rule (docs/product/tickets.md#due-dates): 16:00 on the portal's clock. */
function dueInDays(now: Date, days: number, timeZone: string): string {
  return daysAheadAt(now, days, DUE_HOUR, 0, timeZone).toISOString();
}

/**
 * A realistic, deterministic demo (no randomness; dates relative to now) on an empty database.
 * `timeZone`: the portal's DEFAULT_TIME_ZONE, whose 16:00 the due dates are, as the form stores them.
 * Returns false when the database already has contacts.
 */
export async function seedDemo(db: PortalDb, now = new Date(), timeZone = 'UTC', hashParams: PasswordCost = OWASP_ARGON2ID): Promise<boolean> {
  const existing = await db.selectFrom('contacts').select('contact_id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, hashParams);

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

    const contactMeta = [
      ...Object.entries(PAY_RATES).map(([key, rate]) => ({ key, meta_key: 'pay_rate', meta_value: String(rate) })),
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
          name: company.name, url: company.url, url_key: companyUrlKey(company.url), description: company.description, mode: company.mode, note: company.note,
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
        date_due: t.dueInDays === undefined || t.dueInDays === null ? null : dueInDays(now, t.dueInDays, timeZone),
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
        pay_rate: PAY_RATES[agent] ?? null,
        date: daysAgo(now, day, 13),
        time: ((day * 7) % 15) + 2,
        description: ['Investigated and fixed', 'Client call and follow-up', 'Build and test on staging', 'Content edits'][day % 4]!,
        date_created: daysAgo(now, day, 13),
      });
    }
    // The admin invoices screen: this month (up to now) and last month always have billable time on
    // several companies, with meetings (type 6, the meeting rate) and estimated tickets.
    const monthStart = (back: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
    for (const back of [0, 1]) {
      const start = monthStart(back);
      const end = back === 0 ? now.getTime() : monthStart(0);
      for (const [index, billed] of BILLED_WORK.entries()) {
        const worked = ticketIds.find(({ spec }) => spec.title === billed.ticket)!;
        const agent = worked.spec.assignee!;
        const date = new Date(start + Math.floor(((end - start) * (index + 1)) / (BILLED_WORK.length + 1))).toISOString();
        timeEntries.push({
          contact_id: idOf(agent),
          ticket_id: worked.id,
          company_id: companyIds.get(worked.spec.company)!,
          company_name: companyNames.get(worked.spec.company)!,
          contact_name: contactNames.get(agent)!,
          pay_rate: PAY_RATES[agent] ?? null,
          date,
          time: billed.units + back,
          description: billed.note,
          date_created: date,
        });
      }
    }
    await trx.insertInto('time_entries').values(timeEntries).execute();

    const ticketFor = (title: string) => ticketIds.find(({ spec }) => spec.title === title)?.id ?? null;
    await trx
      .insertInto('notifications')
      .values(NOTIFICATIONS.map((n, index) => ({
        contact_id: idOf(n.to)!,
        ticket_id: n.ticket === null ? null : ticketFor(n.ticket),
        note: n.note,
        date_created: daysAgo(now, n.days, 9 + (index % 8)),
      })))
      .execute();

    await trx
      .insertInto('mail_templates')
      .values(MAIL_TEMPLATES.map((template, index) => ({ ...template, date_created: daysAgo(now, 90 - index * 30) })))
      .execute();
  });
  return true;
}
