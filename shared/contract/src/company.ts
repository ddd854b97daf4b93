import { z } from 'zod';
import { COMPANY_META_KEYS, MESSAGES, isValidEmail, isValidPhone, normalizeEmail } from '@portal/domain';
import { flag, flagLike, id, intLike, isoDate, metaEntry } from './common';

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
  /**
   * To admins only (canAdministerAccountSecurity): has an authenticator app or a passkey (hasSecondFactor), so the
   * contacts table offers 'Reset two-factor' (docs/product/accounts-and-roles.md#account-security).
   */
  has_second_factor: z.boolean().optional(),
});
export type CompanyContact = z.infer<typeof companyContact>;

/**
 * POST /company/:id/contacts by anyone who may not link an existing contact: the same answer whether the
 * address was new (the contact was made and invited) or someone's elsewhere (they were told, nothing changed),
 * so nobody learns who has an account (docs/product/companies-and-contacts.md#contacts).
 */
export const contactInvitation = z.object({ invited: z.literal(true), email: z.string() });
export type ContactInvitation = z.infer<typeof contactInvitation>;
/** What adding a contact answers: the contact to an admin, an invitation to anyone else. */
export const companyContactAdded = z.union([companyContact, contactInvitation]);
export type CompanyContactAdded = z.infer<typeof companyContactAdded>;

export const metaKeyParams = z.object({ id: z.coerce.number().int(), key: z.string() });

/** A required text: trimmed, and refused with 'Please fill out all fields completely.' when blank (docs/product/accounts-and-roles.md#registration). */
const filled = z.string().trim().min(1, MESSAGES.fillAllFields);
/** An optional long text: empty clears it. */
const clearableText = z.string().nullable().transform((text) => (text === null || text.trim() === '' ? null : text));

/** POST /company: name and url (both needed), optionally a description and a mode. */
export const companyCreate = z.object({
  name: filled,
  url: filled,
  description: clearableText.optional(),
  mode: intLike.optional(),
});
export type CompanyCreate = z.input<typeof companyCreate>;

/**
 * PUT /company/:id: any of name, url, description (whoever passes the profile gate), mode,
 * services and default agent (admins), note (staff; empty clears it). company_id, if sent, must be
 * the path's. Saving mode 3 or 4 closes the company's open tickets in the same transaction.
 */
export const companyUpdate = z.object({
  company_id: intLike.optional(),
  name: filled.optional(),
  url: filled.optional(),
  description: clearableText.optional(),
  mode: intLike.optional(),
  note: clearableText.optional(),
  /** Service ids (service-defaults), stored as the company's `services` meta. */
  services: z.array(intLike).transform((ids) => [...new Set(ids)].sort((a, b) => a - b)).optional(),
  /** A staff contact id, or null for none; stored as the `default_agent` meta. */
  default_agent: intLike.nullable().optional(),
});
export type CompanyUpdate = z.input<typeof companyUpdate>;
export const companyUpdateAnswer = company.extend({
  /** Units logged on the company's tickets, all time. */
  total_time: z.number().int(),
  /** Tickets the mode change closed (docs/product/companies-and-contacts.md#mode-side-effect). */
  tickets_changed: z.number().int(),
});
export type CompanyUpdateAnswer = z.infer<typeof companyUpdateAnswer>;

/** GET|PUT /company/:id/meta/:key for the keys a caller may touch (docs/product/companies-and-contacts.md#company-meta). */
export const companyMetaParams = z.object({ id: z.coerce.number().int(), key: z.enum(COMPANY_META_KEYS) });
/** PUT /company/:id/meta/:key: the value as text, JSON for maps and prefs (docs/product/companies-and-contacts.md#company-meta). */
export const companyMetaSave = z.object({
  company_id: intLike.optional(),
  meta_key: z.string().optional(),
  meta_value: z.string().nullable(),
});
export type CompanyMetaSave = z.input<typeof companyMetaSave>;

/** GET /company/search?field=url&value=: is a company's site already taken (URLs compared without scheme, www. and trailing slash). */
export const companySearchQuery = z.object({ field: z.literal('url'), value: z.string().trim().min(1) });
export const companySearchAnswer = z.object({ exists: z.boolean() });
export type CompanySearchAnswer = z.infer<typeof companySearchAnswer>;

const email = z.string().trim().refine(isValidEmail, MESSAGES.invalidEmail).transform(normalizeEmail);
const phone = z.string().trim().refine(isValidPhone, MESSAGES.invalidPhone);
const nonBlank = z.string().trim().min(1, MESSAGES.fillAllFields);

/** The fields of a contact in the contacts editor (docs/product/companies-and-contacts.md#contact-validation): all five needed, e-mail and phone checked. */
export const contactFields = z.object({
  title: nonBlank,
  first_name: nonBlank,
  last_name: nonBlank,
  email,
  phone,
});

/**
 * POST /company/:id/contacts: a new contact (group 5, an unusable random password) linked to the
 * company, or, for an admin, a contact that exists elsewhere linked by e-mail or `contact_id`.
 */
export const companyContactCreate = z.union([
  z.object({ contact_id: intLike, title: z.string().trim().nullable().optional(), primary: flagLike.default(0) }),
  contactFields.extend({ primary: flagLike.default(0) }),
]);
export type CompanyContactCreate = z.input<typeof companyContactCreate>;

/** PUT /company/:id/contacts/:contactId: the contact's own fields and its link's title and primary flag. */
export const companyContactUpdate = contactFields.partial().extend({
  company_id: intLike.optional(),
  contact_id: intLike.optional(),
  primary: flagLike.optional(),
});
export type CompanyContactUpdate = z.input<typeof companyContactUpdate>;
export const companyContactParams = z.object({ id: z.coerce.number().int(), contactId: z.coerce.number().int() });

/** The primary contact Manage Companies links to (mailto, tel): the first primary link by contact id. */
export const companyPrimaryContact = z.object({
  contact_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type CompanyPrimaryContact = z.infer<typeof companyPrimaryContact>;

/** GET /company?include=primary (staff): each company with its primary contact (null when none). */
export const companyListQuery = z.object({ include: z.literal('primary').optional() });
export const companyWithPrimary = company.extend({ primary_contact: companyPrimaryContact.nullable().optional() });
export type CompanyWithPrimary = z.infer<typeof companyWithPrimary>;
