import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { AUDIT_PAGE_MAX, type AuditAction, type AuditEntity } from '@portal/domain';
import type { AuditPage } from '@portal/contract';
import { auditEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

/** The admin screen's filters (GET /audit's query without the cursor): each optional, they combine. */
export interface AuditFilter {
  entity?: AuditEntity;
  action?: AuditAction;
  actor_id?: number;
  company_id?: number;
  entity_id?: number;
  /** A day (YYYY-MM-DD, UTC) or an ISO timestamp; `to` takes its whole day. */
  from?: string;
  to?: string;
}

/** The filter as a query: the fields that are set, in the filter's order (an empty text is no filter). */
const filterQuery = (filter: AuditFilter, before?: number) => ({
  ...Object.fromEntries(Object.entries(filter).map(([name, value]) => [name, value === '' ? undefined : value])),
  before,
}) as AuditFilter & { before?: number };

/** A ticket's history (staff), newest first; `before` is the previous page's `next`. */
export const ticketAuditKey = (ticketId: number, before?: number) => pathOf(api.ticketAudit, { id: ticketId }, { before, limit: AUDIT_PAGE_MAX });
/** The whole trail (admins), filtered, newest first. */
export const auditTrailKey = (filter: AuditFilter, before?: number) => pathOf(api.audit, {}, filterQuery(filter, before));

export interface AuditApi {
  ticket(ticketId: number, before?: number): Promise<AuditPage>;
  trail(filter: AuditFilter, before?: number): Promise<AuditPage>;
}

export function createAuditApi(http: Http): AuditApi {
  return {
    ticket: (ticketId, before) => http(api.ticketAudit, { params: { id: ticketId }, query: { before, limit: AUDIT_PAGE_MAX } }),
    trail: (filter, before) => http(api.audit, { query: filterQuery(filter, before) }),
  };
}

/**
 * A ticket's History tab (staff): its latest AUDIT_PAGE_MAX changes in one read, so the live stream's
 * `/ticket/:id/audit` key refreshes it like the activity feed; `next` non-null means older ones exist.
 */
export function useTicketAudit(ticketId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(ticketId ? ticketAuditKey(ticketId) : null, () => client.audit.ticket(ticketId as number), options);
}

/**
 * The admin settings' audit screen: the trail under `filter`, pages newest first. `data` holds the
 * pages read so far; `setSize(size + 1)` reads the next one while the last page's `next` is not null.
 */
export function useAuditTrail(filter: AuditFilter, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWRInfinite<AuditPage>(
    (index, previous: AuditPage | null) => {
      if (index === 0) return auditTrailKey(filter);
      if (!previous || previous.next === null) return null;
      return auditTrailKey(filter, previous.next);
    },
    (key: string) => {
      const before = new URL(key, 'http://portal.invalid').searchParams.get('before');
      return client.audit.trail(filter, before === null ? undefined : Number(before));
    },
    options,
  );
}
