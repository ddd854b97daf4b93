import { z } from 'zod';
import { company, flag, id, isoDate } from './entities';
import { ticketSummary } from './company-tickets';

// Issue 4: the client dashboard, the agent page, the staff list / kanban and the stats page.

/** The spec's client sends numbers as text ('1', '40'); both forms are accepted. */
const intLike = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/** Optional IANA zone whose calendar months the totals use; default: the server's DEFAULT_TIME_ZONE. */
export const timeZoneQuery = z.object({ time_zone: z.string().optional() });

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
});
export type ContactTimeEntry = z.infer<typeof contactTimeEntry>;

/** GET /contact/:id/time/monthly?months=6: the My Time chart, oldest month first. */
export const monthlyTimeQuery = timeZoneQuery.extend({ months: z.coerce.number().int().min(1).max(24).optional() });
export const monthlyTime = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  from: isoDate,
  to: isoDate,
  total_time: z.number().int(),
  pay: z.number(),
});
export type MonthlyTime = z.infer<typeof monthlyTime>;

/** A ticket in an agent's or the staff list, with what its filters need and no extra call. */
export const listedTicket = ticketSummary.extend({
  /** 1 when the company has the Maintenance service (the Maintenance Only toggle). */
  is_maintenance: flag,
  assignee_name: z.string().nullable(),
});
export type ListedTicket = z.infer<typeof listedTicket>;

/** GET /staff/tickets?view=list|kanban (default list). */
export const staffTicketsQuery = z.object({ view: z.enum(['list', 'kanban']).optional() });

/** PUT /ticket/bulk (staff): assign or move several tickets at once, all or nothing. */
export const ticketBulkUpdate = z.object({
  ticket_ids: z.array(z.number().int().positive()).min(1).max(500),
  assignee_id: z.union([intLike, z.null()]).optional(),
  status_id: intLike.optional(),
});
export type TicketBulkUpdate = z.infer<typeof ticketBulkUpdate>;
export const ticketBulkAnswer = z.object({
  /** Tickets whose stored values changed. */
  updated: z.number().int(),
  tickets: z.array(listedTicket),
});
export type TicketBulkAnswer = z.infer<typeof ticketBulkAnswer>;

/** PUT /company/:id: mode (admins) and/or note (staff). company_id, if sent, must be the path's. */
export const companyUpdate = z.object({
  company_id: intLike.optional(),
  mode: intLike.optional(),
  note: z.string().nullable().optional(),
});
export type CompanyUpdate = z.infer<typeof companyUpdate>;
export const companyUpdateAnswer = company.extend({
  /** Units logged on the company's tickets, all time. */
  total_time: z.number().int(),
  /** Tickets the mode change closed (spec 001 §4). */
  tickets_changed: z.number().int(),
});
export type CompanyUpdateAnswer = z.infer<typeof companyUpdateAnswer>;

/** GET/PUT /contact/:id/meta/list_prefs: the staff list's saved sort and filters (spec 001 §9). */
export const listPrefs = z.object({
  sortBy: z.enum(['priorityId', 'dateCreated', 'dateDue', 'company']),
  direction: z.enum(['ASC', 'DESC']),
  /** Shown statuses; Complete (5) and Cancelled (6) are refused. */
  statusFilters: z.array(z.number().int()),
  maintenanceOnly: z.boolean(),
}).strict();
export type ListPrefsValue = z.infer<typeof listPrefs>;

/** GET /stats/tickets?months=12 (admins). */
export const ticketStatsQuery = timeZoneQuery.extend({ months: z.coerce.number().int().min(1).max(36).optional() });
export const ticketStatsMonth = z.object({
  month: z.string(),
  from: isoDate,
  to: isoDate,
  /** Tickets created in the month. */
  opened: z.number().int(),
  /** Tickets completed in the month (date_completed). */
  closed: z.number().int(),
  /** Tickets assigned in the month, and their mean hours from creation; null when none. */
  assigned: z.number().int(),
  avg_hours_to_assignment: z.number().nullable(),
  /** Mean hours from creation of the tickets completed in the month; null when none. */
  avg_hours_to_completion: z.number().nullable(),
});
export type TicketStatsMonth = z.infer<typeof ticketStatsMonth>;
