import { MESSAGES, isAdmin, isClient, isStaff } from '@portal/domain';
import { HttpError } from './errors';

/** Who is asking: resolved from the session cookie by the auth plugin. */
export interface Viewer {
  contactId: number;
  groupId: number;
  /** Companies the contact is linked to through company_contacts. */
  companyIds: readonly number[];
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

  viewTicket: (viewer: Viewer, ticket: { company_id: number }) =>
    isStaff(viewer.groupId) || viewer.companyIds.includes(ticket.company_id),
  /** Spec 000 §6: 'Current Ticket Value' is for admins and clients, not agents. */
  seeTicketValue: (viewer: Viewer) => isAdmin(viewer.groupId) || isClient(viewer.groupId),
} as const;

/** 401 for anonymous, 403 when the policy says no; returns the viewer for the route to use. */
export function authorize(viewer: Viewer | null, allowed: (viewer: Viewer) => boolean): Viewer {
  if (!viewer) throw new HttpError(401, MESSAGES.notSignedIn);
  if (!allowed(viewer)) throw new HttpError(403, MESSAGES.notAuthorized);
  return viewer;
}

export function requireViewer(viewer: Viewer | null): Viewer {
  return authorize(viewer, policy.signedIn);
}
