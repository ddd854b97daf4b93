import type { AuditEntity, AuditValue } from './audit';
import { formatDateTimeUs } from './formats';
import { lookupName, type LookupItem } from './lookups';
import { formatUnitsHhmm } from './units';

// How the audit trail reads on screen, once for both its screens (the ticket page's History tab
// and the admin settings' Audit tab): field names, values with names for the ids a screen knows,
// and who made a change.

/** The records the trail names, as the screens say them ("session" is a sign-in). */
export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  ticket: 'Ticket', company: 'Company', contact: 'Contact', option: 'Option', invoice: 'Invoice', session: 'Sign-in', mail: 'Mail in', time: 'Time entry',
  webhook: 'Webhook', token: 'API token', release: 'Release',
};

/** Columns whose name alone reads badly; any other field is shown from its column name ("first_name" → "First name"). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status_id: 'Status', priority_id: 'Priority', type_id: 'Type', assignee_id: 'Assignee', contact_id: 'Contact', company_id: 'Company',
  group_id: 'Group', date_due: 'Due date', date_assigned: 'Assigned', date_completed: 'Completed', estimated_time: 'Estimate',
  estimate_required: 'Estimate required', estimate_approved: 'Estimate approval', on_hold: 'On hold', email: 'E-mail',
  option_value: 'Value', option_name: 'List',
};

export function auditFieldLabel(entity: AuditEntity, field: string): string {
  // A ticket's contact is the person who asked for it.
  if (entity === 'ticket' && field === 'contact_id') return 'Requester';
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a screen already reads to name ids with. */
export interface AuditValueNames {
  statuses: readonly LookupItem[];
  priorities: readonly LookupItem[];
  types: readonly LookupItem[];
  /** Contacts by id (the staff list, a ticket's requester). */
  people: ReadonlyMap<number, string>;
  companies: ReadonlyMap<number, string>;
  timeZone: string;
}

export const AUDIT_NO_VALUE = '—';
/** A change line longer than this is cut short on screen (the whole line stays in its title). */
export const AUDIT_LINE_MAX = 160;
const APPROVAL: Readonly<Record<string, string>> = { '-1': 'Awaiting approval', '0': 'Rejected', '1': 'Approved' };

/** A value as the screens show it: a ticket's lookups and people by name, dates and times on the viewer's clock, "—" for none. */
export function auditValueText(entity: AuditEntity, field: string, value: AuditValue, names: AuditValueNames): string {
  if (value === null || value === '') return AUDIT_NO_VALUE;
  const id = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isNaN(id) && entity === 'ticket') {
    if (field === 'status_id') return lookupName(names.statuses, id, String(id));
    if (field === 'priority_id') return lookupName(names.priorities, id, String(id));
    if (field === 'type_id') return lookupName(names.types, id, String(id));
    if (field === 'estimated_time') return formatUnitsHhmm(id);
    if (field === 'estimate_approved') return APPROVAL[String(id)] ?? String(id);
    if (field === 'on_hold' || field === 'estimate_required') return id === 1 ? 'Yes' : id === 0 ? 'No' : String(id);
  }
  // A time entry's units as hh:mm (negative for a correction that takes time off) and its date on the viewer's clock.
  if (!Number.isNaN(id) && entity === 'time' && field === 'time') return formatUnitsHhmm(id);
  if (entity === 'time' && field === 'date' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTimeUs(value, names.timeZone);
  if (!Number.isNaN(id) && (field === 'assignee_id' || field === 'contact_id')) return names.people.get(id) ?? String(id);
  if (!Number.isNaN(id) && field === 'company_id') return names.companies.get(id) ?? String(id);
  if (field.startsWith('date_') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTimeUs(value, names.timeZone);
  return String(value);
}

/** One changed field as a line: "Status: Backlog → In Progress". */
export function auditChangeLine(entity: AuditEntity, change: { field: string; before: AuditValue; after: AuditValue }, names: AuditValueNames): string {
  const shown = (value: AuditValue) => auditValueText(entity, change.field, value, names);
  return `${auditFieldLabel(entity, change.field)}: ${shown(change.before)} → ${shown(change.after)}`;
}

/** The line as the screen prints it: cut short past AUDIT_LINE_MAX. */
export function shortAuditLine(line: string): string {
  return line.length > AUDIT_LINE_MAX ? `${line.slice(0, AUDIT_LINE_MAX)}…` : line;
}

/** Who made the change: the contact, the address a failed sign-in tried, or the system. */
export function auditActorName(entry: { actor_name: string | null; action: string; subject: string | null }): string {
  if (entry.actor_name?.trim()) return entry.actor_name;
  if (entry.action === 'session.sign_in_failed') return entry.subject ?? 'Unknown';
  return 'System';
}
