import {
  canChangeAssignee, canChangeCompanyMode, canChangeStatusByDropdown, canDeleteActivity, canEditCompanyNotes, canEditTasks,
  canLogTime, canManageCompanySettings, canOpenCompanyProfile, canRespondToEstimate, canSeeAdminLinks, canSeeTicketValue,
  canSetEstimate, canUseClientActions, canViewCompany,
} from './permissions';

const groups = [1, 2, 3, 4, 5];
const who = (rule: (groupId: number) => boolean) => groups.filter(rule);

describe('permissions of spec 000 §6', () => {
  it('lets staff log time, change status and assignee, and edit tasks', () => {
    expect(who(canLogTime)).toEqual([1, 2, 3, 4]);
    expect(who(canChangeStatusByDropdown)).toEqual([1, 2, 3, 4]);
    expect(who(canChangeAssignee)).toEqual([1, 2, 3, 4]);
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
});

describe('company permissions of spec 001 §6', () => {
  it('gives company mode and settings to admins, notes to staff', () => {
    expect(who(canChangeCompanyMode)).toEqual([1]);
    expect(who(canManageCompanySettings)).toEqual([1]);
    expect(who(canEditCompanyNotes)).toEqual([1, 2, 3, 4]);
  });

  it('limits clients to their own companies', () => {
    expect(canViewCompany(3, [], 9)).toBe(true);
    expect(canViewCompany(5, [4, 9], 9)).toBe(true);
    expect(canViewCompany(5, [4], 9)).toBe(false);
    expect(canViewCompany(7, [9], 9)).toBe(false);
  });

  it('opens the profile page to staff and primary contacts only', () => {
    const links = [{ company_id: 4, primary: 1 }, { company_id: 9, primary: 0 }];
    expect(canOpenCompanyProfile(2, [], 4)).toBe(true);
    expect(canOpenCompanyProfile(5, links, 4)).toBe(true);
    expect(canOpenCompanyProfile(5, links, 9)).toBe(false);
    expect(canOpenCompanyProfile(5, links, 1)).toBe(false);
  });
});
