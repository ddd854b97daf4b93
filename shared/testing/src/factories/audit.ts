import { auditEntry, type AuditEntry } from '@portal/contract';
import { ACME_ID } from './people';

/** An entry of the audit trail: by default Ada Admin (1) moving ticket #12 from New (1) to In Progress (3). */
export function anAuditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return auditEntry.parse({
    audit_id: 1, date_created: '2026-11-19T12:00:00.000Z', actor_id: 1, actor_name: 'Ada Admin', action: 'ticket.updated',
    entity: 'ticket', entity_id: 12, company_id: ACME_ID, subject: 'Fix the contact form',
    changes: [{ field: 'status_id', before: 1, after: 3 }], ip: '127.0.0.1',
    ...over,
  });
}
