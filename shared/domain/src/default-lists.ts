import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { MODE, STATUS, TYPE, type LookupItem } from './lookups';

// The admin's editable default lists (docs/product/companies-and-contacts.md#default-lists): an id the
// domain's rules depend on is locked, and an id still in use cannot be removed.

export const DEFAULT_LIST_NAMES = [
  'group-defaults',
  'mode-defaults',
  'service-defaults',
  'priority-defaults',
  'type-defaults',
  'status-defaults',
] as const;
export type DefaultListName = (typeof DEFAULT_LIST_NAMES)[number];

export function isDefaultListName(name: string): name is DefaultListName {
  return (DEFAULT_LIST_NAMES as readonly string[]).includes(name);
}

/** What a locked id is kept for: a stable name the screens word in the reader's language. */
export type DefaultListLockCode =
  | 'admins' | 'clients' | 'active' | 'inactive' | 'closed' | 'meeting' | 'backlog' | 'assigned' | 'in-progress'
  | 'testing' | 'complete' | 'cancelled' | 'need-more-info' | 'ready-to-launch';

export type LockState =
  | { locked: false; code: null; reason: '' }
  /** Why the id is locked: `code` for a screen, `reason` in the product's words (the API's refusal). */
  | { locked: true; code: DefaultListLockCode; reason: string };

const LOCK_REASONS: Readonly<Record<DefaultListLockCode, string>> = {
  admins: 'Admins (group 1) hold every permission.',
  clients: 'Clients (group 5) are limited to their own companies.',
  active: 'Only Active companies show on the kanban.',
  inactive: 'Saving Inactive closes the company’s open tickets.',
  closed: 'Saving Closed cancels the company’s open tickets.',
  meeting: 'Meetings are billed at the meeting rate.',
  backlog: 'New and unassigned tickets go to Backlog.',
  assigned: 'Assigning a ticket moves it to Assigned.',
  'in-progress': 'The dashboards and the kanban place In Progress tickets.',
  testing: 'The dashboards and the kanban place Testing tickets.',
  complete: 'Completed tickets are closed and billed.',
  cancelled: 'Cancelled tickets are closed.',
  'need-more-info': 'Tickets waiting on the client are placed by this status.',
  'ready-to-launch': 'The dashboards and the kanban place Ready To Launch tickets.',
};

const LOCKS: Readonly<Record<DefaultListName, Readonly<Record<number, DefaultListLockCode>>>> = {
  'group-defaults': { [GROUP_ADMIN]: 'admins', [GROUP_CLIENT]: 'clients' },
  'mode-defaults': { [MODE.active]: 'active', [MODE.inactive]: 'inactive', [MODE.closed]: 'closed' },
  // Maintenance is read by name (docs/product/companies-and-contacts.md#services-and-maintenance-clients), so no service id is locked.
  'service-defaults': {},
  'priority-defaults': {},
  'type-defaults': { [TYPE.meeting]: 'meeting' },
  'status-defaults': {
    [STATUS.backlog]: 'backlog',
    [STATUS.assigned]: 'assigned',
    [STATUS.inProgress]: 'in-progress',
    [STATUS.testing]: 'testing',
    [STATUS.complete]: 'complete',
    [STATUS.cancelled]: 'cancelled',
    [STATUS.needMoreInfo]: 'need-more-info',
    [STATUS.readyToLaunch]: 'ready-to-launch',
  },
};

export function defaultListLock(name: DefaultListName, id: number): LockState {
  const code = LOCKS[name][id];
  return code === undefined ? { locked: false, code: null, reason: '' } : { locked: true, code, reason: LOCK_REASONS[code] };
}

/** How many records use each id of a list (GET /options/:name/usage). */
export type ListUsage = Readonly<Record<number, number>>;

const USERS: Readonly<Record<DefaultListName, [one: string, many: string]>> = {
  'group-defaults': ['contact', 'contacts'],
  'mode-defaults': ['company', 'companies'],
  'service-defaults': ['company', 'companies'],
  'priority-defaults': ['ticket', 'tickets'],
  'type-defaults': ['ticket', 'tickets'],
  'status-defaults': ['ticket', 'tickets'],
};

export function usedByMessage(name: DefaultListName, item: LookupItem, count: number): string {
  const [one, many] = USERS[name];
  return `Cannot delete "${item.name}": ${count} ${count === 1 ? `${one} uses` : `${many} use`} it.`;
}

/**
 * Why `next` may not replace `previous`, or null: every item needs an id and a non-blank name, ids
 * are unique, and an id that is locked or still used stays in the list (its name may change).
 */
export function defaultListProblem(
  name: DefaultListName,
  previous: readonly LookupItem[],
  next: readonly LookupItem[],
  usage: ListUsage,
): string | null {
  const seen = new Set<number>();
  for (const item of next) {
    if (!Number.isInteger(item.id) || item.id < 1 || item.name.trim() === '') return 'Every item needs an id and a name.';
    if (seen.has(item.id)) return `The id ${item.id} is used twice.`;
    seen.add(item.id);
  }
  for (const item of previous) {
    if (seen.has(item.id)) continue;
    const lock = defaultListLock(name, item.id);
    if (lock.locked) return `Cannot delete "${item.name}": ${lock.reason}`;
    const count = usage[item.id] ?? 0;
    if (count > 0) return usedByMessage(name, item, count);
  }
  return null;
}
