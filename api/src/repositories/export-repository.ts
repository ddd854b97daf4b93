import { STATUS } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';
import { carriesEveryTag } from './tag-repository';

// The CSV exports' reads (docs/product/integrations.md#exports): each a keyset page after the last row of the one
// before, so an export of a million rows costs the same per page from first to last and never holds more than a page.

/** Rows one read answers: what an export holds in memory at most, besides the writer's buffer. */
export const EXPORT_PAGE_SIZE = 500;

const listedStatus = sql<boolean>`(t.status_id <= ${sql.lit(STATUS.testing)} or t.status_id >= ${sql.lit(STATUS.needMoreInfo)})`;

export interface TicketExportFilter {
  /** The list's status filters; empty: every status the list shows. */
  statuses: readonly number[];
  /** Maintenance Only's companies, or null for every company. */
  companyIds: readonly number[] | null;
  tags: readonly string[];
}

export interface TimeExportFilter {
  from: string;
  to: string;
  /** Only this worker's entries (an agent's own), or null for everyone's. */
  contactId: number | null;
}

const name = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

export function createExportRepository(db: PortalDb) {
  return {
    /** The staff list's tickets under its filters, by ticket number, the page after `afterId`. */
    async ticketPage(filter: TicketExportFilter, afterId: number, limit: number = EXPORT_PAGE_SIZE) {
      if (filter.companyIds !== null && filter.companyIds.length === 0) return [];
      const rows = await db.selectFrom('tickets as t')
        .innerJoin('companies as c', 'c.company_id', 't.company_id')
        .leftJoin('contacts as a', 'a.contact_id', 't.assignee_id')
        .leftJoin('contacts as r', 'r.contact_id', 't.contact_id')
        .select([
          't.ticket_id', 't.title', 'c.name as company', 't.status_id', 't.priority_id', 't.type_id', 't.on_hold',
          't.date_created', 't.date_updated', 't.date_due', 'a.first_name as a_first', 'a.last_name as a_last', 'r.first_name as r_first', 'r.last_name as r_last',
        ])
        .where(listedStatus)
        .$if(filter.statuses.length > 0, (q) => q.where('t.status_id', 'in', [...filter.statuses]))
        .$if(filter.companyIds !== null, (q) => q.where('t.company_id', 'in', [...filter.companyIds!]))
        .where(carriesEveryTag(filter.tags))
        .where('t.ticket_id', '>', afterId)
        .orderBy('t.ticket_id')
        .limit(limit)
        .execute();
      return rows.map(({ a_first, a_last, r_first, r_last, ...row }) => ({ ...row, assignee: name(a_first, a_last), requester: name(r_first, r_last) }));
    },

    /** Time entries of [from, to) by date then id, the page after `after`; with the issued invoices of their companies. */
    async timePage(filter: TimeExportFilter, after: { date: string; timeId: number } | null, limit: number = EXPORT_PAGE_SIZE) {
      const rows = await db.selectFrom('time_entries as te')
        .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
        .leftJoin('companies as c', 'c.company_id', 'te.company_id')
        .select(['te.time_id', 'te.date', 'te.ticket_id', 't.title as ticket_title', 'te.company_id', 'te.contact_name as worker', 'te.time', 'te.description'])
        .select((eb) => eb.fn.coalesce('c.name', 'te.company_name').as('company'))
        .where('te.date', '>=', filter.from)
        .where('te.date', '<', filter.to)
        .$if(filter.contactId !== null, (q) => q.where('te.contact_id', '=', filter.contactId!))
        .$if(after !== null, (q) => q.where((eb) => eb.or([
          eb('te.date', '>', after!.date),
          eb.and([eb('te.date', '=', after!.date), eb('te.time_id', '>', after!.timeId)]),
        ])))
        .orderBy('te.date')
        .orderBy('te.time_id')
        .limit(limit)
        .execute();
      const companyIds = [...new Set(rows.map((row) => row.company_id).filter((id): id is number => id !== null))];
      const invoices = companyIds.length === 0
        ? []
        : await db.selectFrom('invoices').select(['company_id', 'number', 'period_from', 'period_to']).where('company_id', 'in', companyIds).execute();
      return { rows, invoices };
    },

    /** Issued invoices, issued on [from, to] when given, by invoice id, the page after `afterId`. */
    async invoicePage(filter: { from?: string; to?: string }, afterId: number, limit: number = EXPORT_PAGE_SIZE) {
      return db.selectFrom('invoices')
        .select(['invoice_id', 'number', 'company_name', 'month', 'period_from', 'period_to', 'issue_date', 'due_date', 'total_cents', 'status', 'paid_at'])
        .$if(filter.from !== undefined, (q) => q.where('issue_date', '>=', filter.from!))
        .$if(filter.to !== undefined, (q) => q.where('issue_date', '<=', filter.to!))
        .where('invoice_id', '>', afterId)
        .orderBy('invoice_id')
        .limit(limit)
        .execute();
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
