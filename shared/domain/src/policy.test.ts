import {
  canBulkUpdateTickets, canChangeCompanyMode, canCreateCompany, canCreateContact, canEditContactPerson, canSaveCompanyMeta,
  passwordChangeNeedsCurrent, canChangeStatus, canDeleteActivity, canDeleteAttachment, canEditCompanyNote,
  canEditTasks, canLogTime, canLogTimeFor, canManageCompanySettings, canOpenCompanyProfile, canRespondToEstimate,
  canSeeAdminLinks, canSeeTicketValue, canSetEstimate, canUseClientActions, canViewCompany, canViewContact, canViewTicket,
  searchScope, canUseMessageCenter, canManageAgents, canReadOptionUsage, canViewBilling, canIssueInvoice, canMarkInvoicePaid, canUseAccounting,
  canReadCompanyInvoices, canReadTicketHistory, canReadAuditTrail, canChooseRequester, ticketRequesterId, canEditTicketText, canChangeTimeEntry,
  canMarkNotificationsRead, canReadNotifications, canChangeContactLanguage, type Viewer,
} from './policy';

const viewer = (groupId: number, companyIds: number[] = [], primaryCompanyIds: number[] = []): Viewer => ({
  contactId: 10 + groupId, groupId, companyIds, primaryCompanyIds,
});
const groups = [1, 2, 3, 4, 5];
const who = (rule: (viewer: Viewer) => boolean) => groups.filter((groupId) => rule(viewer(groupId)));

describe('ticket permissions', () => {
  it('lets staff log time, change status and assignee, and edit tasks', () => {
    expect(who(canLogTime)).toEqual([1, 2, 3, 4]);
    expect(who(canBulkUpdateTickets)).toEqual([1, 2, 3, 4]);
    expect(who(canEditTasks)).toEqual([1, 2, 3, 4]);
  });

  it('lets only admins delete activity and see the admin links', () => {
    expect(who(canDeleteActivity)).toEqual([1]);
    expect(who(canSeeAdminLinks)).toEqual([1]);
  });

  it('lets staff set estimates and clients (and admins) answer them', () => {
    expect(who(canSetEstimate)).toEqual([1, 2, 3, 4]);
    expect(who(canRespondToEstimate)).toEqual([1, 5]);
    expect(who(canUseClientActions)).toEqual([5]);
  });

  it('shows the ticket value to admins and clients, never agents', () => {
    expect(who(canSeeTicketValue)).toEqual([1, 5]);
  });

  it('lets a client change status only through the buttons of the current status', () => {
    expect(canChangeStatus(viewer(2), 1, 5)).toBe(true);
    expect(canChangeStatus(viewer(5), 4, 5)).toBe(true);
    expect(canChangeStatus(viewer(5), 1, 3)).toBe(false);
    expect(canChangeStatus(viewer(5), 2, 3)).toBe(false);
    expect(canChangeStatus(viewer(5), 7, 2)).toBe(true);
    expect(canChangeStatus(viewer(5), 1, 6)).toBe(true);
    expect(canChangeStatus(viewer(5), 5, 1)).toBe(true);
    expect(canChangeStatus(viewer(5), 6, 1)).toBe(false);
  });

  it('scopes tickets, attachments and time to the viewer', () => {
    expect(canViewTicket(viewer(5, [4]), { company_id: 4 })).toBe(true);
    expect(canViewTicket(viewer(5, [4]), { company_id: 9 })).toBe(false);
    expect(canDeleteAttachment(viewer(5, [4]), { company_id: 4 }, 15)).toBe(true);
    expect(canDeleteAttachment(viewer(5, [4]), { company_id: 4 }, 99)).toBe(false);
    expect(canDeleteAttachment(viewer(3), { company_id: 4 }, 99)).toBe(true);
    expect(canLogTimeFor(viewer(2), 12)).toBe(true);
    expect(canLogTimeFor(viewer(2), 13)).toBe(false);
    expect(canLogTimeFor(viewer(1), 13)).toBe(true);
    expect(canChangeTimeEntry(viewer(2), { contact_id: 12 })).toBe(true);
    expect(canChangeTimeEntry(viewer(2), { contact_id: 13 })).toBe(false);
    expect(canChangeTimeEntry(viewer(1), { contact_id: 13 })).toBe(true);
    expect(canChangeTimeEntry(viewer(5), { contact_id: 15 })).toBe(false);
    expect(canChangeTimeEntry(viewer(2), { contact_id: null })).toBe(false);
    expect(canViewContact(viewer(5), 99)).toBe(false);
  });
});

describe("a ticket's title and description", () => {
  const client = viewer(5, [7]);
  const ticket = (status_id: number, contact_id: number | null = client.contactId) => ({ company_id: 7, contact_id, status_id });
  it('are edited by staff in any status', () => {
    expect(groups.filter((g) => canEditTicketText(viewer(g), ticket(3, 99)))).toEqual([1, 2, 3, 4]);
  });
  it('are edited by the requesting client only while the ticket is in Backlog', () => {
    expect(canEditTicketText(client, ticket(1))).toBe(true);
    expect(canEditTicketText(client, ticket(2))).toBe(false);
    expect(canEditTicketText(client, ticket(1, 99))).toBe(false);
    expect(canEditTicketText(viewer(5, [8]), { ...ticket(1), contact_id: 15 })).toBe(false);
  });
});

describe('the requester of a new ticket', () => {
  it('is chosen by every staff group, 1 to 4; a client never chooses', () => {
    expect(who(canChooseRequester)).toEqual([1, 2, 3, 4]);
  });

  it('is the named contact, else the company\'s first contact, for staff of every group', () => {
    for (const groupId of [1, 2, 3, 4]) {
      expect(ticketRequesterId(viewer(groupId), 40, 31)).toBe(40);
      expect(ticketRequesterId(viewer(groupId), null, 31)).toBe(31);
      expect(ticketRequesterId(viewer(groupId), null, null)).toBeNull();
    }
  });

  it('is always the client itself, whoever it names', () => {
    expect(ticketRequesterId(viewer(5, [4]), 40, 31)).toBe(15);
    expect(ticketRequesterId(viewer(5, [4]), null, null)).toBe(15);
  });
});

describe('company permissions', () => {
  it('gives company mode and settings to admins, notes to staff', () => {
    expect(who(canChangeCompanyMode)).toEqual([1]);
    expect(who(canManageCompanySettings)).toEqual([1]);
    expect(who(canEditCompanyNote)).toEqual([1, 2, 3, 4]);
  });

  it('limits clients to their own companies', () => {
    expect(canViewCompany(viewer(3), 9)).toBe(true);
    expect(canViewCompany(viewer(5, [4, 9]), 9)).toBe(true);
    expect(canViewCompany(viewer(5, [4]), 9)).toBe(false);
    expect(canViewCompany(viewer(7, [9]), 9)).toBe(false);
  });

  it('opens the profile page to staff and primary contacts only', () => {
    const client = viewer(5, [4, 9], [4]);
    expect(canOpenCompanyProfile(viewer(2), 4)).toBe(true);
    expect(canOpenCompanyProfile(client, 4)).toBe(true);
    expect(canOpenCompanyProfile(client, 9)).toBe(false);
    expect(canOpenCompanyProfile(client, 1)).toBe(false);
  });

  it('lets admins create companies and contacts', () => {
    expect(who(canCreateCompany)).toEqual([1]);
    expect(who(canCreateContact)).toEqual([1]);
  });

  it('gives the maintenance prefs to the profile gate and the other company meta to admins', () => {
    const primary = viewer(5, [4, 9], [4]);
    expect(canSaveCompanyMeta(primary, 4, 'maintenance_prefs')).toBe(true);
    expect(canSaveCompanyMeta(primary, 9, 'maintenance_prefs')).toBe(false);
    expect(canSaveCompanyMeta(viewer(2), 4, 'maintenance_prefs')).toBe(true);
    for (const key of ['type_assignments', 'default_agent', 'services']) {
      expect(canSaveCompanyMeta(primary, 4, key)).toBe(false);
      expect(canSaveCompanyMeta(viewer(2), 4, key)).toBe(false);
      expect(canSaveCompanyMeta(viewer(1), 4, key)).toBe(true);
    }
  });

  it("changes a person's own fields only for a client within the editor's companies, or itself, or an admin", () => {
    const primary = viewer(5, [4, 9], [4]);
    const client = (companyIds: number[]) => ({ contact_id: 77, group_id: 5, companyIds });
    expect(canEditContactPerson(primary, client([4]))).toBe(true);
    expect(canEditContactPerson(primary, client([4, 9]))).toBe(false);
    expect(canEditContactPerson(viewer(2), client([4, 9]))).toBe(true);
    expect(canEditContactPerson(viewer(2), { contact_id: 77, group_id: 3, companyIds: [4] })).toBe(false);
    expect(canEditContactPerson(primary, { contact_id: 77, group_id: 1, companyIds: [4] })).toBe(false);
    expect(canEditContactPerson(viewer(1), { contact_id: 77, group_id: 2, companyIds: [] })).toBe(true);
    expect(canEditContactPerson(primary, { contact_id: primary.contactId, group_id: 5, companyIds: [4, 9] })).toBe(true);
  });

  it('asks for the current password only when a contact changes its own', () => {
    expect(passwordChangeNeedsCurrent(viewer(5), 15)).toBe(true);
    expect(passwordChangeNeedsCurrent(viewer(1), 11)).toBe(true);
    expect(passwordChangeNeedsCurrent(viewer(1), 15)).toBe(false);
  });

  it('scopes a client search to its own companies', () => {
    expect(searchScope(viewer(2))).toEqual({ all: true });
    expect(searchScope(viewer(5, [4]))).toEqual({ all: false, companyIds: [4] });
  });
});

describe('admin settings', () => {
  it('lets only admins use the message centre, manage agents and read list usage', () => {
    expect(who(canUseMessageCenter)).toEqual([1]);
    expect(who(canManageAgents)).toEqual([1]);
    expect(who(canReadOptionUsage)).toEqual([1]);
  });
});

describe('billing permissions', () => {
  it('keeps payroll, issuing, paying and the accounting service to admins', () => {
    for (const rule of [canViewBilling, canIssueInvoice, canMarkInvoicePaid, canUseAccounting]) expect(who(rule)).toEqual([1]);
  });

  it("lets admins and the company's primary contacts read its invoices, nobody else", () => {
    expect(canReadCompanyInvoices(viewer(1), 7)).toBe(true);
    expect(canReadCompanyInvoices(viewer(5, [7], [7]), 7)).toBe(true);
    expect(canReadCompanyInvoices(viewer(5, [7], []), 7)).toBe(false);
    expect(canReadCompanyInvoices(viewer(5, [8], [8]), 7)).toBe(false);
    expect(canReadCompanyInvoices(viewer(2, [7], [7]), 7)).toBe(false);
  });
});

describe('the audit trail', () => {
  it("lets staff read a ticket's history and only admins read the whole trail", () => {
    expect(who(canReadTicketHistory)).toEqual([1, 2, 3, 4]);
    expect(who(canReadAuditTrail)).toEqual([1]);
  });
});

describe('notifications', () => {
  it("lets only their owner mark them read, though an admin may read anyone's", () => {
    expect(canMarkNotificationsRead(viewer(5), 15)).toBe(true);
    expect(canMarkNotificationsRead(viewer(1), 15)).toBe(false);
    expect(canReadNotifications(viewer(1), 15)).toBe(true);
    expect(canMarkNotificationsRead(viewer(2), 15)).toBe(false);
  });
});

describe("a contact's language", () => {
  it('is changed by the contact alone, never by an admin for someone else', () => {
    for (const groupId of groups) expect(canChangeContactLanguage(viewer(groupId), 10 + groupId)).toBe(true);
    expect(canChangeContactLanguage(viewer(1), 15)).toBe(false);
    expect(canChangeContactLanguage(viewer(2), 15)).toBe(false);
  });
});
