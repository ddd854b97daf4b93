export const GROUP_ADMIN = 1;
export const GROUP_CLIENT = 5;

export type DashboardPath = '/admins' | '/agents' | '/clients';

export function isAdmin(groupId: number): boolean {
  return groupId === GROUP_ADMIN;
}

/** Staff are groups 1 to 4: admins and agents. */
export function isStaff(groupId: number): boolean {
  return Number.isInteger(groupId) && groupId >= 1 && groupId < GROUP_CLIENT;
}

/** Agents are staff who are not admins (groups 2 to 4). */
export function isAgent(groupId: number): boolean {
  return isStaff(groupId) && !isAdmin(groupId);
}

export function isClient(groupId: number): boolean {
  return groupId === GROUP_CLIENT;
}

/** /admins for group 1, /clients for group 5, /agents for every other group (docs/product/accounts-and-roles.md#dashboards-by-group). */
export function dashboardPathForGroup(groupId: number): DashboardPath {
  if (isAdmin(groupId)) return '/admins';
  if (isClient(groupId)) return '/clients';
  return '/agents';
}
