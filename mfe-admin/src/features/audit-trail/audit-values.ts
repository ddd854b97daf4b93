import type { AuditEntry } from '@portal/contract';
import { formatDateTimeUs, formatUnitsHhmm, lookupName, type AuditEntity, type AuditValue, type LookupItem } from '@portal/domain';

/** The records the trail names, as the screen says them ("session" is a sign-in). */
export const ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  ticket: 'Ticket', company: 'Company', contact: 'Contact', option: 'Option', invoice: 'Invoice', session: 'Sign-in',
};

/** Columns whose name alone reads badly; any other field is shown from its column name ("first_name" → "First name"). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status_id: 'Status', priority_id: 'Priority', type_id: 'Type', assignee_id: 'Assignee', contact_id: 'Contact', company_id: 'Company',
  group_id: 'Group', date_due: 'Due date', date_assigned: 'Assigned', date_completed: 'Completed', estimated_time: 'Estimate',
  estimate_approved: 'Estimate approval', on_hold: 'On hold', email: 'E-mail', option_value: 'Value', option_name: 'List',
};

export function fieldLabel(entity: AuditEntity, field: string): string {
  if (entity === 'ticket' && field === 'contact_id') return 'Requester';
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the screen already reads to name ids with. */
export interface ValueNames {
  statuses: readonly LookupItem[];
  priorities: readonly LookupItem[];
  types: readonly LookupItem[];
  people: ReadonlyMap<number, string>;
  companies: ReadonlyMap<number, string>;
  timeZone: string;
}

export const NO_VALUE = '—';
const APPROVAL: Readonly<Record<string, string>> = { '-1': 'Awaiting approval', '0': 'Rejected', '1': 'Approved' };
const LONG_VALUE = 160;

/** A value as the screen shows it: a ticket's lookups and staff by name, dates and times on the viewer's clock, "—" for none. */
export function shownValue(entity: AuditEntity, field: string, value: AuditValue, names: ValueNames): string {
  if (value === null || value === '') return NO_VALUE;
  const id = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isNaN(id) && entity === 'ticket') {
    if (field === 'status_id') return lookupName(names.statuses, id, String(id));
    if (field === 'priority_id') return lookupName(names.priorities, id, String(id));
    if (field === 'type_id') return lookupName(names.types, id, String(id));
    if (field === 'estimated_time') return formatUnitsHhmm(id);
    if (field === 'estimate_approved') return APPROVAL[String(id)] ?? String(id);
    if (field === 'on_hold' || field === 'estimate_required') return id === 1 ? 'Yes' : id === 0 ? 'No' : String(id);
  }
  if (!Number.isNaN(id) && (field === 'assignee_id' || field === 'contact_id')) return names.people.get(id) ?? String(id);
  if (!Number.isNaN(id) && field === 'company_id') return names.companies.get(id) ?? String(id);
  if (field.startsWith('date_') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTimeUs(value, names.timeZone);
  return String(value);
}

/** One changed field as a line: "Status: Backlog → In Progress"; a long text is cut short. */
export function changeLine(entry: AuditEntry, change: AuditEntry['changes'][number], names: ValueNames): string {
  const line = `${fieldLabel(entry.entity, change.field)}: ${shownValue(entry.entity, change.field, change.before, names)} → ${shownValue(entry.entity, change.field, change.after, names)}`;
  return line.length > LONG_VALUE ? `${line.slice(0, LONG_VALUE)}…` : line;
}

/** Who made the change: the contact, the address a failed sign-in tried, or the system. */
export function actorOf(entry: AuditEntry): string {
  if (entry.actor_name?.trim()) return entry.actor_name;
  if (entry.action === 'session.sign_in_failed') return entry.subject ?? 'Unknown';
  return 'System';
}

/** Where a record's own page is, when it has one. */
export function recordPath(entry: AuditEntry): string | null {
  if (entry.entity_id === null) return null;
  if (entry.entity === 'ticket' && entry.company_id !== null) return `/clients/${entry.company_id}/tickets/${entry.entity_id}`;
  if (entry.entity === 'company') return `/clients/${entry.entity_id}/info`;
  return null;
}
