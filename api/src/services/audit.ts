import { auditChanges, auditSnapshot, type AuditAction, type AuditChange } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AuditRecord } from '../repositories/audit-repository';

/** Who makes a change, as the trail keeps it: the signed-in contact and the caller's address. */
export interface AuditActor {
  actorId: number | null;
  ip: string | null;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return { actorId: request.viewer?.contactId ?? null, ip: request.ip ?? null };
}

/** The record an entry is about. */
export interface AuditTarget {
  entityId: number | null;
  companyId: number | null;
  subject: string | null;
}

export function auditRecord(actor: AuditActor, action: AuditAction, target: AuditTarget, changes: readonly AuditChange[]): AuditRecord {
  return { action, actorId: actor.actorId, ip: actor.ip, ...target, changes };
}

/** A change of `before` to the fields `after` names; null when no field's value changed (nothing to record). */
export function auditedChange(
  actor: AuditActor, action: AuditAction, target: AuditTarget, before: object | null, after: object,
): AuditRecord | null {
  const changes = auditChanges(before, after);
  return changes.length === 0 ? null : auditRecord(actor, action, target, changes);
}

/** A record created or deleted whole: its fields as they were. */
export function auditedSnapshot(
  actor: AuditActor, action: AuditAction, target: AuditTarget, record: object, side: 'created' | 'deleted',
): AuditRecord {
  return auditRecord(actor, action, target, auditSnapshot(record, side));
}

/** A password change: recorded as changed, its values never (`auditChanges` hides a secret field). */
export function passwordChanged(actor: AuditActor, contact: Parameters<typeof contactTarget>[0]): AuditRecord {
  return auditRecord(actor, 'contact.password_changed', contactTarget(contact), auditChanges({ password: 1 }, { password: 2 }));
}

/** The records worth keeping. */
export const recorded = (...records: (AuditRecord | null | undefined)[]): AuditRecord[] => records.filter((r): r is AuditRecord => !!r);

export const ticketTarget = (ticket: { ticket_id: number; company_id: number; title: string }): AuditTarget => ({
  entityId: ticket.ticket_id, companyId: ticket.company_id, subject: ticket.title,
});
export const companyTarget = (company: { company_id: number; name: string }): AuditTarget => ({
  entityId: company.company_id, companyId: company.company_id, subject: company.name,
});
/** A contact, and the company the change was made through when there is one. */
export const contactTarget = (contact: { contact_id: number; first_name: string; last_name: string; email?: string }, companyId: number | null = null): AuditTarget => ({
  entityId: contact.contact_id, companyId, subject: `${contact.first_name} ${contact.last_name}`.trim() + (contact.email ? ` <${contact.email}>` : ''),
});
