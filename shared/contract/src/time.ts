import { z } from 'zod';
import { id, intLike, isoDate, timeZoneQuery } from './common';

/** What the correction rules read (docs/product/time-and-billing.md#correcting-time). */
const correctionFields = {
  /** A correction: the entry it corrects; null for ordinary time. */
  corrects_time_id: id.nullable().default(null),
  /** The number of the issued invoice whose month holds this entry: it is frozen (null: it may be edited or deleted). */
  invoice: z.string().nullable().default(null),
};

export const timeEntry = z.object({
  time_id: id,
  ticket_id: id.nullable(),
  contact_id: id.nullable(),
  contact_name: z.string().nullable(),
  /** Units of 6 minutes; a correction's may be negative. */
  time: z.number().int(),
  description: z.string(),
  date: isoDate,
  ...correctionFields,
});
export type TimeEntry = z.infer<typeof timeEntry>;

/** GET /ticket/:id/time. */
export const ticketTime = z.object({
  total_time: z.number().int(),
  entries: z.array(timeEntry),
});
export type TicketTime = z.infer<typeof ticketTime>;

/** POST /time (staff). contact_id: absent or null is the signed-in contact; time in units (checked by validateTimeEntry). */
export const timeEntryCreate = z.object({
  ticket_id: intLike.pipe(z.number().int().positive()),
  contact_id: z.union([intLike, z.null()]).optional(),
  time: z.union([z.number(), z.string()]).optional(),
  description: z.string().optional(),
});
export type TimeEntryCreate = z.input<typeof timeEntryCreate>;

/**
 * PUT /time/:id: the fields to change (docs/product/time-and-billing.md#correcting-time); `date` is
 * the day 'YYYY-MM-DD' on the caller's clock (`time_zone`). Checked by validateTimeEntryEdit.
 */
export const timeEntryUpdate = z.object({
  time: z.union([z.number(), z.string()]).optional(),
  description: z.string().optional(),
  date: z.string().optional(),
  time_zone: z.string().optional(),
});
export type TimeEntryUpdate = z.input<typeof timeEntryUpdate>;

/** POST /time/:id/corrections: a correction of a frozen entry, logged now; `time` in units, negative to take time off. */
export const timeCorrectionCreate = z.object({
  time: z.union([z.number(), z.string()]).optional(),
  description: z.string().optional(),
});
export type TimeCorrectionCreate = z.input<typeof timeCorrectionCreate>;

/** DELETE /time/:id answer: the ticket's new total. */
export const timeEntryDeleted = z.object({ time_id: id, ticket_id: id.nullable(), total_time: z.number().int() });
export type TimeEntryDeleted = z.infer<typeof timeEntryDeleted>;

/** POST /time answer: the new entry and the ticket's new total. */
export const timeEntryCreated = z.object({
  entry: timeEntry,
  total_time: z.number().int(),
});
export type TimeEntryCreated = z.infer<typeof timeEntryCreated>;

/** GET /company/:id/currenttime and /ytdtime. */
export const companyTimeTotal = z.object({
  company_id: id,
  /** Start (inclusive) and end (exclusive) of the period. */
  from: isoDate,
  to: isoDate,
  /** Logged units of 6 minutes. */
  total_time: z.number().int(),
  /** USD with cents: units x the unit price (meetings at the meeting rate); admins and clients only. */
  value: z.number().optional(),
});
export type CompanyTimeTotal = z.infer<typeof companyTimeTotal>;

/** GET /contact/:id/currenttime and /ytdtime: the agent's own units and pay. */
export const contactTimeTotal = z.object({
  contact_id: id,
  from: isoDate,
  to: isoDate,
  total_time: z.number().int(),
  /** The contact's current pay_rate in USD per hour (null when unset). */
  pay_rate: z.number().nullable(),
  /** USD with cents: units x pay_rate / 10, each entry at the rate it was logged with. */
  pay: z.number(),
});
export type ContactTimeTotal = z.infer<typeof contactTimeTotal>;

/** GET /time/0/currenttime and /ytdtime (admins): every contact's time. */
export const allTimeTotal = z.object({
  from: isoDate,
  to: isoDate,
  total_time: z.number().int(),
  value: z.number(),
  pay: z.number(),
});
export type AllTimeTotal = z.infer<typeof allTimeTotal>;

/** GET /contact/:id/time?from=YYYY-MM&to=YYYY-MM (both months included; default: this month). */
export const contactTimeQuery = timeZoneQuery.extend({
  from: z.string().optional(),
  to: z.string().optional(),
});

export const contactTimeEntry = z.object({
  time_id: id,
  contact_id: id.nullable(),
  ticket_id: id.nullable(),
  /** null when the ticket was deleted. */
  ticket_title: z.string().nullable(),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  time: z.number().int(),
  description: z.string(),
  date: isoDate,
  ...correctionFields,
});
export type ContactTimeEntry = z.infer<typeof contactTimeEntry>;

export const MONTHLY_TIME_MONTHS_DEFAULT = 6;

/** GET /contact/:id/time/monthly?months=6: the My Time chart, oldest month first. */
export const monthlyTimeQuery = timeZoneQuery.extend({
  months: z.coerce.number().int().min(1).max(24).default(MONTHLY_TIME_MONTHS_DEFAULT),
});
export const monthlyTime = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  from: isoDate,
  to: isoDate,
  total_time: z.number().int(),
  pay: z.number(),
});
export type MonthlyTime = z.infer<typeof monthlyTime>;

/** GET /company/-1/prevmonthtime/:offset and /time/payroll/:offset: a month `offset` months back (0 = this month). */
export const monthOffsetParam = z.object({ offset: z.coerce.number().int().min(0).max(120).default(0) });
export const companyMonthParams = z.object({ id: z.coerce.number().int(), offset: z.coerce.number().int().min(0).max(120).default(0) });

const monthBounds = {
  /** 'YYYY-MM' in the caller's time zone. */
  month: z.string(),
  from: isoDate,
  to: isoDate,
};

/** One time entry of the month as the admin invoices screen lists it (docs/product/time-and-billing.md#admin-invoices-screen), plus what an invoice line needs. */
export const prevMonthEntry = z.object({
  time_id: id,
  company_id: id.nullable(),
  company: z.string().nullable(),
  ticket_id: id.nullable(),
  ticket_title: z.string().nullable(),
  /** The ticket's type (null when the ticket was deleted). */
  type_id: z.number().int().nullable(),
  /** The agent. */
  contact_id: id.nullable(),
  agent: z.string().nullable(),
  /** USD per hour recorded on the entry. */
  agent_payrate: z.number().nullable(),
  time: z.number().int(),
  date: isoDate,
  description: z.string(),
});
export type PrevMonthEntry = z.infer<typeof prevMonthEntry>;

export const PREV_MONTH_PAGE_DEFAULT = 1000;
export const PREV_MONTH_PAGE_MAX = 5000;

/** A page of the month: `limit` entries after the cursor `after` (the previous page's `next`). */
export const prevMonthTimeQuery = timeZoneQuery.extend({
  after: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d+$/).optional(),
  limit: z.coerce.number().int().min(1).max(PREV_MONTH_PAGE_MAX).default(PREV_MONTH_PAGE_DEFAULT),
});
export type PrevMonthTimeQuery = z.input<typeof prevMonthTimeQuery>;

/**
 * GET /company/-1/prevmonthtime/:offset (admins): the month's entries, oldest first, a page at a
 * time (a busy month holds 100k entries); `next` is the cursor of the following page, null at the end.
 */
export const prevMonthTime = z.object({ ...monthBounds, entries: z.array(prevMonthEntry), next: z.string().nullable() });
export type PrevMonthTime = z.infer<typeof prevMonthTime>;

export const payrollRow = z.object({
  contact_id: id.nullable(),
  name: z.string(),
  /** USD per hour when every entry of the month carries the same rate; null when they differ or are unset. */
  rate: z.number().nullable(),
  units: z.number().int(),
  /** USD with cents. */
  total: z.number(),
});
export type PayrollRowValue = z.infer<typeof payrollRow>;

/** GET /time/payroll/:offset (admins): each agent's pay for the month, by name. */
export const payroll = z.object({ ...monthBounds, rows: z.array(payrollRow), total: z.number() });
export type Payroll = z.infer<typeof payroll>;
