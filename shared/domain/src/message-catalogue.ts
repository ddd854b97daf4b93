/**
 * Every fixed text of the product (errors, alerts, confirmations, empty and loading states, hints;
 * docs/product/messages.md), verbatim; the texts this portal adds are marked Added. The API answers
 * `{ statusCode, error }` with one of these; the UI shows them as they are.
 *
 * One named export per text, read as `MESSAGES.name` (messages.ts): a bundle keeps only the texts its
 * code reads, so no screen carries the whole catalogue.
 */
// Sign-in and session (docs/product/accounts-and-roles.md#signing-in)
export const invalidCredentials = 'Invalid username or password.';
export const tooManyLogins = 'Too many sign-in attempts. Please wait a minute and try again.';
/** Added: a rate-limited public route (URL check, registration, forgot password; docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits). */
export const tooManyRequests = 'Too many requests. Please wait a minute and try again.';
/** Added: a 401 from a guarded API route. */
export const notSignedIn = 'Please sign in to continue.';
/** Added: a write whose Origin (or Referer) is another site's (docs/architecture.md#security). */
export const crossSiteRequest = 'This request did not come from the portal.';
/** Added: an AI or accounting call while the service is not configured (docs/decisions/0005-ai-and-accounting-on-the-server.md). */
export const serviceNotConnected = 'This feature is not connected.';
/** Added: a 503 while the database cannot be reached (docs/architecture.md#a-database-outage): the request may be sent again. */
export const serviceUnavailable = 'The service is briefly unavailable. Please try again in a moment.';
/** Added: the browser's own words for a call that failed on the way (shared/api-client/src/api-error.ts). */
export const requestTimedOut = 'The server took too long to answer. Please try again.';
export const serverUnreachable = 'The server could not be reached. Please check your connection and try again.';
export const answerNotUnderstood = 'The server sent an answer the portal did not understand.';
/** Added: a failed call whose answer carries no message of the portal's (a proxy's error page); its status is the error's. */
export const requestFailed = 'The request failed. Please try again.';

// The error catalogue (docs/product/messages.md#error-catalogue): sign-in, notifications, companies, tickets, search, time
export const unknownId = 'Unknown id';
export const notificationNotCreated = 'Notification not created.';
export const companyNotCreated = 'Company not created.';
export const companyNotUpdated = 'Company not updated.';
export const companyNotFound = 'Company not found.';
export const companyContactsNotFound = 'Company contacts not found.';
export const companyMetaNotUpdated = 'Company meta not updated';
export const contactNotFound = 'Contact not found.';
export const activityEmailNotSent = 'Activity email not sent.';
/** Added: the activity feed's confirmation that a note was mailed. */
export const activityEmailSent = 'Activity email sent.';
export const activityNotCreated = 'Activity not created.';
/** Added: a client asking for an internal note (docs/product/tickets.md#internal-notes). */
export const internalNoteStaffOnly = 'Only the support team can write internal notes.';
export const ticketNotCreated = 'Ticket not created.';
export const ticketNotFound = 'Ticket not found.';
export const invalidInput = 'Invalid input.';
export const inputOutOfRange = 'Input out of range.';
export const typeNotSpecified = 'Type not specified.';
export const noResultsFound = 'No results found.';
export const invalidTimeEntry = 'Invalid input. Make sure your description is proper and you have time set.';
export const timeNotEntered = 'Time not entered.';
export const noteNotSent = 'Note not sent.';
export const invalidTaskListFormat = 'Invalid response format. Expected an array of task strings.';

// Added: answers of the ticket API that the catalogue had no words for
/** A client's change to a ticket beyond its buttons (estimate Accept / Reject, status 4 and 7 actions). */
export const ticketChangeNotAllowed = 'You can only accept or reject the estimate and use the status buttons meant for you on this ticket.';
export const attachmentTypeNotAllowed = 'This file type is not allowed. Accepted: csv, doc, docx, xml, pdf, png, jpg, jpeg, gif.';
export const attachmentContentMismatch = 'The file content does not match its type.';
export const noFileUploaded = 'Choose a file to upload.';
export const aiServiceBusy = 'The AI service is busy. Please try again in a minute.';
export const aiServiceFailed = 'The AI service did not answer. Please try again.';

// Notifications and the ticket screen (docs/product/notifications-and-mail.md#bell-panel, docs/product/messages.md#confirmations)
export const noNotifications = 'You have no notifications.';
export const confirmDeleteNotification = 'This will permanently remove this notification. Are you sure?';
export const confirmDeleteAllNotifications = 'This will permanently remove all notifications. Are you sure?';
export const notificationNotMarkedRead = 'The notification was not marked as read.';
export const loadingTicket = 'Loading Ticket data';
/** The assignment note recorded when a ticket is created (docs/product/tickets.md#creating-a-ticket). */
export const newTicketCreated = 'New ticket created.';

// The status buttons' confirmations (docs/product/tickets.md#status-workflow): only the cancel warning's point is fixed, the words are ours
export const confirmInfoProvided = 'Mark the requested information as provided and send the ticket back to the agent?';
export const confirmNeedsMoreWork = 'Send this ticket back for more work?';
export const confirmReadyToLaunch = 'Mark this ticket as ready to launch?';
export const confirmMarkComplete = 'Mark this ticket as complete?';
export const confirmReopenTicket = 'Reopen this ticket and move it back to the Backlog?';
export const confirmCancelTicket = 'Cancel this ticket? The client is still charged for time already logged.';
export const confirmCancelOwnTicket = 'Cancel this ticket? You are still charged for time already logged.';

// The error catalogue, continued (docs/product/messages.md#error-catalogue): dashboards, companies, accounts, admin tools
export const ticketSaveFailed = 'An error occurred while processing your request. Please try again.';
export const contactNotFoundTryAgain = 'Contact not found. Please try again.';
export const resetCodeInvalid = 'Reset code not found or invalid.';
export const resetCodeExpired = 'Reset code has expired.';
export const contactNoLongerActive = 'Contact no longer active.';
/** Added: the verification link of the welcome mail is unknown, used or expired (docs/product/accounts-and-roles.md#e-mail-verification). */
export const verificationCodeInvalid = 'Verification code not found or invalid.';
export const resetCodeNotSent = 'Reset code not sent.';
/** Added: the admin's reset link (GET) while a link mailed earlier is still valid and cannot be made again (docs/product/accounts-and-roles.md#password-reset). */
export const resetLinkPending = 'A reset link sent earlier is still valid and cannot be shown here. Send a new reset link to replace it.';
export const contactNotUpdated = 'Contact not updated.';
export const contactNotCreated = 'Contact not created.';
export const verificationEmailNotSent = 'Verification email not sent.';
export const companyContactNotCreated = 'Company Contact not created.';
export const companyContactNotDeleted = 'Company Contact not deleted.';
/** Added: removing or demoting a company's last primary contact (docs/product/companies-and-contacts.md#primary-contact). */
export const lastPrimaryContact = 'A company needs a primary contact. Make another contact primary first.';
export const fillAllFields = 'Please fill out all fields completely.';
export const companyUrlExists = 'A company with this URL already exists.';
/** Added: a Website URL that is not a web address (docs/product/companies-and-contacts.md#company-fields). */
export const invalidCompanyUrl = 'Please enter a valid Website URL, such as https://www.example.com.';
/** Added: registration step 3 before the plan is saved (docs/product/accounts-and-roles.md#registration). */
export const savePreferencesFirst = 'Save your preferences to unlock Complete Registration.';
export const unexpectedError = 'Unexpected error occurred.';
export const chooseContactTypeAndStatus = 'You must choose a contact type and ticket status for tickets.';
export const enterTemplateName = 'Enter a template name.';
export const templateSaveFailed = 'Failed to save template.';
/** Added: re-sending a message none of whose recipients failed (docs/product/messaging.md#sent-messages). */
export const noFailedRecipients = 'This message has no failed recipients to re-send to.';
/** Added: another admin re-sent the same recipients first (docs/product/messaging.md#sent-messages). */
export const resendChanged = 'This message was re-sent by someone else meanwhile. Please look again.';
/** Added: re-queueing a mail that is not failed, or was sent again (docs/product/messaging.md#failed-mail). */
export const mailNotRequeueable = 'Only failed mail that was not sent again can be re-queued.';
export const deleteCompanyFailed = 'Failed to delete company';
export const deleteAgentFailed = 'Failed to delete agent';
export const invalidPayRate = 'Please enter a pay rate in USD per hour, such as 40 or 42.50.';
export const payRateNotSaved = 'Pay rate not saved';
export const confirmDeleteCompany = 'This will delete the company, company contacts, company metadata permanently. Continue?';
export const confirmDeleteAgent = 'This will delete the company, company contacts, company metadata permanently. Continue?';
export const notAuthorized = 'You are not authorized to view this page.';
/** The company profile page's other wording of notAuthorized (docs/product/companies-and-contacts.md#company-profile-settings). */
export const notAuthorised = 'You are not authorised to view this page';
export const timeEntriesLoadFailed = 'Failed to load time entries.';
export const noTimeEntries = 'No time entries.';
export const loading = 'Loading…';
export const takeABreak = 'Take a break!';

// Screens and forms (docs/product/messages.md#empty-and-loading-states, docs/product/companies-and-contacts.md#contact-validation, docs/product/accounts-and-roles.md#passwords)
export const resetCodeProblem = 'Oops! There seems to be a problem with your reset code';
export const loadingCompanyInfo = 'Oops! Loading your company info now.';
export const invalidPhone = 'Please enter a valid 10 digit phone number.';
export const invalidEmail = 'Please enter a valid email.';
export const emailAlreadyUsed = 'This email has already been used.';
export const contactStaysInSystem = 'The contact stays in the system.';
export const semiAnnualNotRecommended = 'Semi-annual maintenance is not recommended for most sites.';
export const setupMayAddTime = 'Initial setup may add time.';
export const noItemsToDisplay = 'No items to display.';
export const comingSoon = 'coming soon';
export const companyNotDeleted = 'not deleted';
export const passwordGood = "You're good!";
export const passwordNoMatch = 'No match';
export const passwordConfirmed = 'Confirmed!';
export const free = 'FREE';
export const allInvoiceItems = 'All Invoice Items';

// Billing (docs/product/time-and-billing.md#admin-invoices-screen; added: issued invoices, docs/product/time-and-billing.md#invoices)
export const invoiceDetails = 'Invoice Details';
export const agentPayroll = 'Agent Payroll';
export const monthlyTotal = 'Monthly Total';
/** Added: issuing is for a month that has started. */
export const invoiceMonthNotOpen = 'Invoices can only be issued for this month or earlier.';
/** Added: one invoice per company and month. */
export const invoiceAlreadyIssued = 'An invoice for this company and month has already been issued.';
/** Added: an invoice needs at least one item. */
export const invoiceNothingToBill = 'There is no time to invoice for this company and month.';
/** Added: an invoice id that does not exist or is not the company's. */
export const invoiceNotFound = 'Invoice not found.';
/** Added: the accounting service answered with an error or not at all. */
export const accountingServiceFailed = 'The accounting service did not answer. Please try again.';
/** Added: the AI summary came back empty. */
export const invalidInvoiceSummary = 'The AI service gave no summary. Please write one.';

// Correcting logged time (added: docs/product/time-and-billing.md#correcting-time)
/** Added: an edit or delete of time in a month an issued invoice covers. */
export const timeEntryFrozen = 'This month is on an issued invoice, so its time cannot be changed. Log a correction this month instead.';
/** Added: a correction for time whose month is still open. */
export const timeEntryNotFrozen = 'This time is not on an issued invoice yet: edit it instead of logging a correction.';
/** Added: a correction that takes off more than the entry still counts. */
export const timeCorrectionTooLarge = 'A correction cannot take off more time than the entry still counts.';
/** Added: an edited entry's date that is not a day or lies ahead. */
export const timeEntryDateInvalid = 'Please choose a date that is not in the future.';
/** Added: a time entry id that does not exist. */
export const timeEntryNotFound = 'Time entry not found.';
/** Added: the confirmation before a time entry is deleted. */
export const confirmDeleteTimeEntry = 'Delete this time entry? It is removed from the ticket total, the reports and payroll.';

// Saved replies (added: docs/product/saved-replies.md)
/** Added: a saved reply without a title. */
export const enterSavedReplyTitle = 'Enter a title for the saved reply.';
/** Added: a saved reply without text. */
export const enterSavedReplyBody = 'Enter the text of the saved reply.';
/** Added: a saved reply that does not exist or is a colleague's personal one. */
export const savedReplyNotFound = 'Saved reply not found.';
/** Added: a saved reply the API refused or could not store. */
export const savedReplyNotSaved = 'Saved reply not saved.';

// Tags and saved views (added: docs/product/tags-and-views.md)
/** Added: a tag without a name. */
export const enterTagName = 'Enter a tag.';
/** Added: a tag name too long or holding a comma. */
export const tagNameInvalid = 'A tag is 1 to 40 characters without commas.';
/** Added: a tag that does not exist. */
export const tagNotFound = 'Tag not found.';
/** Added: a ticket already carrying as many tags as it may. */
export const tooManyTags = 'A ticket carries at most 20 tags.';
/** Added: a saved view without a name. */
export const enterSavedViewName = 'Enter a name for the view.';
/** Added: a saved view named like another of the same person's. */
export const savedViewNameTaken = 'You already have a view with this name.';
/** Added: a saved view that does not exist or is someone else's. */
export const savedViewNotFound = 'Saved view not found.';
/** Added: a saved view the API refused or could not store. */
export const savedViewNotSaved = 'View not saved.';
/** Added: more saved views than one person may keep. */
export const tooManySavedViews = 'You can keep at most 30 saved views.';

// Response-time promises (added: docs/product/response-times.md)
/** Added: business hours in a time zone the platform does not know. */
export const slaTimeZoneUnknown = 'Choose a known time zone, such as Europe/Berlin.';
/** Added: a working day listed twice, or whose times are not HH:MM with the closing after the opening. */
export const slaHoursInvalid = 'Each working day needs an opening time and a later closing time (HH:MM), once per day.';
/** Added: a holiday that is not a date. */
export const slaHolidayInvalid = 'Holidays are dates written as YYYY-MM-DD.';
/** Added: a target that is not a whole number of minutes in range, or a priority listed twice or unknown. */
export const slaTargetInvalid = 'Targets are whole minutes from 1 to 525600, one line per priority.';
/** Added: response times the API refused or could not store. */
export const slaSettingsNotSaved = 'Response times not saved.';

// Scheduled maintenance (added: docs/product/maintenance.md)
/** Added: a task template list over its bound (docs/product/maintenance.md#task-templates). */
export const maintenanceTooManyTasks = 'A list holds at most 50 tasks.';
/** Added: a task template over its length. */
export const maintenanceTaskTooLong = 'A task is at most 500 characters.';
/** Added: pausing or running the schedule of a company that is no maintenance client with a saved plan. */
export const notAMaintenanceClient = 'This company is not a maintenance client with a saved plan.';

// Timers (added: docs/product/time-and-billing.md#timers)
/** Added: pausing, resuming, stopping or discarding when the caller has no timer. */
export const timerNotFound = 'You have no timer running.';
/** Added: the stop dialog's description box. */
export const timerDescriptionLabel = 'What did you work on?';
