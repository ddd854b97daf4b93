import { dashboardPathForGroup, GROUP_ADMIN, GROUP_CLIENT, isAdmin, isAgent, isClient, isStaff } from './groups';

describe('groups', () => {
  it('names the admin and client groups', () => {
    expect(GROUP_ADMIN).toBe(1);
    expect(GROUP_CLIENT).toBe(5);
  });

  it('tells admins, staff, agents and clients apart', () => {
    expect([1, 2, 3, 4, 5].map(isAdmin)).toEqual([true, false, false, false, false]);
    expect([0, 1, 2, 3, 4, 5].map(isStaff)).toEqual([false, true, true, true, true, false]);
    expect([1, 2, 3, 4, 5].map(isAgent)).toEqual([false, true, true, true, false]);
    expect([1, 2, 3, 4, 5].map(isClient)).toEqual([false, false, false, false, true]);
  });

  it('sends each group to its dashboard', () => {
    expect(dashboardPathForGroup(1)).toBe('/admins');
    expect(dashboardPathForGroup(2)).toBe('/agents');
    expect(dashboardPathForGroup(3)).toBe('/agents');
    expect(dashboardPathForGroup(4)).toBe('/agents');
    expect(dashboardPathForGroup(5)).toBe('/clients');
    expect(dashboardPathForGroup(9)).toBe('/agents');
  });
});
