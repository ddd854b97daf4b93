import useSWR, { useSWRConfig } from 'swr';
import type {
  CompanyTimeTotal, ContactTimeEntry, ContactTimeTotal, MonthlyTime, Payroll, PrevMonthTime, TicketTime, TimeCorrectionCreate, TimeEntryCreate,
  TimeEntryCreated, TimeEntryDeleted, TimeEntryUpdate,
} from '@portal/contract';
import { pathOf, timeEndpoints as api, timePeriodEndpoints } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';
import { ticketKey } from './tickets';

/** This calendar month, or 1 January to the end of this month. */
export type TimePeriod = 'currenttime' | 'ytdtime';

export const ticketTimeKey = (ticketId: number) => pathOf(api.ticketTime, { id: ticketId });
export const companyTimeKey = (companyId: number, period: TimePeriod, timeZone?: string) =>
  pathOf(timePeriodEndpoints[period].company, { id: companyId }, { time_zone: timeZone || undefined });
export const contactTimeTotalKey = (contactId: number, period: TimePeriod, timeZone?: string) =>
  pathOf(timePeriodEndpoints[period].contact, { id: contactId }, { time_zone: timeZone });
export const contactTimeEntriesKey = (contactId: number, fromMonth: string, toMonth: string, timeZone?: string) =>
  pathOf(api.contactTimeEntries, { id: contactId }, { from: fromMonth, to: toMonth, time_zone: timeZone });
export const contactMonthlyTimeKey = (contactId: number, months: number, timeZone?: string) =>
  pathOf(api.contactMonthlyTime, { id: contactId }, { months, time_zone: timeZone });
/** A page of every company's time entries of the month `offset` months back (admins); `after` is the previous page's `next`. */
export const prevMonthTimeKey = (offset: number, timeZone?: string, page: PrevMonthPage = {}) =>
  pathOf(api.prevMonthTime, { offset }, { time_zone: timeZone, after: page.after, limit: page.limit });
/** Each agent's pay for the month `offset` months back (admins). */
export const payrollKey = (offset: number, timeZone?: string) => pathOf(api.payroll, { offset }, { time_zone: timeZone });

/** A page of GET /company/-1/prevmonthtime: after the cursor `after`, at most `limit` entries. */
export interface PrevMonthPage {
  after?: string;
  limit?: number;
}

export interface TimeApi {
  forTicket(ticketId: number): Promise<TicketTime>;
  log(input: TimeEntryCreate): Promise<TimeEntryCreated>;
  /** Edits an entry's units, description or day (docs/product/time-and-billing.md#correcting-time); 409 in a frozen month. */
  update(timeId: number, changes: TimeEntryUpdate): Promise<TimeEntryCreated>;
  /** Deletes an entry; 409 in a frozen month. */
  remove(timeId: number): Promise<TimeEntryDeleted>;
  /** Logs a correction, this month, of an entry in a frozen month; units may be negative. */
  correct(timeId: number, input: TimeCorrectionCreate, timeZone?: string): Promise<TimeEntryCreated>;
  /** Units (and value for admins and clients) logged for the company in the period. */
  companyTotals(companyId: number, period: TimePeriod, timeZone?: string): Promise<CompanyTimeTotal>;
  /** Units and pay of one contact in the period (the contact and admins only). */
  contactTotals(contactId: number, period: TimePeriod, timeZone?: string): Promise<ContactTimeTotal>;
  /** A contact's time entries of the months 'YYYY-MM'..'YYYY-MM', both included, newest first. */
  contactEntries(contactId: number, fromMonth: string, toMonth: string, timeZone?: string): Promise<ContactTimeEntry[]>;
  /** A contact's units and pay per month, oldest first. */
  contactMonthly(contactId: number, months: number, timeZone?: string): Promise<MonthlyTime[]>;
  /** A page of the month's entries of every company, oldest first (docs/product/time-and-billing.md#admin-invoices-screen). */
  prevMonth(offset: number, timeZone?: string, page?: PrevMonthPage): Promise<PrevMonthTime>;
  /** The month's payroll: each agent's units and pay, by name, and the total. */
  payroll(offset: number, timeZone?: string): Promise<Payroll>;
}

export function createTimeApi(http: Http): TimeApi {
  return {
    forTicket: (ticketId) => http(api.ticketTime, { params: { id: ticketId } }),
    log: (input) => http(api.logTime, { body: input }),
    update: (timeId, changes) => http(api.updateTime, { params: { id: timeId }, body: changes }),
    remove: (timeId) => http(api.deleteTime, { params: { id: timeId } }),
    correct: (timeId, input, timeZone) => http(api.correctTime, { params: { id: timeId }, query: { time_zone: timeZone }, body: input }),
    companyTotals: (companyId, period, timeZone) =>
      http(timePeriodEndpoints[period].company, { params: { id: companyId }, query: { time_zone: timeZone || undefined } }),
    contactTotals: (contactId, period, timeZone) =>
      http(timePeriodEndpoints[period].contact, { params: { id: contactId }, query: { time_zone: timeZone } }),
    contactEntries: (contactId, fromMonth, toMonth, timeZone) =>
      http(api.contactTimeEntries, { params: { id: contactId }, query: { from: fromMonth, to: toMonth, time_zone: timeZone } }),
    contactMonthly: (contactId, months, timeZone) => http(api.contactMonthlyTime, { params: { id: contactId }, query: { months, time_zone: timeZone } }),
    prevMonth: (offset, timeZone, page = {}) =>
      http(api.prevMonthTime, { params: { offset }, query: { time_zone: timeZone, after: page.after, limit: page.limit } }),
    payroll: (offset, timeZone) => http(api.payroll, { params: { offset }, query: { time_zone: timeZone } }),
  };
}

/** A ticket's time entries and total_time (units). */
export function useTicketTime(ticketId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(ticketId ? ticketTimeKey(ticketId) : null, () => client.time.forTicket(ticketId as number));
}

type TimeZoneRead = ReadOptions & { timeZone?: string };

export function useCompanyTimeTotals(companyId: number | null | undefined, period: TimePeriod, { timeZone, ...options }: TimeZoneRead = {}) {
  const client = useApiClient();
  return useSWR(
    companyId ? companyTimeKey(companyId, period, timeZone) : null,
    () => client.time.companyTotals(companyId as number, period, timeZone),
    options,
  );
}

export function useContactTimeTotals(contactId: number | null | undefined, period: TimePeriod, { timeZone, ...options }: TimeZoneRead = {}) {
  const client = useApiClient();
  return useSWR(
    contactId ? contactTimeTotalKey(contactId, period, timeZone) : null,
    () => client.time.contactTotals(contactId as number, period, timeZone),
    options,
  );
}

export function useContactTimeEntries(
  contactId: number | null | undefined,
  { fromMonth, toMonth, timeZone, ...options }: TimeZoneRead & { fromMonth: string; toMonth: string },
) {
  const client = useApiClient();
  return useSWR(
    contactId ? contactTimeEntriesKey(contactId, fromMonth, toMonth, timeZone) : null,
    () => client.time.contactEntries(contactId as number, fromMonth, toMonth, timeZone),
    options,
  );
}

export function useContactMonthlyTime(contactId: number | null | undefined, { months, timeZone, ...options }: TimeZoneRead & { months: number }) {
  const client = useApiClient();
  return useSWR(
    contactId ? contactMonthlyTimeKey(contactId, months, timeZone) : null,
    () => client.time.contactMonthly(contactId as number, months, timeZone),
    options,
  );
}

export function usePrevMonthTime(offset: number | null, { timeZone, after, limit, ...options }: TimeZoneRead & PrevMonthPage = {}) {
  const client = useApiClient();
  return useSWR(
    offset === null ? null : prevMonthTimeKey(offset, timeZone, { after, limit }),
    () => client.time.prevMonth(offset as number, timeZone, { after, limit }),
    options,
  );
}

export function usePayroll(offset: number | null, { timeZone, ...options }: TimeZoneRead = {}) {
  const client = useApiClient();
  return useSWR(offset === null ? null : payrollKey(offset, timeZone), () => client.time.payroll(offset as number, timeZone), options);
}

/** Logging time changes the total and the ticket's value: both are revalidated. */
export function useTimeMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async log(input: Omit<TimeEntryCreate, 'ticket_id'>) {
      const created = await client.time.log({ ...input, ticket_id: ticketId });
      await Promise.all([mutate(ticketTimeKey(ticketId)), mutate(ticketKey(ticketId))]);
      return created;
    },
  };
}

/** An entry as the edit, delete and correction calls need it. */
export interface ChangedTimeEntry {
  time_id: number;
  ticket_id: number | null;
  contact_id: number | null;
}

/**
 * Editing, deleting and correcting an entry (docs/product/time-and-billing.md#correcting-time):
 * this tab revalidates the ticket's time and total and the worker's time at once; other tabs follow
 * through the live 'time' change.
 */
export function useTimeEntryMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  async function refresh(entry: ChangedTimeEntry) {
    const worker = entry.contact_id === null ? null : `/contact/${entry.contact_id}/`;
    await Promise.all([
      entry.ticket_id === null ? null : mutate(ticketTimeKey(entry.ticket_id)),
      entry.ticket_id === null ? null : mutate(ticketKey(entry.ticket_id)),
      worker === null ? null : mutate((key) => typeof key === 'string' && key.startsWith(worker)),
    ]);
  }
  return {
    async update(entry: ChangedTimeEntry, changes: TimeEntryUpdate) {
      const saved = await client.time.update(entry.time_id, changes);
      await refresh(entry);
      return saved;
    },
    async remove(entry: ChangedTimeEntry) {
      const deleted = await client.time.remove(entry.time_id);
      await refresh(entry);
      return deleted;
    },
    async correct(entry: ChangedTimeEntry, input: TimeCorrectionCreate, timeZone?: string) {
      const created = await client.time.correct(entry.time_id, input, timeZone);
      await refresh(entry);
      return created;
    },
  };
}
