import { z } from 'zod';

/** ISO-8601 UTC timestamp, e.g. 2026-11-21T16:00:00.000Z. */
export const isoDate = z.string().describe('ISO-8601 UTC timestamp');
export const id = z.number().int();
export const flag = z.union([z.literal(0), z.literal(1)]);

export const metaEntry = z.object({
  id,
  meta_key: z.string(),
  meta_value: z.string().nullable(),
});
export type MetaEntry = z.infer<typeof metaEntry>;

export const companyLink = z.object({
  company_id: id,
  name: z.string(),
  title: z.string().nullable(),
  primary: flag,
});
export type CompanyLink = z.infer<typeof companyLink>;

/** A contact as any answer shows it: never a password or its hash. */
export const contact = z.object({
  contact_id: id,
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  group_id: id,
  /** The contact's primary company (or first linked company), null when none. */
  company_id: id.nullable(),
  companies: z.array(companyLink),
  meta: z.array(metaEntry),
});
export type Contact = z.infer<typeof contact>;

export const notePrefs = z.object({
  sendHourly: z.boolean(),
  sendDaily: z.boolean(),
  sendWeekly: z.boolean(),
});
export type NotePrefs = z.infer<typeof notePrefs>;

export const notification = z.object({
  notification_id: id,
  contact_id: id,
  ticket_id: id.nullable(),
  note: z.string(),
  date_created: isoDate,
});
export type Notification = z.infer<typeof notification>;

export const company = z.object({
  company_id: id,
  name: z.string(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  /** Company mode id from mode-defaults: 1 Active, 2 Onboarding, 3 Inactive, 4 Closed. */
  mode: id,
  note: z.string().nullable(),
  date_created: isoDate,
  meta: z.array(metaEntry),
});
export type Company = z.infer<typeof company>;

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
});
export type Ticket = z.infer<typeof ticket>;

export const lookupItem = z.object({
  id,
  name: z.string(),
  color: z.string().optional(),
});
export type LookupItem = z.infer<typeof lookupItem>;

export const option = z.object({
  option_name: z.string(),
  option_value: z.unknown(),
});
export type Option = z.infer<typeof option>;
