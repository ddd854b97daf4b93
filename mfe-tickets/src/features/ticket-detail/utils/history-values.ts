import type { AuditEntry } from '@portal/contract';
import { formatDateTimeUs, formatUnitsHhmm, lookupName, type AuditValue, type LookupItem } from '@portal/domain';

/** The ticket's columns as the ticket screen names them; any other field is shown from its column name. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  type_id: 'Type',
  priority_id: 'Priority',
  status_id: 'Status',
  assignee_id: 'Assignee',
  contact_id: 'Requester',
  company_id: 'Company',
  date_due: 'Due date',
  date_assigned: 'Assigned',
  date_completed: 'Completed',
  on_hold: 'On hold',
  estimate_required: 'Estimate required',
  estimated_time: 'Estimate',
  estimate_approved: 'Estimate approval',
};

export function historyFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the page already knows to name ids with. */
export interface HistoryNames {
  statuses: readonly LookupItem[];
  priorities: readonly LookupItem[];
  types: readonly LookupItem[];
  /** Staff by contact id (the assignee dropdown's list) and the ticket's requester. */
  people: ReadonlyMap<number, string>;
  /** The ticket's company. */
  companies: ReadonlyMap<number, string>;
  timeZone: string;
}

export const NO_VALUE = '—';
const LONG_VALUE = 160;

const named = (list: readonly LookupItem[], value: number) => lookupName(list, value, String(value));
const APPROVAL: Readonly<Record<string, string>> = { '-1': 'Awaiting approval', '0': 'Rejected', '1': 'Approved' };

/** A value as the screen shows it: names for ids it knows, dates and times on the viewer's clock, "—" for none. */
export function historyValue(field: string, value: AuditValue, names: HistoryNames): string {
  if (value === null || value === '') return NO_VALUE;
  const number = typeof value === 'number' ? value : Number.NaN;
  switch (field) {
    case 'status_id': return Number.isNaN(number) ? String(value) : named(names.statuses, number);
    case 'priority_id': return Number.isNaN(number) ? String(value) : named(names.priorities, number);
    case 'type_id': return Number.isNaN(number) ? String(value) : named(names.types, number);
    case 'assignee_id': case 'contact_id': return names.people.get(number) ?? String(value);
    case 'company_id': return names.companies.get(number) ?? String(value);
    case 'estimated_time': return Number.isNaN(number) ? String(value) : formatUnitsHhmm(number);
    case 'estimate_approved': return APPROVAL[String(value)] ?? String(value);
    case 'on_hold': case 'estimate_required': return value === 1 || value === true ? 'Yes' : value === 0 || value === false ? 'No' : String(value);
    default: break;
  }
  if (field.startsWith('date_') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTimeUs(value, names.timeZone);
  return String(value);
}

/** A long text (a description) is cut short on screen; the whole value stays in the line's title. */
export function shortened(text: string): string {
  return text.length > LONG_VALUE ? `${text.slice(0, LONG_VALUE)}…` : text;
}

/** Who made the change: the contact, the address a failed sign-in tried, or the system. */
export function historyActor(entry: AuditEntry): string {
  if (entry.actor_name?.trim()) return entry.actor_name;
  if (entry.action === 'session.sign_in_failed') return entry.subject ?? 'Unknown';
  return 'System';
}
