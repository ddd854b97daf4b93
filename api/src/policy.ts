import {
  MESSAGES, canChangeStatus, canDeleteActivity, canEditTasks, canLogTime, canRespondToEstimate, isAdmin, isClient, isStaff,
  canChangeAssignee, canChangeCompanyMode, canChangeStatusByDropdown, canEditCompanyNotes, canSeeTicketValue,
} from '@portal/domain';
import { HttpError } from './errors';

/** Who is asking: resolved from the session cookie by the auth plugin. */
export interface Viewer {
  contactId: number;
  groupId: number;
  /** Companies the contact is linked to through company_contacts. */
  companyIds: readonly number[];
}

function viewTicket(viewer: Viewer, ticket: { company_id: number }): boolean {
  return isStaff(viewer.groupId) || viewer.companyIds.includes(ticket.company_id);
}

// Every permission of the API is decided here, so the rules of DESIGN §3 read in one place:
// admins (group 1) everything; staff (groups 1-4) staff work; clients (group 5) only their own
// companies' data. Routes ask `authorize(viewer, policy.x(...))`.
export const policy = {
  signedIn: (_viewer: Viewer) => true,

  viewContact: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),
  updateContact: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),
  changeContactGroup: (viewer: Viewer) => isAdmin(viewer.groupId),
  saveNotePrefs: (viewer: Viewer, contactId: number) => viewer.contactId === contactId,

  createNotification: (viewer: Viewer) => isStaff(viewer.groupId),
  readNotifications: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),
  deleteNotification: (viewer: Viewer, ownerId: number) => viewer.contactId === ownerId || isAdmin(viewer.groupId),
  deleteAllNotifications: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),

  readOption: (_viewer: Viewer) => true,
  saveOption: (viewer: Viewer) => isAdmin(viewer.groupId),

  listAllCompanies: (viewer: Viewer) => isStaff(viewer.groupId),
  viewCompany: (viewer: Viewer, companyId: number) => isStaff(viewer.groupId) || viewer.companyIds.includes(companyId),
  /** Spec 001 §6: the Notes block is for staff (groups 1-4). */
  seeCompanyNote: (viewer: Viewer) => isStaff(viewer.groupId),

  viewTicket,
  /** Spec 000 §6: 'Current Ticket Value' is for admins and clients, not agents. */
  seeTicketValue: (viewer: Viewer) => isAdmin(viewer.groupId) || isClient(viewer.groupId),

  // Issue 3: working a ticket.
  /** A client creates for its own companies only (and is the requester); staff for any company. */
  createTicket: (viewer: Viewer, companyId: number) => isStaff(viewer.groupId) || viewer.companyIds.includes(companyId),
  /** Staff choose the requester; a client's own contact is always the requester. */
  chooseRequester: (viewer: Viewer) => isStaff(viewer.groupId),
  /** Title, description, type, priority, due date, on hold, estimate flag: staff (spec 000 §6). */
  editTicketFields: (viewer: Viewer) => isStaff(viewer.groupId),
  changeAssignee: (viewer: Viewer) => isStaff(viewer.groupId),
  /** Staff by dropdown; a client only through the buttons of the ticket's current status. */
  changeStatus: (viewer: Viewer, fromStatus: number, toStatus: number) => canChangeStatus(viewer.groupId, fromStatus, toStatus),
  /** DESIGN §5: agents and admins set estimates. */
  setEstimate: (viewer: Viewer) => isStaff(viewer.groupId),
  /** Accept (1) / Reject (0): the client's buttons; admins may do anything. Agents never approve their own estimate. */
  answerEstimate: (viewer: Viewer) => canRespondToEstimate(viewer.groupId),
  writeActivity: (viewer: Viewer, ticket: { company_id: number }) => viewTicket(viewer, ticket),
  deleteActivity: (viewer: Viewer) => canDeleteActivity(viewer.groupId),
  readTime: (viewer: Viewer, ticket: { company_id: number }) => viewTicket(viewer, ticket),
  logTime: (viewer: Viewer) => canLogTime(viewer.groupId),
  /** Admins log time for any staff contact; an agent only for itself. */
  logTimeFor: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),
  editTasks: (viewer: Viewer) => canEditTasks(viewer.groupId),
  uploadAttachment: (viewer: Viewer, ticket: { company_id: number }) => viewTicket(viewer, ticket),
  deleteAttachment: (viewer: Viewer, ticket: { company_id: number }, uploaderId: number | null) =>
    isStaff(viewer.groupId) || (viewer.contactId === uploaderId && viewTicket(viewer, ticket)),
  /** E-mailing a contact from the ticket screen or the message centre: staff. */
  mailContact: (viewer: Viewer) => isStaff(viewer.groupId),
  /** The assignee dropdown's list; clients see the assignee's name on the ticket instead. */
  listStaff: (viewer: Viewer) => isStaff(viewer.groupId),
  useAiTasks: (viewer: Viewer) => isStaff(viewer.groupId),

  // Issue 4: dashboards.
  /** Current / YTD totals of a company: its own clients and staff (the counters of the client dashboard). */
  viewCompanyTime: (viewer: Viewer, companyId: number) => isStaff(viewer.groupId) || viewer.companyIds.includes(companyId),
  /** The money of those totals follows 'Current Ticket Value' (spec 000 §6): admins and clients, not agents. */
  seeCompanyTimeValue: (viewer: Viewer) => canSeeTicketValue(viewer.groupId),
  /** An agent's time, pay and time entries: the agent itself or an admin. */
  viewContactTime: (viewer: Viewer, contactId: number) => viewer.contactId === contactId || isAdmin(viewer.groupId),
  /** /time/0: everyone's time and pay. */
  viewAllTime: (viewer: Viewer) => isAdmin(viewer.groupId),
  /** An agent's ticket list: staff (every ticket is visible to staff anyway); clients never open agent pages. */
  viewAgentTickets: (viewer: Viewer) => isStaff(viewer.groupId),
  /** The staff list and the kanban. */
  listStaffTickets: (viewer: Viewer) => isStaff(viewer.groupId),
  /** Assign or move selected tickets in one action. */
  bulkUpdateTickets: (viewer: Viewer) => canChangeStatusByDropdown(viewer.groupId) && canChangeAssignee(viewer.groupId),
  changeCompanyMode: (viewer: Viewer) => canChangeCompanyMode(viewer.groupId),
  editCompanyNote: (viewer: Viewer) => canEditCompanyNotes(viewer.groupId),
  /** Saved list preferences are personal: only their owner reads or writes them. */
  listPrefs: (viewer: Viewer, contactId: number) => viewer.contactId === contactId,
  // Ticket-flow figures (counts, hours to assignment and completion) are staff information: the kanban shows them.
  viewStats: (viewer: Viewer) => isStaff(viewer.groupId),
} as const;

/** The rows a search may return: staff everything; a client only rows of its own companies. */
export function searchScope(viewer: Viewer): { all: true } | { all: false; companyIds: readonly number[] } {
  return isStaff(viewer.groupId) ? { all: true } : { all: false, companyIds: viewer.companyIds };
}

/** 401 for anonymous, 403 when the policy says no; returns the viewer for the route to use. */
export function authorize(viewer: Viewer | null, allowed: (viewer: Viewer) => boolean): Viewer {
  if (!viewer) throw new HttpError(401, MESSAGES.notSignedIn);
  if (!allowed(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  return viewer;
}

export function requireViewer(viewer: Viewer | null): Viewer {
  return authorize(viewer, policy.signedIn);
}
