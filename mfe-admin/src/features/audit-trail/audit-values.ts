import type { AuditEntry } from '@portal/contract';

/** Where a record's own page is, when it has one (field labels and values: @portal/domain's audit-text). */
export function recordPath(entry: AuditEntry): string | null {
  if (entry.entity_id === null) return null;
  if (entry.entity === 'ticket' && entry.company_id !== null) return `/clients/${entry.company_id}/tickets/${entry.entity_id}`;
  if (entry.entity === 'company') return `/clients/${entry.entity_id}/info`;
  return null;
}
