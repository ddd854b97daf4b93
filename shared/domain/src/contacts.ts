import { MESSAGES } from './messages';

export const PHONE_DIGITS = 10;
const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** As the user types: keep digits only (at most 10) and insert the dashes of ddd-ddd-dddd. */
export function formatPhoneInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** E-mail addresses compare without case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface ContactFormInput {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** A contact as the contacts editor holds it: the form fields and the primary flag of its company link. */
export interface ContactDraft extends ContactFormInput {
  primary: 0 | 1;
}

export const EMPTY_CONTACT_DRAFT: Readonly<ContactDraft> = { title: '', first_name: '', last_name: '', email: '', phone: '', primary: 0 };

export type ContactFormProblem = { field: keyof ContactFormInput | null; message: string | null };

/**
 * The company contacts editor (docs/product/companies-and-contacts.md#contact-validation). A blank field rejects silently (message null); a bad
 * e-mail or phone names the field; an e-mail already in the list is refused when adding.
 */
export function contactFormProblem(input: ContactFormInput, emailsInList: readonly string[] = []): ContactFormProblem | null {
  const fields: (keyof ContactFormInput)[] = ['title', 'first_name', 'last_name', 'email', 'phone'];
  const blank = fields.find((field) => input[field].trim() === '');
  if (blank) return { field: blank, message: null };
  if (!isValidEmail(input.email)) return { field: 'email', message: MESSAGES.invalidEmail };
  if (!isValidPhone(input.phone)) return { field: 'phone', message: MESSAGES.invalidPhone };
  const email = normalizeEmail(input.email);
  if (emailsInList.some((used) => normalizeEmail(used) === email)) return { field: 'email', message: MESSAGES.emailAlreadyUsed };
  return null;
}

/** What happens to one contact's link: its primary flag changes, or the link goes. */
export type PrimaryChange = { contactId: number; primary: 0 | 1 } | { contactId: number; removed: true };

/**
 * A company that has a primary contact keeps one (docs/product/companies-and-contacts.md#primary-contact): true when
 * `change` would leave `contacts` (the company's links) without any, so the change is refused with
 * MESSAGES.lastPrimaryContact. A company that has none (an old record) may still change its other contacts.
 */
export function leavesNoPrimaryContact(contacts: readonly { contactId: number; primary: number }[], change: PrimaryChange): boolean {
  if (!contacts.some((contact) => contact.primary === 1)) return false;
  const after = contacts.flatMap((contact) => {
    if (contact.contactId !== change.contactId) return [contact];
    return 'removed' in change ? [] : [{ ...contact, primary: change.primary }];
  });
  return !after.some((contact) => contact.primary === 1);
}
