import { isAdmin, isClient, isStaff } from './groups';
import { STATUS } from './lookups';
import { statusActionsFor } from './ticket-rules';

/**
 * Every permission of the portal, once (docs/product/accounts-and-roles.md#permissions, docs/architecture.md#api-layers). The API maps a
 * refusal to 401/403; the screens ask the same function before they show a control.
 */

/** Who is asking: the signed-in contact with the companies it is linked to. */
export interface Viewer {
  contactId: number;
  groupId: number;
  /** Companies the contact is linked to (a client's scope; staff rules never read it). */
  companyIds: readonly number[];
  /** The subset of `companyIds` where the contact is a primary contact. */
  primaryCompanyIds: readonly number[];
}

/** Anything that belongs to one company: a ticket, a company record, a time total. */
export interface CompanyOwned {
  company_id: number;
}

const self = (viewer: Viewer, contactId: number): boolean => viewer.contactId === contactId;
const staff = (viewer: Viewer): boolean => isStaff(viewer.groupId);
const admin = (viewer: Viewer): boolean => isAdmin(viewer.groupId);
const selfOrAdmin = (viewer: Viewer, contactId: number): boolean => self(viewer, contactId) || admin(viewer);

// --- Contacts and notifications -------------------------------------------------------------

export const canViewContact = selfOrAdmin;
export const canUpdateContact = selfOrAdmin;
/** Only an admin moves a contact between groups. */
export const canChangeContactGroup = admin;
export const canSaveNotePrefs = self;
/** POST /contact: an admin adds a contact outside the registration wizard (docs/product/companies-and-contacts.md#contacts). */
export const canCreateContact = admin;
/** A contact's language is theirs alone (docs/product/languages.md#a-persons-language): no admin changes it for them. */
export const canChangeContactLanguage = self;

/**
 * A new password needs the current one when the contact sets its own (a reset goes through its
 * code instead); an admin setting someone else's password does not.
 */
export const passwordChangeNeedsCurrent = self;
export const canCreateNotification = staff;
export const canReadNotifications = selfOrAdmin;
export const canDeleteNotification = selfOrAdmin;
/** Read and unread are the owner's own: an admin who opens someone's list leaves their bell as it was. */
export const canMarkNotificationsRead = self;
/** The assignee dropdown's list of staff; clients see the assignee's name on the ticket instead. */
export const canListStaff = staff;
/** E-mailing a contact from the ticket screen or the message centre. */
export const canMailContact = staff;

// --- Options -------------------------------------------------------------------------------

export const canReadOption = (_viewer: Viewer): boolean => true;
export const canSaveOption = admin;

// --- Companies -----------------------------------------------------------------------------

export const canListAllCompanies = staff;
export const canCreateCompany = admin;

/** Staff may open any company; a client only the companies it is linked to. */
export function canViewCompany(viewer: Viewer, companyId: number): boolean {
  if (staff(viewer)) return true;
  return isClient(viewer.groupId) && viewer.companyIds.includes(companyId);
}

/** The company profile page is for staff and the company's primary contacts (docs/product/accounts-and-roles.md#permissions). */
export function canOpenCompanyProfile(viewer: Viewer, companyId: number): boolean {
  if (staff(viewer)) return true;
  return isClient(viewer.groupId) && viewer.primaryCompanyIds.includes(companyId);
}

/** Company name, url, description, contacts and maintenance plan: whoever passes the profile gate. */
export const canEditCompanyProfile = canOpenCompanyProfile;
/** Status, services, default agent, type assignments, delete tab, send-password-reset: admins. */
export const canManageCompanySettings = admin;
export const canChangeCompanyMode = admin;
export const canDeleteCompany = admin;
/** Linking a contact who already exists elsewhere: an admin only, so no one else learns who is a user. */
export const canLinkExistingContact = admin;
export const canSendResetCode = admin;
/** Running the job runner's work by hand (the digests now; a route that exists outside production only). */
export const canRunJobs = admin;
/** The message centre (docs/product/messaging.md#message-centre): choosing recipients, sending, templates, sent messages. */
export const canUseMessageCenter = admin;
/** Manage Agents (docs/product/companies-and-contacts.md#agents): the agents' list with phone and pay rate (pay is private), and deleting an agent. */
export const canManageAgents = admin;
/** Scheduled maintenance (docs/product/maintenance.md): the schedules, pausing one, running a period now, the task templates. */
export const canManageMaintenanceSchedule = admin;
/** Mail in (docs/product/notifications-and-mail.md#mail-in): its status, the held list, attaching or dropping a held message, a message's original. */
export const canManageMailIn = admin;
/** How many records use each id of a default list: what the defaults tab shows before a delete. */
export const canReadOptionUsage = admin;
/**
 * The company meta a caller may write: maintenance prefs through the profile gate (the prefs tab),
 * the rest (type_assignments, default_agent, services) are admin settings.
 */
export function canSaveCompanyMeta(viewer: Viewer, companyId: number, metaKey: string): boolean {
  return metaKey === 'maintenance_prefs' ? canEditCompanyProfile(viewer, companyId) : canManageCompanySettings(viewer);
}

/** What the policy needs to know of a company's contact before its own fields change. */
export interface ContactPerson {
  contact_id: number;
  group_id: number;
  /** Every company the contact is linked to. */
  companyIds: readonly number[];
}

/**
 * Changing a person's name, e-mail or phone from a company's contacts tab: admins, the person
 * itself, or whoever may edit every company the person belongs to, and only for a client. An
 * agent's or admin's e-mail is never changed by someone else (it would hand over their sign-in).
 * The link's title and primary flag follow canEditCompanyProfile alone.
 */
export function canEditContactPerson(viewer: Viewer, person: ContactPerson): boolean {
  if (admin(viewer) || self(viewer, person.contact_id)) return true;
  return isClient(person.group_id) && person.companyIds.every((companyId) => canEditCompanyProfile(viewer, companyId));
}
/** The summary card's company name links to the dashboard for admins only (docs/product/dashboards.md#company-summary-card). */
export const canOpenCompanyDashboardLink = admin;
/** The company Notes block is for staff, groups 1-4 (docs/product/accounts-and-roles.md#permissions). */
export const canSeeCompanyNote = staff;
export const canEditCompanyNote = staff;

// --- Tickets -------------------------------------------------------------------------------

export function canViewTicket(viewer: Viewer, ticket: CompanyOwned): boolean {
  return canViewCompany(viewer, ticket.company_id);
}

/** A client creates for its own companies only (and is the requester); staff for any company. */
export function canCreateTicket(viewer: Viewer, companyId: number): boolean {
  return canViewCompany(viewer, companyId);
}

/** Staff choose the requester; a client's own contact is always the requester. */
export const canChooseRequester = staff;

/**
 * A new ticket's requester (docs/product/tickets.md#requester): a client is always its own
 * requester; staff (groups 1-4, canChooseRequester) get the company contact they named, else the
 * company's first contact (primary first), else none. The form shows this contact and the API stores it.
 */
export function ticketRequesterId(viewer: Viewer, chosenContactId: number | null, firstContactId: number | null): number | null {
  if (!canChooseRequester(viewer)) return viewer.contactId;
  return chosenContactId ?? firstContactId;
}
/** Title, description, type, priority, due date, on hold, estimate flag (docs/product/accounts-and-roles.md#permissions). */
export const canEditTicketField = staff;

/**
 * A ticket's title and description (docs/product/tickets.md#editing-a-ticket): staff always; the client who
 * asked for it while it waits in Backlog, before anyone works on what it says.
 */
export function canEditTicketText(viewer: Viewer, ticket: CompanyOwned & { contact_id: number | null; status_id: number }): boolean {
  if (staff(viewer)) return true;
  return ticket.contact_id === viewer.contactId && ticket.status_id === STATUS.backlog && canViewTicket(viewer, ticket);
}
export const canChangeAssignee = staff;
export const canChangeStatusByDropdown = staff;

/** Staff by dropdown; a client only through the buttons of the ticket's current status. */
export function canChangeStatus(viewer: Viewer, fromStatus: number, toStatus: number): boolean {
  if (staff(viewer)) return true;
  return statusActionsFor(fromStatus, viewer.groupId).some((action) => action.toStatus === toStatus);
}

/** Agents and admins set estimates (docs/product/tickets.md#estimates). */
export const canSetEstimate = staff;

/** Accept / Reject: the client's buttons; admins may do anything. Agents never approve their own estimate. */
export function canRespondToEstimate(viewer: Viewer): boolean {
  return isClient(viewer.groupId) || admin(viewer);
}

/** The client-side buttons (estimate Accept / Reject) are shown to clients. */
export function canUseClientActions(viewer: Viewer): boolean {
  return isClient(viewer.groupId);
}

/** 'Current Ticket Value' is for admins and clients, never agents (docs/product/time-and-billing.md#ticket-value). */
export function canSeeTicketValue(viewer: Viewer): boolean {
  return admin(viewer) || isClient(viewer.groupId);
}

export const canWriteActivity = canViewTicket;
export const canDeleteActivity = admin;
export const canReadTime = canViewTicket;
export const canLogTime = staff;

/** Admins log time for any staff contact; an agent only for itself. */
export const canLogTimeFor = selfOrAdmin;
/**
 * Editing, deleting or correcting a time entry: the staff contact it was logged for, or an admin
 * (docs/product/time-and-billing.md#correcting-time); whether its month is frozen is time-entry.ts's rule.
 */
export function canChangeTimeEntry(viewer: Viewer, entry: { contact_id: number | null }): boolean {
  return admin(viewer) || (staff(viewer) && entry.contact_id !== null && self(viewer, entry.contact_id));
}
export const canEditTasks = staff;
export const canUploadAttachment = canViewTicket;

/** Staff delete any attachment; a client only one it uploaded to a ticket it may see. */
export function canDeleteAttachment(viewer: Viewer, ticket: CompanyOwned, uploaderId: number | null): boolean {
  return staff(viewer) || (viewer.contactId === uploaderId && canViewTicket(viewer, ticket));
}

export const canUseAiTasks = staff;

// --- Dashboards, time and stats ------------------------------------------------------------

/** Current / YTD totals of a company: its own clients and staff. */
export const canViewCompanyTime = canViewCompany;
/** The money of those totals follows 'Current Ticket Value': admins and clients, not agents. */
export const canSeeCompanyTimeValue = canSeeTicketValue;
/** An agent's time, pay and time entries: the agent itself or an admin. */
export const canViewContactTime = selfOrAdmin;
/** /time/0: everyone's time and pay. */
export const canViewAllTime = admin;
/** An agent's ticket list: staff; clients never open agent pages. */
export const canViewAgentTickets = staff;
/** The staff list and the kanban. */
export const canListStaffTickets = staff;

/** Assign or move selected tickets in one action. */
export function canBulkUpdateTickets(viewer: Viewer): boolean {
  return canChangeStatusByDropdown(viewer) && canChangeAssignee(viewer);
}

/** Saved list preferences are personal: only their owner reads or writes them. */
export const canUseListPrefs = self;
/** Ticket-flow figures (counts, hours to assignment and completion): staff, the kanban shows them. */
export const canViewStats = staff;
/** My Tickets and Options in the header. */
export const canSeeAdminLinks = admin;

// --- Billing (payroll, invoices, the accounting service) ------------------------------------

/** Payroll, the month's time of every company, invoice drafts and their AI summary: admins. */
export const canViewBilling = admin;
export const canIssueInvoice = admin;
export const canMarkInvoicePaid = admin;
export const canUseAccounting = admin;

/** A company's issued invoices: admins and the company's primary contacts (who receive them). */
export function canReadCompanyInvoices(viewer: Viewer, companyId: number): boolean {
  if (admin(viewer)) return true;
  return isClient(viewer.groupId) && viewer.primaryCompanyIds.includes(companyId);
}

/** A company's monthly statement (docs/product/statements.md#who-sees-it): whoever reads its invoices. */
export const canReadCompanyStatement = canReadCompanyInvoices;
/** Every company's statements of a month, holding and releasing one: admins. */
export const canManageStatements = admin;

// --- Hour banks (docs/product/hour-banks.md#who-does-what) --------------------------------

const primaryOf = (viewer: Viewer, companyId: number): boolean => isClient(viewer.groupId) && viewer.primaryCompanyIds.includes(companyId);

/** A company's plan hours and what they were spent on: staff and the company's primary contacts. */
export function canReadHourBank(viewer: Viewer, companyId: number): boolean {
  return staff(viewer) || primaryOf(viewer, companyId);
}
/** Included hours and the roll-over cap: admins. */
export const canSetHourBank = admin;
/** Asking the client to approve hours beyond the plan: staff. */
export const canAskOverageApproval = staff;
/** Approving or declining hours beyond the plan: the company's primary contacts only. */
export function canDecideOverage(viewer: Viewer, companyId: number): boolean {
  return primaryOf(viewer, companyId);
}

// --- The audit trail (docs/product/accounts-and-roles.md#audit-trail) ----------------------

/** A ticket's history (the History tab beside Activity): staff. */
export const canReadTicketHistory = staff;
/** The whole trail, filtered, in the admin settings: admins. */
export const canReadAuditTrail = admin;

/** The rows a search may return: staff everything; a client only rows of its own companies. */
export function searchScope(viewer: Viewer): { all: true } | { all: false; companyIds: readonly number[] } {
  return staff(viewer) ? { all: true } : { all: false, companyIds: viewer.companyIds };
}
