import { z } from 'zod';
import { LANGUAGES, MESSAGES, PASSWORD_MIN_LENGTH, isValidEmail, isValidPhone, normalizeEmail, parsePayRateInput } from '@portal/domain';
import { flag, id, intLike, metaEntry } from './common';

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
  /** The language the contact chose (docs/product/languages.md); absent: the portal's default. */
  language: z.enum(LANGUAGES).optional(),
});
export type Contact = z.infer<typeof contact>;

/**
 * PUT /contact/:id: a partial update of the contact's own fields. A new password needs the current
 * one (a reset goes through its code instead); only an admin changes group_id.
 */
export const contactUpdate = z
  .object({
    title: z.string().trim().nullable(),
    first_name: z.string().trim().min(1, MESSAGES.fillAllFields),
    last_name: z.string().trim().min(1, MESSAGES.fillAllFields),
    email: z.string().trim().refine(isValidEmail, MESSAGES.invalidEmail).transform(normalizeEmail),
    phone: z.string().trim().refine(isValidPhone, MESSAGES.invalidPhone).nullable(),
    group_id: id,
    password: z.string().min(PASSWORD_MIN_LENGTH),
    current_password: z.string(),
    /** The contact's own language (docs/product/languages.md); only the contact changes it. */
    language: z.enum(LANGUAGES),
  })
  .partial();
export type ContactUpdate = z.infer<typeof contactUpdate>;

export const notePrefs = z.object({
  sendHourly: z.boolean(),
  sendDaily: z.boolean(),
  sendWeekly: z.boolean(),
});
export type NotePrefs = z.infer<typeof notePrefs>;

/** PUT /contact/:id/meta/note_prefs: `meta_value` is the JSON text of NotePrefs (docs/product/notifications-and-mail.md#notification-preferences). */
export const notePrefsUpdate = z.object({
  meta_key: z.literal('note_prefs'),
  meta_value: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Not JSON' });
        return z.NEVER;
      }
    })
    .pipe(notePrefs.strict()),
});
export type NotePrefsUpdate = z.input<typeof notePrefsUpdate>;

/** POST /contact (admins): a new contact, group 5 unless said otherwise, with an unusable random password. */
export const contactCreate = z.object({
  title: z.string().trim().nullable().optional(),
  first_name: z.string().trim().min(1, MESSAGES.fillAllFields),
  last_name: z.string().trim().min(1, MESSAGES.fillAllFields),
  email: z.string().trim().refine(isValidEmail, MESSAGES.invalidEmail).transform(normalizeEmail),
  phone: z.string().trim().refine(isValidPhone, MESSAGES.invalidPhone).nullable().optional(),
  group_id: intLike.default(5),
  /** Agents (groups 1-4): USD per hour, kept as the contact's `pay_rate` meta. */
  pay_rate: z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().nonnegative()).optional(),
});
export type ContactCreate = z.input<typeof contactCreate>;

/** POST /contact/:id/sendresetcode: a one-day code was mailed. */
export const resetCodeSent = z.object({ sent: z.literal(true), email: z.string() });
export type ResetCodeSent = z.infer<typeof resetCodeSent>;
/** GET /contact/:id/sendresetcode (admins): the live code's link, or a new code's when none is live (a read never replaces one). */
export const resetCodeLink = z.object({ link: z.string() });
export type ResetCodeLink = z.infer<typeof resetCodeLink>;

/** GET /contact?group=staff: the assignee dropdown (groups 1-4). */
export const staffContact = z.object({
  contact_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  group_id: id,
});
export type StaffContact = z.infer<typeof staffContact>;
/**
 * GET /contact?group=staff: the assignee dropdown (active staff). ?group=agents (admins, Manage
 * Agents): every active agent with phone and pay rate, sorted by contact id.
 */
export const contactListQuery = z.object({ group: z.enum(['staff', 'agents']) });

export const agentContact = staffContact.extend({
  phone: z.string().nullable(),
  /** USD per hour from the contact's pay_rate meta; null when none is set. */
  pay_rate: z.number().nullable(),
  /**
   * Has an authenticator app or a passkey (hasSecondFactor): Manage Agents offers 'Reset two-factor' only then
   * (docs/product/accounts-and-roles.md#account-security). Admins only, as this whole answer.
   */
  has_second_factor: z.boolean(),
});
export type AgentContact = z.infer<typeof agentContact>;
/** GET /contact's answer: the agents (?group=agents) or the staff (?group=staff). */
export const contactList = z.union([z.array(agentContact), z.array(staffContact)]);

/**
 * GET /contact/:id/placements (admins): where an agent is named before it is deleted
 * (docs/product/companies-and-contacts.md#deleting-an-agent): default agent of, type assignments (company_id null: the global map), open tickets.
 */
export const agentPlacements = z.object({
  default_agent_of: z.array(z.object({ company_id: id, company_name: z.string() })),
  type_assignments: z.array(z.object({ company_id: id.nullable(), company_name: z.string().nullable(), type_key: z.string(), type_name: z.string() })),
  open_tickets: z.number().int().nonnegative(),
});
export type AgentPlacementsAnswer = z.infer<typeof agentPlacements>;

/**
 * DELETE /contact/:id (admins): the agent is deactivated; its open tickets went back to Backlog unassigned, and it was
 * cleared where it was named (`cleared`, as the placements read before).
 */
export const contactDeleted = z.object({ deleted: z.literal(1), tickets_unassigned: z.number().int(), cleared: agentPlacements.optional() });
export type ContactDeleted = z.infer<typeof contactDeleted>;

/** PUT /contact/:id/pay_rate (admins): USD per hour, up to two decimals (docs/product/companies-and-contacts.md#pay-rate). */
export const payRateUpdate = z.object({
  pay_rate: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const rate = parsePayRateInput(value);
    if (rate === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPayRate });
      return z.NEVER;
    }
    return rate;
  }),
  /** The admin's time zone: the new rate applies from the first of its current month. */
  time_zone: z.string().optional(),
});
export type PayRateUpdate = z.input<typeof payRateUpdate>;

/** GET/PUT /contact/:id/meta/list_prefs: the staff list's saved sort and filters (docs/product/dashboards.md#list-preferences). */
export const listPrefs = z.object({
  sortBy: z.enum(['priorityId', 'dateCreated', 'dateDue', 'company']),
  direction: z.enum(['ASC', 'DESC']),
  /** Shown statuses, each once; Complete (5) and Cancelled (6) are refused. */
  statusFilters: z.array(z.number().int()).transform((ids) => [...new Set(ids)]),
  maintenanceOnly: z.boolean(),
}).strict();
export type ListPrefsValue = z.infer<typeof listPrefs>;

/**
 * POST /contact/:id/sendactivity: the note (markdown) or the activity itself; read as its trimmed note, its ticket and
 * the note's activity_id when it names one (an internal note goes to staff only: docs/product/tickets.md#internal-notes).
 */
export const sendActivity = z.object({
  activity: z
    .union([
      z.string().transform((note) => ({ note, ticket_id: null as number | null, activity_id: null as number | null })),
      z.object({ note: z.string(), ticket_id: intLike.nullable().optional(), activity_id: intLike.nullable().optional() }).loose()
        .transform(({ note, ticket_id, activity_id }) => ({ note, ticket_id: ticket_id ?? null, activity_id: activity_id ?? null })),
    ])
    .transform(({ note, ticket_id, activity_id }) => ({
      note: note.trim(),
      ticket_id: ticket_id !== null && ticket_id > 0 ? ticket_id : null,
      ...(activity_id !== null && activity_id > 0 ? { activity_id } : {}),
    }))
    .refine(({ note }) => note !== '', 'A note is required'),
});
export type SendActivity = z.input<typeof sendActivity>;

/** POST /contact/:id/sendmail: subject and message, both required (trimmed). */
export const sendMail = z.object({
  subject: z.string().trim().min(1),
  message: z.string().trim().min(1),
});
export type SendMail = z.input<typeof sendMail>;
