// Look-ups and figures that more than one resource's handlers read from the in-memory portal.
import { monthsBackPeriod, type MonthPeriod } from '@portal/domain';
import type { Company, Contact } from '@portal/contract';
import type { PortalData } from './portal-data';
import { nextId } from './respond';

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

export const findContact = (db: PortalData, id: number | null) => db.contacts.find((c) => c.contact_id === id);

export const findCompany = (db: PortalData, id: number | null) => db.companies.find((c) => c.company_id === id);

/** An app or a passkey in the contact's second sign-in step (aSecurityState's secondFactor): what admins are told. */
export const hasSecondFactorIn = (db: PortalData, id: number) => (db.security.secondFactor[id] ?? []).some((method) => method !== 'recovery');

export const findTicket = (db: PortalData, id: number) => db.tickets.find((t) => t.ticket_id === id);

/** Records that the contact's e-mail address is verified (a reset or verification link was followed). */
export function markVerified(person: Contact) {
  person.meta = [
    ...person.meta.filter((m) => m.meta_key !== 'verified'),
    { id: nextId(person.meta, (m) => m.id), meta_key: 'verified', meta_value: '1' },
  ];
}

/** A contact's full name, or null when there is none (no id, or a contact no longer there). */
export function contactName(db: PortalData, id: number | null): string | null {
  const found = findContact(db, id);
  return found ? fullName(found) : null;
}

/** The ticket's total_time when it has one (a seeded ticket need not list every entry), else its entries' sum. */
export const ticketTotalTime = (db: PortalData, ticketId: number) =>
  findTicket(db, ticketId)?.total_time ?? db.timeEntries.filter((e) => e.ticket_id === ticketId).reduce((sum, e) => sum + e.time, 0);

/** Sets one of the company's metas (adding it when missing) and answers the stored entry. */
export function setCompanyMeta(found: Company, key: string, value: string | null) {
  const entry = found.meta.find((m) => m.meta_key === key);
  if (entry) entry.meta_value = value;
  else found.meta.push({ id: nextId(found.meta, (m) => m.id) + found.company_id * 100, meta_key: key, meta_value: value });
  return found.meta.find((m) => m.meta_key === key);
}

/** The month `offset` months back in the request's `time_zone` (UTC by default), or null for a bad offset. */
export function requestMonth(request: Request, offset: unknown): MonthPeriod | null {
  const timeZone = new URL(request.url).searchParams.get('time_zone') ?? 'UTC';
  return monthsBackPeriod(new Date(), Number(offset), timeZone);
}

/** A month's bounds as the billing answers carry them. */
export const monthBounds = (period: MonthPeriod) => ({ month: period.month, from: period.from.toISOString(), to: period.to.toISOString() });

/** The billing entries of the month, oldest first. */
export const billingEntriesIn = (db: PortalData, period: MonthPeriod) => db.billingEntries
  .filter((e) => e.date >= period.from.toISOString() && e.date < period.to.toISOString())
  .sort((a, b) => a.date.localeCompare(b.date) || a.time_id - b.time_id);
