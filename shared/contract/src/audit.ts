import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_ENTITIES, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '@portal/domain';
import { id, isoDate } from './common';

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One changed field: its value before and after. */
export const auditChange = z.object({ field: z.string(), before: auditValue, after: auditValue });

export const auditAction = z.enum(AUDIT_ACTION_NAMES as [string, ...string[]]);
export const auditEntity = z.enum(AUDIT_ENTITIES);

/** One entry of the audit trail: who did what to which record, when, and the fields it changed. */
export const auditEntry = z.object({
  audit_id: id,
  date_created: isoDate,
  /** Who: null for a failed sign-in of an unknown address, or the system. */
  actor_id: id.nullable(),
  actor_name: z.string().nullable(),
  action: auditAction,
  entity: auditEntity,
  entity_id: id.nullable(),
  /** The company the record belongs to, when it belongs to one. */
  company_id: id.nullable(),
  /** What the record was called at the time: a ticket's title, a company's name, an option list's name, the address a sign-in used. */
  subject: z.string().nullable(),
  changes: z.array(auditChange),
  /** The caller's address as the server saw it. */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** One page of entries, newest first; `next` is the cursor (`before`) of the following page, null at the end. */
export const auditPage = z.object({ entries: z.array(auditEntry), next: id.nullable() });
export type AuditPage = z.infer<typeof auditPage>;

const dayOrTime = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, 'A date (YYYY-MM-DD) or an ISO timestamp');

/** GET /audit (admins): every filter is optional and they combine. `to` is inclusive of its whole day. */
export const auditQuery = z.object({
  entity: auditEntity.optional(),
  action: auditAction.optional(),
  actor_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  entity_id: z.coerce.number().int().positive().optional(),
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export type AuditQuery = z.input<typeof auditQuery>;

/** GET /ticket/:id/audit (staff): the ticket's history, newest first. */
export const ticketAuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export type TicketAuditQuery = z.input<typeof ticketAuditQuery>;
