import { MESSAGES, requiredFieldMessage } from './messages';

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
  return contactFormProblems(input, emailsInList)[0] ?? null;
}

/** The contact form's field labels, as the contacts table shows them. */
export const CONTACT_FIELD_LABELS: Readonly<Record<keyof ContactFormInput, string>> = {
  title: 'Title', first_name: 'First Name', last_name: 'Last Name', email: 'Email', phone: 'Phone',
};
const CONTACT_FIELDS = Object.keys(CONTACT_FIELD_LABELS) as (keyof ContactFormInput)[];

/**
 * Every problem of a contact, in form order: each blank field (message null), a bad e-mail, a bad
 * phone, an e-mail already in the list. contactFormProblem gives the first; the contacts table
 * shows them all, so a bad e-mail is named even while the phone is still empty.
 */
export function contactFormProblems(input: ContactFormInput, emailsInList: readonly string[] = []): ContactFormProblem[] {
  const problems: ContactFormProblem[] = CONTACT_FIELDS.filter((field) => input[field].trim() === '').map((field) => ({ field, message: null }));
  const email = input.email.trim();
  if (email !== '' && !isValidEmail(email)) problems.push({ field: 'email', message: MESSAGES.invalidEmail });
  if (input.phone.trim() !== '' && !isValidPhone(input.phone)) problems.push({ field: 'phone', message: MESSAGES.invalidPhone });
  const normalized = normalizeEmail(email);
  if (email !== '' && emailsInList.some((used) => normalizeEmail(used) === normalized)) {
    problems.push({ field: 'email', message: MESSAGES.emailAlreadyUsed });
  }
  return problems;
}

const listed = (labels: readonly string[]) =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;

/**
 * Which fields of a contact are still empty, in words, so a disabled Save or Add says why
 * (docs/product/companies-and-contacts.md#contact-validation): 'The Phone field is required.',
 * 'The Email and Phone fields are required.'; null when every field is filled in.
 */
export function missingContactFieldsMessage(input: ContactFormInput): string | null {
  const labels = CONTACT_FIELDS.filter((field) => input[field].trim() === '').map((field) => CONTACT_FIELD_LABELS[field]);
  if (labels.length === 0) return null;
  return labels.length === 1 ? requiredFieldMessage(labels[0] ?? '') : `The ${listed(labels)} fields are required.`;
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
