import { z } from 'zod';
import { flag, id, intLike, isoDate, metaEntry } from './common';

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

export const metaKeyParams = z.object({ id: z.coerce.number().int(), key: z.string() });

/** PUT /company/:id: mode (admins) and/or note (staff; empty clears it). company_id, if sent, must be the path's. */
export const companyUpdate = z.object({
  company_id: intLike.optional(),
  mode: intLike.optional(),
  note: z.string().nullable().transform((note) => (note === null || note.trim() === '' ? null : note)).optional(),
});
export type CompanyUpdate = z.input<typeof companyUpdate>;
export const companyUpdateAnswer = company.extend({
  /** Units logged on the company's tickets, all time. */
  total_time: z.number().int(),
  /** Tickets the mode change closed (spec 001 §4). */
  tickets_changed: z.number().int(),
});
export type CompanyUpdateAnswer = z.infer<typeof companyUpdateAnswer>;
