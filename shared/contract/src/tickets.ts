import { z } from 'zod';
import { flag, id, isoDate, ticket } from './entities';

// Issue 3: everything the ticket detail screen and the new-ticket form send and receive.

/** The spec's client sends numbers as text ('1', '40'); both forms are accepted. */
const intLike = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);
/** Form values checked by validateNewTicket (@portal/domain), which names the missing field. */
const formValue = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/** GET /ticket/:id: the ticket plus the names the side panel shows (requester and assignee). */
export const ticketDetail = ticket.extend({
  contact_name: z.string().nullable(),
  assignee_name: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/**
 * POST /ticket. Required: type_id, title, description, priority_id, company_id, estimate_required
 * (a missing, empty or 'null' value answers 'The {Label} field is required.'). date_due is
 * optional (ISO; default: now + priority days at 16:00 in time_zone). contact_id (the requester)
 * is read from staff only; a client is always the requester.
 */
export const ticketCreate = z.object({
  type_id: formValue,
  title: formValue,
  description: formValue,
  priority_id: formValue,
  company_id: formValue,
  estimate_required: formValue,
  date_due: formValue,
  contact_id: formValue,
  /** IANA zone of the user, for the default due date; default: the server's DEFAULT_TIME_ZONE. */
  time_zone: z.string().optional(),
});
export type TicketCreate = z.infer<typeof ticketCreate>;

/**
 * PUT /ticket/:id: any subset. Fields equal to the stored value are not changes, so the whole
 * ticket may be sent. Derived fields (date_assigned, date_completed, status on assignment, the
 * estimate's re-approval) are computed by the server whatever is sent; unknown keys are ignored.
 */
export const ticketUpdate = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  type_id: intLike.optional(),
  priority_id: intLike.optional(),
  status_id: intLike.optional(),
  assignee_id: z.union([intLike, z.null()]).optional(),
  /** ISO timestamp, or null / '' / 'null' to clear. */
  date_due: z.union([z.string(), z.null()]).optional(),
  on_hold: z.union([intLike, z.boolean()]).optional(),
  estimate_required: z.union([intLike, z.boolean()]).optional(),
  estimated_time: intLike.optional(),
  estimate_approved: intLike.optional(),
});
export type TicketUpdate = z.infer<typeof ticketUpdate>;

export const activity = z.object({
  activity_id: id,
  ticket_id: id,
  contact_id: id.nullable(),
  /** null: written by the support team. */
  contact_name: z.string().nullable(),
  note: z.string(),
  date_created: isoDate,
});
export type Activity = z.infer<typeof activity>;

/** POST /activity. The author is the signed-in contact; a contact_id in the body is ignored. */
export const activityCreate = z.object({
  ticket_id: intLike,
  note: z.string(),
  contact_id: intLike.nullable().optional(),
});
export type ActivityCreate = z.infer<typeof activityCreate>;

export const timeEntry = z.object({
  time_id: id,
  ticket_id: id.nullable(),
  contact_id: id.nullable(),
  contact_name: z.string().nullable(),
  /** Units of 6 minutes. */
  time: z.number().int(),
  description: z.string(),
  date: isoDate,
});
export type TimeEntry = z.infer<typeof timeEntry>;

/** GET /ticket/:id/time. */
export const ticketTime = z.object({
  total_time: z.number().int(),
  entries: z.array(timeEntry),
});
export type TicketTime = z.infer<typeof ticketTime>;

/** POST /time (staff). contact_id defaults to the signed-in contact; time in units. */
export const timeEntryCreate = z.object({
  ticket_id: intLike,
  contact_id: z.union([intLike, z.null()]).optional(),
  time: z.union([z.number(), z.string()]).optional(),
  description: z.string().optional(),
});
export type TimeEntryCreate = z.infer<typeof timeEntryCreate>;

/** POST /time answer: the new entry and the ticket's new total. */
export const timeEntryCreated = z.object({
  entry: timeEntry,
  total_time: z.number().int(),
});
export type TimeEntryCreated = z.infer<typeof timeEntryCreated>;

export const task = z.object({
  task_id: id,
  ticket_id: id,
  instruction: z.string(),
  sort_order: z.number().int(),
  date_completed: isoDate.nullable(),
  date_created: isoDate,
});
export type Task = z.infer<typeof task>;

export const taskCreate = z.object({
  instruction: z.string(),
  ticket_id: intLike.optional(),
});
export type TaskCreate = z.infer<typeof taskCreate>;

/** The whole task may be sent; date_completed ISO, null or the string 'null' (not done). */
export const taskUpdate = z.object({
  instruction: z.string().optional(),
  date_completed: z.union([z.string(), z.null()]).optional(),
});
export type TaskUpdate = z.infer<typeof taskUpdate>;

export const taskParams = z.object({ id: z.coerce.number().int(), task_id: z.coerce.number().int() });

export const ATTACHMENT_TARGET_TYPES = ['ticket'] as const;
export const attachmentTargetParams = z.object({ target_type: z.string(), id: z.coerce.number().int() });
export const attachmentItemParams = attachmentTargetParams.extend({ attachment_id: z.coerce.number().int() });
export const attachmentIdParam = z.object({ attachment_id: z.coerce.number().int() });

export const attachment = z.object({
  attachment_id: id,
  ticket_id: id,
  target_type: z.string(),
  contact_id: id.nullable(),
  name: z.string(),
  /** The authorized download: GET /api/attachments/{attachment_id}/download. */
  url: z.string(),
  /** MIME type decided by the server from the (checked) file type. */
  type: z.string(),
  size: z.number().int(),
  date_created: isoDate,
});
export type Attachment = z.infer<typeof attachment>;

/** A company's contact as the ticket screen and the requester choice need it. */
export const companyContact = z.object({
  contact_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  group_id: id,
  title: z.string().nullable(),
  primary: flag,
});
export type CompanyContact = z.infer<typeof companyContact>;

/** GET /contact?group=staff: the assignee dropdown (groups 1-4). */
export const staffContact = z.object({
  contact_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  group_id: id,
});
export type StaffContact = z.infer<typeof staffContact>;
export const contactListQuery = z.object({ group: z.literal('staff') });

export const metaKeyParams = z.object({ id: z.coerce.number().int(), key: z.string() });

/** POST /contact/:id/sendactivity: the note (markdown) or the activity itself. */
export const sendActivity = z.object({
  activity: z.union([
    z.string(),
    z.object({ note: z.string(), ticket_id: intLike.nullable().optional() }).loose(),
  ]),
});
export type SendActivity = z.infer<typeof sendActivity>;

export const sendMail = z.object({
  subject: z.string(),
  message: z.string(),
});
export type SendMail = z.infer<typeof sendMail>;

export const SEARCH_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'like', 'in'] as const;
export const searchCondition = z.object({
  field: z.string(),
  op: z.enum(SEARCH_OPERATORS).default('='),
  value: z.union([z.string(), z.number(), z.null(), z.array(z.union([z.string(), z.number()]))]),
});
export const searchRequest = z.object({
  filter: z
    .object({
      conditions: z.array(searchCondition).max(20).default([]),
      joiner: z.enum(['AND', 'OR']).default('AND'),
    })
    .default({ conditions: [], joiner: 'AND' }),
  orderBy: z
    .union([z.string(), z.object({ field: z.string(), direction: z.enum(['asc', 'desc']).default('asc') })])
    .optional(),
});
export type SearchRequest = z.infer<typeof searchRequest>;
export const searchTypeParam = z.object({ type: z.string() });

export const aiTasksRequest = z.object({
  title: z.string(),
  description: z.string().default(''),
});
export type AiTasksRequest = z.infer<typeof aiTasksRequest>;
export const aiTasksAnswer = z.object({ tasks: z.array(z.string()) });
export type AiTasksAnswer = z.infer<typeof aiTasksAnswer>;
export const aiStatus = z.object({ tasks: z.boolean() });
export type AiStatus = z.infer<typeof aiStatus>;
