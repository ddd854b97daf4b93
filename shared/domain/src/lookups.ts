/** The priority colours danger / warning / success / primary (docs/product/tickets.md#lookup-lists), as colour palette names. */
export type LookupColor = 'red' | 'orange' | 'green' | 'blue';

export interface LookupItem {
  id: number;
  name: string;
  color?: string;
}

export const STATUS = {
  backlog: 1,
  assigned: 2,
  inProgress: 3,
  testing: 4,
  complete: 5,
  cancelled: 6,
  needMoreInfo: 7,
  readyToLaunch: 8,
} as const;

export const PRIORITY = { urgent: 1, high: 2, medium: 3, low: 4 } as const;

export const TYPE = { question: 1, contentUpdate: 2, incidentBug: 3, newDevelopment: 4, meeting: 6 } as const;

export const MODE = { active: 1, onboarding: 2, inactive: 3, closed: 4 } as const;

export const SERVICE = { maintenance: 1, project: 2, hosting: 3 } as const;

export const DEFAULT_STATUSES: readonly LookupItem[] = [
  { id: 1, name: 'Backlog' },
  { id: 2, name: 'Assigned' },
  { id: 3, name: 'In Progress' },
  { id: 4, name: 'Testing' },
  { id: 5, name: 'Complete' },
  { id: 6, name: 'Cancelled' },
  { id: 7, name: 'Need More Info' },
  { id: 8, name: 'Ready To Launch' },
];

export const DEFAULT_PRIORITIES: readonly LookupItem[] = [
  { id: 1, name: 'Urgent', color: 'red' },
  { id: 2, name: 'High', color: 'orange' },
  { id: 3, name: 'Medium', color: 'green' },
  { id: 4, name: 'Low', color: 'blue' },
];

export const DEFAULT_TYPES: readonly LookupItem[] = [
  { id: 1, name: 'Question' },
  { id: 2, name: 'Content Update' },
  { id: 3, name: 'Incident/Bug' },
  { id: 4, name: 'New Development' },
  { id: 6, name: 'Meeting' },
];

/** Groups 1 (admin) and 5 (client) are fixed; 2 to 4 are staff ranks named here (docs/product/accounts-and-roles.md#groups-and-roles). */
export const DEFAULT_GROUPS: readonly LookupItem[] = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Senior Agent' },
  { id: 3, name: 'Agent' },
  { id: 4, name: 'Junior Agent' },
  { id: 5, name: 'Client' },
];

export const DEFAULT_MODES: readonly LookupItem[] = [
  { id: 1, name: 'Active' },
  { id: 2, name: 'Onboarding' },
  { id: 3, name: 'Inactive' },
  { id: 4, name: 'Closed' },
];

export const DEFAULT_SERVICES: readonly LookupItem[] = [
  { id: 1, name: 'Maintenance' },
  { id: 2, name: 'Project' },
  { id: 3, name: 'Hosting' },
];

export function findLookup(list: readonly LookupItem[], id: number | null | undefined): LookupItem | undefined {
  return list.find((item) => item.id === Number(id));
}

/** The item's name, or `fallback` when the id is not in the list (lists are admin-editable). */
export function lookupName(list: readonly LookupItem[], id: number | null | undefined, fallback = ''): string {
  return findLookup(list, id)?.name ?? fallback;
}

const LOOKUP_COLORS: readonly string[] = ['red', 'orange', 'green', 'blue'];
const SPEC_COLOR_NAMES: Readonly<Record<string, LookupColor>> = {
  danger: 'red',
  warning: 'orange',
  success: 'green',
  primary: 'blue',
};

/** Accepts palette names and the priority list's danger/warning/success/primary; anything else is 'blue'. */
export function toLookupColor(color: string | undefined): LookupColor {
  const value = (color ?? '').trim().toLowerCase();
  if (LOOKUP_COLORS.includes(value)) return value as LookupColor;
  return SPEC_COLOR_NAMES[value] ?? 'blue';
}

export function lookupColor(list: readonly LookupItem[], id: number | null | undefined): LookupColor {
  return toLookupColor(findLookup(list, id)?.color);
}
