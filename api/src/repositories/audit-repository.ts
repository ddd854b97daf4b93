import type { AuditEntry } from '@portal/contract';
import type { AuditAction, AuditChange } from '@portal/domain';
import { auditEntityOf } from '@portal/domain';
import type { PortalDb } from '../db/connect';

/**
 * What a write asks the trail to keep (docs/product/accounts-and-roles.md#audit-trail). The
 * service that makes the change inserts it on the change's transaction (`writeAudit`), so the
 * change and its entry commit or fail together.
 */
export interface AuditRecord {
  action: AuditAction;
  /** Who: the signed-in contact; null for a failed sign-in of an unknown address. */
  actorId: number | null;
  /** The record's id; filled in by the repository for a record it creates (see `withEntityId`). */
  entityId: number | null;
  companyId: number | null;
  subject: string | null;
  changes: readonly AuditChange[];
  ip: string | null;
}

/** A record whose id the repository only learns when it inserts the row. */
export function withEntityId(record: AuditRecord, entityId: number): AuditRecord {
  return { ...record, entityId };
}

/** Inserts the entries on `executor`, dated `now` (the API's clock): pass the transaction of the change they record. */
export async function writeAudit(executor: PortalDb, records: readonly AuditRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  const at = now.toISOString();
  await executor
    .insertInto('audit_log')
    .values(records.map((record) => ({
      date_created: at,
      actor_id: record.actorId,
      action: record.action,
      entity: auditEntityOf(record.action),
      entity_id: record.entityId,
      company_id: record.companyId,
      subject: record.subject,
      changes: JSON.stringify(record.changes),
      ip: record.ip,
    })))
    .execute();
}

export interface AuditFilter {
  entity?: string;
  action?: string;
  actorId?: number;
  companyId?: number;
  entityId?: number;
  /** ISO timestamps: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** The cursor: entries older than this id. */
  before?: number;
  limit: number;
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

export function createAuditRepository(db: PortalDb, clock: () => Date) {
  return {
    /** An entry outside any other change (a sign-in, a failed sign-in). */
    async record(records: readonly AuditRecord[]): Promise<void> {
      await writeAudit(db, records, clock());
    },

    /**
     * One page, newest first, and the cursor of the next (null at the end). Every filter is a
     * range read of one of the (column, audit_id) indexes of migration 0010; the names come from
     * a join on contacts by primary key.
     */
    async page(filter: AuditFilter): Promise<{ entries: AuditEntry[]; next: number | null }> {
      let query = db
        .selectFrom('audit_log as a')
        .leftJoin('contacts as c', 'c.contact_id', 'a.actor_id')
        .select([
          'a.audit_id', 'a.date_created', 'a.actor_id', 'a.action', 'a.entity', 'a.entity_id', 'a.company_id', 'a.subject', 'a.changes', 'a.ip',
          'c.first_name', 'c.last_name',
        ]);
      if (filter.entity !== undefined) query = query.where('a.entity', '=', filter.entity);
      if (filter.entityId !== undefined) query = query.where('a.entity_id', '=', filter.entityId);
      if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
      if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
      if (filter.companyId !== undefined) query = query.where('a.company_id', '=', filter.companyId);
      if (filter.from !== undefined) query = query.where('a.date_created', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('a.date_created', '<', filter.to);
      if (filter.before !== undefined) query = query.where('a.audit_id', '<', filter.before);
      const rows = await query.orderBy('a.audit_id', 'desc').limit(filter.limit + 1).execute();
      const page = rows.slice(0, filter.limit);
      const entries = page.map((row): AuditEntry => ({
        audit_id: row.audit_id,
        date_created: row.date_created,
        actor_id: row.actor_id,
        actor_name: row.first_name == null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
        action: row.action as AuditEntry['action'],
        entity: row.entity as AuditEntry['entity'],
        entity_id: row.entity_id,
        company_id: row.company_id,
        subject: row.subject,
        changes: parseChanges(row.changes),
        ip: row.ip,
      }));
      return { entries, next: rows.length > filter.limit ? page[page.length - 1]!.audit_id : null };
    },
  };
}

function parseChanges(text: string): AuditChange[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as AuditChange[]) : [];
  } catch {
    return [];
  }
}
