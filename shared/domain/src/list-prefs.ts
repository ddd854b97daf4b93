import { type LookupItem, STATUS } from './lookups';

export const LIST_SORT_FIELDS = ['priorityId', 'dateCreated', 'dateDue', 'company'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export type SortDirection = 'ASC' | 'DESC';

export interface ListPrefs {
  sortBy: ListSortField;
  direction: SortDirection;
  /** Status ids shown; Complete and Cancelled are never offered. */
  statusFilters: number[];
  maintenanceOnly: boolean;
}

/** The defaults: priorityId, DESC, only Assigned on, Maintenance Only on (docs/product/dashboards.md#list-preferences). */
export const DEFAULT_LIST_PREFS: Readonly<ListPrefs> = {
  sortBy: 'priorityId',
  direction: 'DESC',
  statusFilters: [STATUS.assigned],
  maintenanceOnly: true,
};

function isFilterableStatus(statusId: number): boolean {
  return statusId !== STATUS.complete && statusId !== STATUS.cancelled;
}

/** The statuses offered as filters (and as message recipient filters). */
export function filterableStatuses(statuses: readonly LookupItem[]): LookupItem[] {
  return statuses.filter((status) => isFilterableStatus(status.id));
}

/** Reads saved preferences; each unusable part falls back to its default. */
export function parseListPrefs(value: unknown): ListPrefs {
  let source = value;
  if (typeof value === 'string') {
    try {
      source = JSON.parse(value);
    } catch {
      source = null;
    }
  }
  const record = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const sortBy = LIST_SORT_FIELDS.find((field) => field === record.sortBy) ?? DEFAULT_LIST_PREFS.sortBy;
  const direction = record.direction === 'ASC' || record.direction === 'DESC' ? record.direction : DEFAULT_LIST_PREFS.direction;
  const statusFilters = Array.isArray(record.statusFilters)
    ? record.statusFilters.filter((id): id is number => Number.isInteger(id) && isFilterableStatus(id as number))
    : [...DEFAULT_LIST_PREFS.statusFilters];
  const maintenanceOnly = typeof record.maintenanceOnly === 'boolean' ? record.maintenanceOnly : DEFAULT_LIST_PREFS.maintenanceOnly;
  return { sortBy, direction, statusFilters, maintenanceOnly };
}

export interface SortableTicket {
  priority_id: number;
  date_created: string;
  date_due: string | null;
  company_name: string;
  ticket_id: number;
}

function sortKey(ticket: SortableTicket, field: ListSortField): number | string | null {
  // Priority ids run from 1 Urgent to 4 Low, so the key is negated: DESC (the default) lists the
  // most urgent first, as a person reads "by priority, highest first".
  if (field === 'priorityId') return -ticket.priority_id;
  if (field === 'company') return ticket.company_name.toLowerCase();
  const text = field === 'dateCreated' ? ticket.date_created : ticket.date_due;
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? null : time;
}

/** A comparator for the saved sort; tickets without the value go last either way, ties by ticket id. */
export function compareTickets(prefs: Pick<ListPrefs, 'sortBy' | 'direction'>): (a: SortableTicket, b: SortableTicket) => number {
  const sign = prefs.direction === 'ASC' ? 1 : -1;
  return (a, b) => {
    const left = sortKey(a, prefs.sortBy);
    const right = sortKey(b, prefs.sortBy);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else if (left !== right) {
      return (left < right ? -1 : 1) * sign;
    }
    return a.ticket_id - b.ticket_id;
  };
}

export function matchesStatusFilters(statusId: number, prefs: Pick<ListPrefs, 'statusFilters'>): boolean {
  return prefs.statusFilters.includes(statusId);
}
