import { z } from 'zod';
import { HISTORY_PAGE_SIZE, isHistoryTicket, LIST_LIMIT_MAX, LIST_SORT_FIELDS, STAFF_LIST_PAGE_SIZE } from '@portal/domain';
import { clearable, flag, flagLike, id, intLike, isoDate } from './common';
import { ticketSla } from './sla';
import { tagFilterList } from './tag';

export const ticket = z.object({
  ticket_id: id,
  contact_id: id.nullable(),
  company_id: id,
  company_name: z.string(),
  company_mode: id,
  assignee_id: id.nullable(),
  title: z.string(),
  description: z.string(),
  type_id: id,
  priority_id: id,
  status_id: id,
  date_created: isoDate,
  date_due: isoDate.nullable(),
  date_assigned: isoDate.nullable(),
  date_completed: isoDate.nullable(),
  on_hold: flag,
  estimate_required: flag,
  /** Estimated time in units of 6 minutes. */
  estimated_time: z.number().int(),
  /** -1 awaiting approval, 0 rejected, 1 approved. */
  estimate_approved: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  /** Logged time in units; present on completed tickets in lists and on the detail answer. */
  total_time: z.number().int().optional(),
  /** Current value in whole USD; only sent to admins and clients. */
  value: z.number().optional(),
  /** The next due response-time target (docs/product/response-times.md#the-clock): staff only; null when nothing is due. */
  sla: ticketSla.nullable().optional(),
  /** The ticket's tags by name (docs/product/tags-and-views.md): staff only, never in a client's answer. */
  tags: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof ticket>;

/** GET /ticket/:id: the ticket plus the names the side panel shows (requester and assignee). */
export const ticketDetail = ticket.extend({
  contact_name: z.string().nullable(),
  assignee_name: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/**
 * A ticket as the dashboards list it: every field of `ticket` but the description, which no list
 * shows and which made up most of the bytes of a list polled every second.
 */
export const ticketSummary = ticket.omit({ description: true });
export type TicketSummary = z.infer<typeof ticketSummary>;

export const COMPANY_TICKETS_COMPLETED_DEFAULT = 50;
export const COMPANY_TICKETS_COMPLETED_MAX = 500;

/**
 * GET /company/:id/tickets: every open ticket (status not 5 or 6) and the newest
 * `completed_limit` completed ones (status 5, newest completion first); cancelled ones (6) are
 * not listed. 0 lists no completed ticket.
 */
export const companyTicketsQuery = z.object({
  completed_limit: z.coerce.number().int().min(0).max(COMPANY_TICKETS_COMPLETED_MAX).default(COMPANY_TICKETS_COMPLETED_DEFAULT)
    .describe(`Completed tickets to list, newest completion first (default ${COMPANY_TICKETS_COMPLETED_DEFAULT}, at most ${COMPANY_TICKETS_COMPLETED_MAX})`),
});
export type CompanyTicketsQuery = z.input<typeof companyTicketsQuery>;

/**
 * GET /company/:id/tickets/history: the company's completed and cancelled tickets
 * (docs/product/dashboards.md#ticket-history), newest closing first, `limit` at a time from `offset`.
 */
export const companyHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(HISTORY_PAGE_SIZE)
    .describe(`Tickets to answer (default ${HISTORY_PAGE_SIZE}, at most ${LIST_LIMIT_MAX})`),
  offset: z.coerce.number().int().min(0).default(0).describe('Tickets to skip (default 0)'),
});
export type CompanyHistoryQuery = z.input<typeof companyHistoryQuery>;

/** A history entry: `date_closed` is the completion of a completed ticket, the cancellation (its last change) of a cancelled one. */
export const historyTicket = ticketSummary.extend({ date_closed: isoDate });
export type HistoryTicket = z.infer<typeof historyTicket>;

export const ticketHistoryPage = z.object({
  tickets: z.array(historyTicket),
  /** Every completed and cancelled ticket of the company. */
  total: z.number().int(),
});
export type TicketHistoryPage = z.infer<typeof ticketHistoryPage>;

/** Form values checked by validateNewTicket (@portal/domain), which names the missing field. */
const formValue = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/**
 * POST /ticket. Required: type_id, title, description, priority_id, company_id, estimate_required
 * (a missing, empty or 'null' value answers 'The {Label} field is required.'). date_due: absent
 * gives the default (now + priority days at 16:00 in time_zone); null, '' or 'null' stores no due
 * date (clearing sets null: docs/product/tickets.md#due-dates); else a picker day or an ISO timestamp. contact_id (the
 * requester) is read from staff only; a client is always the requester.
 */
export const ticketCreate = z.object({
  type_id: formValue,
  title: formValue,
  description: formValue,
  priority_id: formValue,
  company_id: formValue,
  estimate_required: formValue,
  date_due: clearable(z.string()).optional(),
  contact_id: clearable(intLike).optional(),
  /** IANA zone of the user, for the default due date; default: the server's DEFAULT_TIME_ZONE. */
  time_zone: z.string().optional(),
});
export type TicketCreate = z.input<typeof ticketCreate>;

/** An assignee as sent: a contact id; null, 0 or below unassign. */
const assigneeInput = z.union([intLike, z.null()]).transform((value) => (value !== null && value > 0 ? value : null));

/**
 * PUT /ticket/:id: any subset. Fields equal to the stored value are not changes, so the whole
 * ticket may be sent. Derived fields (date_assigned, date_completed, status on assignment, the
 * estimate's re-approval) are computed by the server whatever is sent; unknown keys are ignored.
 */
export const ticketUpdate = z.object({
  title: z.string().trim().optional(),
  description: z.string().optional(),
  type_id: intLike.optional(),
  priority_id: intLike.optional(),
  status_id: intLike.optional(),
  assignee_id: assigneeInput.optional(),
  /** A picker day or an ISO timestamp, or null / '' / 'null' to clear. */
  date_due: clearable(z.string()).optional(),
  on_hold: flagLike.optional(),
  estimate_required: flagLike.optional(),
  estimated_time: intLike.optional(),
  estimate_approved: intLike.pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)])).optional(),
  /** IANA zone of the user, whose calendar a picker day is read in; default: the server's DEFAULT_TIME_ZONE. */
  time_zone: z.string().optional(),
});
export type TicketUpdate = z.input<typeof ticketUpdate>;

/** A ticket in an agent's or the staff list, with what its filters need and no extra call. */
export const listedTicket = ticketSummary.extend({
  /** 1 when the company has the Maintenance service (the Maintenance Only toggle). */
  is_maintenance: flag,
  assignee_name: z.string().nullable(),
});
export type ListedTicket = z.infer<typeof listedTicket>;

/** GET /staff/tickets?view=list|kanban (default list). */
export const staffTicketsQuery = z.object({ view: z.enum(['list', 'kanban']).default('list'), tag: tagFilterList.default([]) });

/** Status ids as sent: '2,3' (or repeated); Complete and Cancelled are refused as the saved filters refuse them. */
const statusFilterList = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  z.string().trim().regex(/^(\d+(,\d+)*)?$/).transform((text) => (text === '' ? [] : [...new Set(text.split(',').map(Number))])),
).refine((ids) => ids.every((statusId) => !isHistoryTicket(statusId)), 'Complete and Cancelled are not list filters');

/**
 * GET /staff/tickets/list: the staff List view a page at a time (docs/product/dashboards.md#staff-list-and-kanban),
 * filtered and sorted by the server with the saved list preferences.
 */
export const staffListQuery = z.object({
  sort: z.enum(LIST_SORT_FIELDS).default('priorityId'),
  direction: z.enum(['ASC', 'DESC']).default('DESC'),
  statuses: statusFilterList.default([]),
  maintenance_only: flagLike.default(0),
  /** Tags a ticket must carry, each (docs/product/tags-and-views.md#filtering-by-tag). */
  tag: tagFilterList.default([]),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(STAFF_LIST_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type StaffListQuery = z.input<typeof staffListQuery>;

export const staffListPage = z.object({
  tickets: z.array(listedTicket),
  /** Tickets matching the filters. */
  total: z.number().int(),
  /** Tickets the list holds before the status filters (0: there is nothing to list at all). */
  unfiltered_total: z.number().int(),
});
export type StaffListPage = z.infer<typeof staffListPage>;

/** PUT /ticket/bulk (staff): assign (null or 0 unassigns) and/or move several tickets at once, all or nothing. */
export const ticketBulkUpdate = z.object({
  ticket_ids: z.array(z.number().int().positive()).min(1).max(500).transform((ids) => [...new Set(ids)]),
  assignee_id: assigneeInput.optional(),
  status_id: intLike.optional(),
}).refine((body) => body.assignee_id !== undefined || body.status_id !== undefined, 'Nothing to change');
export type TicketBulkUpdate = z.input<typeof ticketBulkUpdate>;
export const ticketBulkAnswer = z.object({
  /** Tickets whose stored values changed. */
  updated: z.number().int(),
  tickets: z.array(listedTicket),
});
export type TicketBulkAnswer = z.infer<typeof ticketBulkAnswer>;
