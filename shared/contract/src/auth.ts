import { z } from 'zod';
import {
  CURRENCIES, LANGUAGES, MAINTENANCE_FREQUENCIES, MESSAGES, PASSWORD_MIN_LENGTH, REGISTRATION_CONTACTS_MAX, canSavePassword, isValidEmail, isValidIntensity,
  normalizeEmail,
} from '@portal/domain';
import { contactFields } from './company';
import { flagLike } from './common';
import { contact } from './contact';
import { secondFactorChallenge } from './security';

export const loginRequest = z.object({
  username: z.string(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionAnswer = z.object({
  contact,
  /** The dashboard path for the contact's group: /admins, /agents or /clients. */
  dashboard: z.string(),
  /**
   * The admins require a second factor of this user and none is enrolled: everything but the
   * Security page's enrolment answers 403 until one is (docs/product/accounts-and-roles.md#account-security).
   */
  enrol_required: z.boolean().optional(),
  /** The language the contact's screens speak (theirs, or the portal's default) and the agency's currency (docs/product/languages.md). */
  locale: z.object({ language: z.enum(LANGUAGES), currency: z.enum(CURRENCIES) }).optional(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** POST /auth/login: the session, or (a second factor is due) the second step's challenge (docs/product/accounts-and-roles.md#account-security). */
export const loginAnswer = sessionAnswer.or(secondFactorChallenge);

/** The maintenance plan as the wizard and the prefs tab send it (docs/product/companies-and-contacts.md#maintenance-preferences). */
export const maintenancePrefsValue = z.object({
  frequency: z.enum(MAINTENANCE_FREQUENCIES),
  intensity: z.array(z.string()).refine(isValidIntensity, MESSAGES.fillAllFields),
});

/**
 * POST /auth/register (public, rate limited): the whole wizard at once. The company, its contacts
 * (group 5, the first one primary) and its preferences are written in one transaction, with a
 * welcome mail per contact in the outbox; nothing is written before this call.
 */
export const registrationRequest = z.object({
  company: z.object({
    name: z.string().trim().min(1, MESSAGES.fillAllFields),
    url: z.string().trim().min(1, MESSAGES.fillAllFields),
  }),
  contacts: z.array(contactFields.extend({ primary: flagLike.default(0) })).min(1, MESSAGES.fillAllFields).max(REGISTRATION_CONTACTS_MAX),
  prefs: maintenancePrefsValue,
  /** The language the wizard was read in: every contact it registers reads the portal and its mail in it. */
  language: z.enum(LANGUAGES).optional(),
});
export type RegistrationRequest = z.input<typeof registrationRequest>;
export const registrationAnswer = z.object({ company_id: z.number().int(), contacts: z.number().int() });
export type RegistrationAnswer = z.infer<typeof registrationAnswer>;

/** POST /auth/forgot (public, rate limited per address and per e-mail): mails a reset link. */
export const forgotPasswordRequest = z.object({
  email: z.string().trim().refine(isValidEmail, MESSAGES.contactNotFoundTryAgain).transform(normalizeEmail),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const forgotPasswordAnswer = z.object({ sent: z.literal(true) });

/** A one-time code in a path (/auth/reset/:code, /auth/verify/:code). */
export const codeParam = z.object({ code: z.string().trim().min(1).max(200) });

/**
 * GET /auth/reset/:code (public): is the code still good? 200 with the contact's first name, or
 * 400 with the exact cause ('Reset code not found or invalid.', 'Reset code has expired.',
 * 'Contact no longer active.').
 */
export const resetCodeStatus = z.object({ valid: z.literal(true), first_name: z.string() });
export type ResetCodeStatus = z.infer<typeof resetCodeStatus>;

/**
 * POST /auth/reset (public, rate limited): sets the password (the domain's rules), marks the
 * contact verified, uses the code up and signs out the contact's other sessions.
 */
export const resetPasswordRequest = z.object({
  code: z.string().trim().min(1),
  password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.contactNotUpdated),
  confirm: z.string(),
}).refine((body) => canSavePassword(body.password, body.confirm), { message: MESSAGES.contactNotUpdated, path: ['confirm'] });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** POST /auth/verify/:code (public, rate limited): marks the contact's e-mail verified. */
export const verifyEmailAnswer = z.object({ verified: z.literal(true), first_name: z.string() });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswer>;
