/**
 * The product's fixed texts (message-catalogue.ts, one export each) read as `MESSAGES.name`, and the
 * texts built from a value.
 */
import * as MESSAGES from './message-catalogue';

export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;

/** 'The {Label} field is required.' (docs/product/tickets.md#creating-a-ticket) */
export function requiredFieldMessage(label: string): string {
  return `The ${label} field is required.`;
}

/** The answer to an attachment over the configured size limit (docs/product/tickets.md#attachments). */
export function attachmentTooLargeMessage(maxBytes: number): string {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = megabytes >= 1 ? `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB` : `${Math.max(1, Math.round(maxBytes / 1024))} KB`;
  return `The file is too large. The limit is ${limit}.`;
}

/** The password length hint before the minimum is reached (docs/product/accounts-and-roles.md#passwords). */
export function passwordNeedMoreMessage(missing: number): string {
  return `Need ${missing} more`;
}

/** The contacts editor's removal confirmation (docs/product/companies-and-contacts.md#contacts). */
export function confirmRemoveContactMessage(name: string): string {
  return `Are you sure you want to remove ${name} from this company?`;
}

/**
 * The contacts editor after 'Add' by anyone who may not link an existing contact: the same words whether the
 * address was new (a welcome mail went) or someone's elsewhere (they were told) (docs/product/companies-and-contacts.md#contacts).
 */
export function contactInvitedMessage(email: string): string {
  return `Invitation sent to ${email}.`;
}

/** The header greeting (docs/product/dashboards.md#page-shell). */
export function welcomeMessage(firstName: string, lastName: string): string {
  return `Welcome, ${firstName} ${lastName}!`;
}

/** The company profile page heading (docs/product/companies-and-contacts.md#company-profile-settings). */
export function profileSettingsTitle(companyName: string): string {
  return `${companyName} Profile Settings`;
}

// Timers (docs/product/time-and-billing.md#timers)
/** Asked before starting a timer while another runs (docs/product/time-and-billing.md#timers). */
export function timerReplaceQuestion(title: string): string {
  return `Stop the timer on ${title} and start here?`;
}
