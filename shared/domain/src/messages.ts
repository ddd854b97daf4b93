/**
 * Every fixed text of the product (errors, alerts, confirmations, empty and loading states, hints;
 * docs/product/messages.md), verbatim; the texts this portal adds are marked Added. The API answers
 * `{ statusCode, error }` with one of these; the UI shows them as they are.
 */
export const MESSAGES = {
  // Sign-in and session (docs/product/accounts-and-roles.md#signing-in)
  invalidCredentials: 'Invalid username or password.',
  tooManyLogins: 'Too many sign-in attempts. Please wait a minute and try again.',
  /** Added: a rate-limited public route (URL check, registration, forgot password; docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits). */
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  /** Added: a 401 from a guarded API route. */
  notSignedIn: 'Please sign in to continue.',
  /** Added: a write whose Origin (or Referer) is another site's (docs/architecture.md#security). */
  crossSiteRequest: 'This request did not come from the portal.',
  /** Added: an AI or accounting call while the service is not configured (docs/decisions/0005-ai-and-accounting-on-the-server.md). */
  serviceNotConnected: 'This feature is not connected.',

  // The error catalogue (docs/product/messages.md#error-catalogue): sign-in, notifications, companies, tickets, search, time
  unknownId: 'Unknown id',
  notificationNotCreated: 'Notification not created.',
  companyNotCreated: 'Company not created.',
  companyNotUpdated: 'Company not updated.',
  companyNotFound: 'Company not found.',
  companyContactsNotFound: 'Company contacts not found.',
  companyMetaNotUpdated: 'Company meta not updated',
  contactNotFound: 'Contact not found.',
  activityEmailNotSent: 'Activity email not sent.',
  /** Added: the activity feed's confirmation that a note was mailed. */
  activityEmailSent: 'Activity email sent.',
  activityNotCreated: 'Activity not created.',
  ticketNotCreated: 'Ticket not created.',
  ticketNotFound: 'Ticket not found.',
  invalidInput: 'Invalid input.',
  inputOutOfRange: 'Input out of range.',
  typeNotSpecified: 'Type not specified.',
  noResultsFound: 'No results found.',
  invalidTimeEntry: 'Invalid input. Make sure your description is proper and you have time set.',
  timeNotEntered: 'Time not entered.',
  noteNotSent: 'Note not sent.',
  invalidTaskListFormat: 'Invalid response format. Expected an array of task strings.',

  // Added: answers of the ticket API that the catalogue had no words for
  /** A client's change to a ticket beyond its buttons (estimate Accept / Reject, status 4 and 7 actions). */
  ticketChangeNotAllowed: 'You can only accept or reject the estimate and use the status buttons meant for you on this ticket.',
  attachmentTypeNotAllowed: 'This file type is not allowed. Accepted: csv, doc, docx, xml, pdf, png, jpg, jpeg, gif.',
  attachmentContentMismatch: 'The file content does not match its type.',
  noFileUploaded: 'Choose a file to upload.',
  aiServiceBusy: 'The AI service is busy. Please try again in a minute.',
  aiServiceFailed: 'The AI service did not answer. Please try again.',

  // Notifications and the ticket screen (docs/product/notifications-and-mail.md#bell-panel, docs/product/messages.md#confirmations)
  noNotifications: 'You have no notifications.',
  confirmDeleteNotification: 'This will permanently remove this notification. Are you sure?',
  confirmDeleteAllNotifications: 'This will permanently remove all notifications. Are you sure?',
  loadingTicket: 'Loading Ticket data',
  /** The assignment note recorded when a ticket is created (docs/product/tickets.md#creating-a-ticket). */
  newTicketCreated: 'New ticket created.',

  // The status buttons' confirmations (docs/product/tickets.md#status-workflow): only the cancel warning's point is fixed, the words are ours
  confirmInfoProvided: 'Mark the requested information as provided and send the ticket back to the agent?',
  confirmNeedsMoreWork: 'Send this ticket back for more work?',
  confirmReadyToLaunch: 'Mark this ticket as ready to launch?',
  confirmMarkComplete: 'Mark this ticket as complete?',
  confirmReopenTicket: 'Reopen this ticket and move it back to the Backlog?',
  confirmCancelTicket: 'Cancel this ticket? The client is still charged for time already logged.',
  confirmCancelOwnTicket: 'Cancel this ticket? You are still charged for time already logged.',

  // The error catalogue, continued (docs/product/messages.md#error-catalogue): dashboards, companies, accounts, admin tools
  ticketSaveFailed: 'An error occurred while processing your request. Please try again.',
  contactNotFoundTryAgain: 'Contact not found. Please try again.',
  resetCodeInvalid: 'Reset code not found or invalid.',
  resetCodeExpired: 'Reset code has expired.',
  contactNoLongerActive: 'Contact no longer active.',
  /** Added: the verification link of the welcome mail is unknown, used or expired (docs/product/accounts-and-roles.md#e-mail-verification). */
  verificationCodeInvalid: 'Verification code not found or invalid.',
  resetCodeNotSent: 'Reset code not sent.',
  contactNotUpdated: 'Contact not updated.',
  contactNotCreated: 'Contact not created.',
  verificationEmailNotSent: 'Verification email not sent.',
  companyContactNotCreated: 'Company Contact not created.',
  companyContactNotDeleted: 'Company Contact not deleted.',
  /** Added: removing or demoting a company's last primary contact (docs/product/companies-and-contacts.md#primary-contact). */
  lastPrimaryContact: 'A company needs a primary contact. Make another contact primary first.',
  fillAllFields: 'Please fill out all fields completely.',
  companyUrlExists: 'A company with this URL already exists.',
  /** Added: a Website URL that is not a web address (docs/product/companies-and-contacts.md#company-fields). */
  invalidCompanyUrl: 'Please enter a valid Website URL, such as https://www.example.com.',
  /** Added: registration step 3 before the plan is saved (docs/product/accounts-and-roles.md#registration). */
  savePreferencesFirst: 'Save your preferences to unlock Complete Registration.',
  unexpectedError: 'Unexpected error occurred.',
  chooseContactTypeAndStatus: 'You must choose a contact type and ticket status for tickets.',
  enterTemplateName: 'Enter a template name.',
  templateSaveFailed: 'Failed to save template.',
  /** Added: re-sending a message none of whose recipients failed (docs/product/messaging.md#sent-messages). */
  noFailedRecipients: 'This message has no failed recipients to re-send to.',
  /** Added: another admin re-sent the same recipients first (docs/product/messaging.md#sent-messages). */
  resendChanged: 'This message was re-sent by someone else meanwhile. Please look again.',
  /** Added: re-queueing a mail that is not failed, or was sent again (docs/product/messaging.md#failed-mail). */
  mailNotRequeueable: 'Only failed mail that was not sent again can be re-queued.',
  deleteCompanyFailed: 'Failed to delete company',
  deleteAgentFailed: 'Failed to delete agent',
  invalidPayRate: 'Please enter a pay rate in USD per hour, such as 40 or 42.50.',
  payRateNotSaved: 'Pay rate not saved',
  confirmDeleteCompany: 'This will delete the company, company contacts, company metadata permanently. Continue?',
  confirmDeleteAgent: 'This will delete the company, company contacts, company metadata permanently. Continue?',
  notAuthorized: 'You are not authorized to view this page.',
  /** The company profile page's other wording of notAuthorized (docs/product/companies-and-contacts.md#company-profile-settings). */
  notAuthorised: 'You are not authorised to view this page',
  timeEntriesLoadFailed: 'Failed to load time entries.',
  noTimeEntries: 'No time entries.',
  loading: 'Loading…',
  takeABreak: 'Take a break!',

  // Screens and forms (docs/product/messages.md#empty-and-loading-states, docs/product/companies-and-contacts.md#contact-validation, docs/product/accounts-and-roles.md#passwords)
  resetCodeProblem: 'Oops! There seems to be a problem with your reset code',
  loadingCompanyInfo: 'Oops! Loading your company info now.',
  invalidPhone: 'Please enter a valid 10 digit phone number.',
  invalidEmail: 'Please enter a valid email.',
  emailAlreadyUsed: 'This email has already been used.',
  contactStaysInSystem: 'The contact stays in the system.',
  semiAnnualNotRecommended: 'Semi-annual maintenance is not recommended for most sites.',
  setupMayAddTime: 'Initial setup may add time.',
  noItemsToDisplay: 'No items to display.',
  comingSoon: 'coming soon',
  companyNotDeleted: 'not deleted',
  passwordGood: "You're good!",
  passwordNoMatch: 'No match',
  passwordConfirmed: 'Confirmed!',
  free: 'FREE',
  allInvoiceItems: 'All Invoice Items',

  // Billing (docs/product/time-and-billing.md#admin-invoices-screen; added: issued invoices, docs/product/time-and-billing.md#invoices)
  invoiceDetails: 'Invoice Details',
  agentPayroll: 'Agent Payroll',
  monthlyTotal: 'Monthly Total',
  /** Added: issuing is for a month that has started. */
  invoiceMonthNotOpen: 'Invoices can only be issued for this month or earlier.',
  /** Added: one invoice per company and month. */
  invoiceAlreadyIssued: 'An invoice for this company and month has already been issued.',
  /** Added: an invoice needs at least one item. */
  invoiceNothingToBill: 'There is no time to invoice for this company and month.',
  /** Added: an invoice id that does not exist or is not the company's. */
  invoiceNotFound: 'Invoice not found.',
  /** Added: the accounting service answered with an error or not at all. */
  accountingServiceFailed: 'The accounting service did not answer. Please try again.',
  /** Added: the AI summary came back empty. */
  invalidInvoiceSummary: 'The AI service gave no summary. Please write one.',

  // Correcting logged time (added: docs/product/time-and-billing.md#correcting-time)
  /** Added: an edit or delete of time in a month an issued invoice covers. */
  timeEntryFrozen: 'This month is on an issued invoice, so its time cannot be changed. Log a correction this month instead.',
  /** Added: a correction for time whose month is still open. */
  timeEntryNotFrozen: 'This time is not on an issued invoice yet: edit it instead of logging a correction.',
  /** Added: a correction that takes off more than the entry still counts. */
  timeCorrectionTooLarge: 'A correction cannot take off more time than the entry still counts.',
  /** Added: an edited entry's date that is not a day or lies ahead. */
  timeEntryDateInvalid: 'Please choose a date that is not in the future.',
  /** Added: a time entry id that does not exist. */
  timeEntryNotFound: 'Time entry not found.',
  /** Added: the confirmation before a time entry is deleted. */
  confirmDeleteTimeEntry: 'Delete this time entry? It is removed from the ticket total, the reports and payroll.',
} as const;

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

/** The header greeting (docs/product/dashboards.md#page-shell). */
export function welcomeMessage(firstName: string, lastName: string): string {
  return `Welcome, ${firstName} ${lastName}!`;
}

/** The company profile page heading (docs/product/companies-and-contacts.md#company-profile-settings). */
export function profileSettingsTitle(companyName: string): string {
  return `${companyName} Profile Settings`;
}
