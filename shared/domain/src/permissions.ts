import { isAdmin, isClient, isStaff } from './groups';

/**
 * Spec 000 §6 and 001 §6, one question per capability. The API's policy module and the screens
 * both ask these, so what a user sees is what the server allows.
 */

/** Log time, change status and assignee by dropdown: staff only (clients are read-only). */
export function canLogTime(groupId: number): boolean {
  return isStaff(groupId);
}

export function canChangeStatusByDropdown(groupId: number): boolean {
  return isStaff(groupId);
}

export function canChangeAssignee(groupId: number): boolean {
  return isStaff(groupId);
}

export function canEditTasks(groupId: number): boolean {
  return isStaff(groupId);
}

export function canDeleteActivity(groupId: number): boolean {
  return isAdmin(groupId);
}

/** DESIGN §5: agents and admins may set estimates. */
export function canSetEstimate(groupId: number): boolean {
  return isStaff(groupId);
}

/** Accept / Reject an estimate: the client's buttons; admins may do anything. */
export function canRespondToEstimate(groupId: number): boolean {
  return isClient(groupId) || isAdmin(groupId);
}

/** 'Current Ticket Value': admins and clients, never agents. */
export function canSeeTicketValue(groupId: number): boolean {
  return isAdmin(groupId) || isClient(groupId);
}

/** The client-side buttons (estimate Accept, status 4 and 7 actions) are shown to clients. */
export function canUseClientActions(groupId: number): boolean {
  return isClient(groupId);
}

/** My Tickets and Options in the header. */
export function canSeeAdminLinks(groupId: number): boolean {
  return isAdmin(groupId);
}

/** The company Notes block: staff see and edit it. */
export function canEditCompanyNotes(groupId: number): boolean {
  return isStaff(groupId);
}

export function canChangeCompanyMode(groupId: number): boolean {
  return isAdmin(groupId);
}

/** Staff may open any company; a client only the companies they are linked to. */
export function canViewCompany(groupId: number, companyIds: readonly number[], companyId: number): boolean {
  if (isStaff(groupId)) return true;
  return isClient(groupId) && companyIds.includes(companyId);
}

export interface CompanyLinkFlag {
  company_id: number;
  primary: number;
}

/** Spec 001 §6: the company profile page is for staff and the company's primary contacts. */
export function canOpenCompanyProfile(groupId: number, links: readonly CompanyLinkFlag[], companyId: number): boolean {
  if (isStaff(groupId)) return true;
  return isClient(groupId) && links.some((link) => link.company_id === companyId && Number(link.primary) === 1);
}

/** Assignments and delete tabs, status / services / default agent, send password reset. */
export function canManageCompanySettings(groupId: number): boolean {
  return isAdmin(groupId);
}
