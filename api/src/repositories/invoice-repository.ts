import type { InvoiceSummary } from '@portal/contract';
import { fromCents, type BillableEntry, type BilledUnitsGroup, type Period } from '@portal/domain';
import type { Insertable, Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { InvoiceItemsTable, InvoicesTable } from '../db/schema';

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type NewInvoice = Insertable<InvoicesTable>;
export type InvoiceItemRow = Selectable<InvoiceItemsTable>;
export type NewInvoiceItem = Omit<Insertable<InvoiceItemsTable>, 'invoice_id' | 'item_id'>;

/** A month's entry of one company as an invoice line reads it, with the name the company had then. */
export interface BillableRow extends BillableEntry {
  company_name: string | null;
}

/** A company's month grouped by ticket type and units (see groupedInvoiceTotals). */
export interface CompanyUnitsGroup extends BilledUnitsGroup {
  company_id: number;
}

const iso = (date: Date) => date.toISOString();

/** A second invoice for a company's month is refused by invoices_company_month (isUniqueViolation). */
export { isUniqueViolation } from './unique-violation';

const SUMMARY_COLUMNS = [
  'invoice_id', 'company_id', 'company_name', 'number', 'month', 'issue_date', 'due_date', 'status', 'paid_at', 'total_cents',
] as const;

export function toInvoiceSummary(row: Pick<InvoiceRow, (typeof SUMMARY_COLUMNS)[number]>): InvoiceSummary {
  const { total_cents: totalCents, ...rest } = row;
  return { ...rest, total: fromCents(totalCents) };
}

// Issued invoices (frozen copies, docs/product/time-and-billing.md#invoices) and the month reads the
// admin invoices screen bills from. Writes take the caller's transaction: issuing reads the month
// and freezes it in one.
export function createInvoiceRepository(db: PortalDb) {
  return {
    /**
     * A company's entries of the period, oldest first, with the ticket's title, type and estimate,
     * and every unit ever logged on each ticket (one grouped read over the tickets worked).
     */
    async companyEntries(companyId: number, period: Period, executor: PortalDb = db): Promise<BillableRow[]> {
      const inPeriod = (qb: PortalDb) =>
        qb.selectFrom('time_entries as te')
          .where('te.company_id', '=', companyId)
          .where('te.date', '>=', iso(period.from))
          .where('te.date', '<', iso(period.to));
      const [rows, ticketTimes] = await Promise.all([
        inPeriod(executor)
          .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
          // A correction's line names the day of the entry it corrects (docs/product/time-and-billing.md#correcting-time).
          .leftJoin('time_entries as corrected', 'corrected.time_id', 'te.corrects_time_id')
          .select([
            'te.time_id', 'te.date', 'te.ticket_id', 't.title as ticket_title', 't.type_id', 't.estimated_time', 'te.description', 'te.time',
            'te.company_name', 'te.corrects_time_id', 'corrected.date as corrects_date',
          ])
          .orderBy('te.date')
          .orderBy('te.time_id')
          .execute(),
        executor
          .selectFrom('time_entries')
          .select((eb) => ['ticket_id', eb.fn.sum<number>('time').as('units')])
          .where('ticket_id', 'in', inPeriod(executor).select('te.ticket_id').where('te.ticket_id', 'is not', null))
          .groupBy('ticket_id')
          .execute(),
      ]);
      const logged = new Map(ticketTimes.map((row) => [row.ticket_id, Number(row.units)]));
      return rows.map((row) => ({
        ...row,
        estimated_time: row.estimated_time ?? 0,
        ticket_time: row.ticket_id === null ? 0 : logged.get(row.ticket_id) ?? 0,
      }));
    },

    /**
     * Every company's time in the period, grouped by company, ticket type and units: one grouped
     * read over the (date, company_id, company_name, ticket_id, time) index and the ticket's key.
     */
    async periodGroups(period: Period): Promise<{ groups: CompanyUnitsGroup[]; names: Map<number, string> }> {
      const rows = await db
        .selectFrom('time_entries as te')
        .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
        .select((eb) => [
          'te.company_id', 't.type_id', 'te.time', eb.fn.countAll<number>().as('entries'), eb.fn.max('te.company_name').as('company_name'),
        ])
        .where('te.date', '>=', iso(period.from))
        .where('te.date', '<', iso(period.to))
        .where('te.company_id', 'is not', null)
        .groupBy(['te.company_id', 't.type_id', 'te.time'])
        .execute();
      const ids = [...new Set(rows.map((row) => row.company_id as number))];
      const current = ids.length === 0
        ? []
        : await db.selectFrom('companies').select(['company_id', 'name']).where('company_id', 'in', ids).execute();
      // The company's current name, or the one it had when the time was logged if it is gone.
      const names = new Map(rows.map((row) => [row.company_id as number, row.company_name ?? `Company ${row.company_id}`]));
      for (const company of current) names.set(company.company_id, company.name);
      return {
        groups: rows.map((row) => ({ company_id: row.company_id as number, type_id: row.type_id, units: row.time, entries: Number(row.entries) })),
        names,
      };
    },

    /** The invoices issued for a month, every company. */
    async issuedForMonth(month: string): Promise<InvoiceSummary[]> {
      const rows = await db.selectFrom('invoices').select([...SUMMARY_COLUMNS]).where('month', '=', month).execute();
      return rows.map(toInvoiceSummary);
    },

    async findIssued(companyId: number, month: string, executor: PortalDb = db): Promise<InvoiceSummary | undefined> {
      const row = await executor
        .selectFrom('invoices')
        .select([...SUMMARY_COLUMNS])
        .where('company_id', '=', companyId)
        .where('month', '=', month)
        .executeTakeFirst();
      return row && toInvoiceSummary(row);
    },

    /** Inserts the invoice and its items in the caller's transaction; a second one for the month throws (isUniqueViolation). */
    async create(trx: PortalDb, invoice: NewInvoice, items: readonly NewInvoiceItem[]): Promise<number> {
      const { invoice_id: invoiceId } = await trx.insertInto('invoices').values(invoice).returning('invoice_id').executeTakeFirstOrThrow();
      // 12 columns a row: 1,000 rows stay under SQLite's bound-parameter limit.
      for (let start = 0; start < items.length; start += 1000) {
        await trx.insertInto('invoice_items').values(items.slice(start, start + 1000).map((item) => ({ ...item, invoice_id: invoiceId }))).execute();
      }
      return invoiceId;
    },

    /** A company's invoices, newest month first. */
    async listForCompany(companyId: number): Promise<InvoiceSummary[]> {
      const rows = await db
        .selectFrom('invoices')
        .select([...SUMMARY_COLUMNS])
        .where('company_id', '=', companyId)
        .orderBy('month', 'desc')
        .orderBy('invoice_id', 'desc')
        .execute();
      return rows.map(toInvoiceSummary);
    },

    /** Invoices of companies that no longer exist (docs/product/time-and-billing.md#deleted-companies), newest month first. */
    async listForDeletedCompanies(): Promise<InvoiceSummary[]> {
      const rows = await db
        .selectFrom('invoices')
        .select([...SUMMARY_COLUMNS])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('companies as c').select('c.company_id').whereRef('c.company_id', '=', 'invoices.company_id'))))
        .orderBy('month', 'desc')
        .orderBy('company_name')
        .orderBy('invoice_id', 'desc')
        .execute();
      return rows.map(toInvoiceSummary);
    },

    /** The invoice when it is this company's, with its items in their frozen order. */
    async findForCompany(companyId: number, invoiceId: number): Promise<{ row: InvoiceRow; items: InvoiceItemRow[] } | undefined> {
      const row = await db.selectFrom('invoices').selectAll().where('invoice_id', '=', invoiceId).where('company_id', '=', companyId).executeTakeFirst();
      if (!row) return undefined;
      const items = await db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', invoiceId).orderBy('sort_order').execute();
      return { row, items };
    },

    /** Marks it paid (paid_at set) or back to issued (paid_at cleared) on the caller's transaction; false when it is not this company's. */
    async setStatus(trx: PortalDb, companyId: number, invoiceId: number, status: InvoiceRow['status'], paidAt: string | null): Promise<boolean> {
      const result = await trx
        .updateTable('invoices')
        .set({ status, paid_at: paidAt })
        .where('invoice_id', '=', invoiceId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
