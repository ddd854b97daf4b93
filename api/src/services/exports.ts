import {
  csvFileName, freezingInvoice, localDay, lookupName, unitsToHours, zonedDateAt, type CalendarDay,
} from '@portal/domain';
import type { Readable } from 'node:stream';
import { createExportRepository, EXPORT_PAGE_SIZE, type TicketExportFilter } from '../repositories/export-repository';
import { csvStream, pagedRows } from './csv-exports';
import { lookupOption } from './option-defaults';
import type { ServiceContext } from './service-context';

// The three CSV exports (docs/product/integrations.md#exports): each file's columns and cells over its keyset pages.

const TICKET_COLUMNS = ['Ticket', 'Title', 'Company', 'Status', 'Priority', 'Type', 'Assignee', 'Requester', 'Created', 'Updated', 'Due', 'On hold'];
const TIME_COLUMNS = ['Date', 'Ticket', 'Ticket title', 'Company', 'Worker', 'Units', 'Hours', 'Description', 'Billed', 'Invoice'];
const INVOICE_COLUMNS = ['Number', 'Company', 'Period', 'Issued', 'Due', 'Total', 'Status', 'Paid'];

/** A file to send: its name and its streamed text. */
export interface CsvExport {
  fileName: string;
  body: Readable;
}

const fileNamed = (ctx: ServiceContext, kind: 'tickets' | 'time' | 'invoices', timeZone: string) => csvFileName(kind, localDay(ctx.clock(), timeZone));

/** The staff list's tickets under its filters (maintenance_only: only maintenance clients' companies), by number. */
export async function ticketExport(
  ctx: ServiceContext, query: { statuses: readonly number[]; maintenance_only: 0 | 1; tag: readonly string[] },
): Promise<CsvExport> {
  const exports = createExportRepository(ctx.db);
  const lookup = (name: 'status-defaults' | 'priority-defaults' | 'type-defaults' | 'service-defaults') => lookupOption(ctx.repos.options, name);
  const [statuses, priorities, types, services] = await Promise.all([lookup('status-defaults'), lookup('priority-defaults'), lookup('type-defaults'), lookup('service-defaults')]);
  const companyIds = query.maintenance_only === 1 ? await ctx.repos.tickets.maintenanceCompanyIds(services) : null;
  const filter: TicketExportFilter = { statuses: query.statuses, companyIds, tags: query.tag };
  const rows = pagedRows((after: { ticket_id: number } | null) => exports.ticketPage(filter, after?.ticket_id ?? 0), EXPORT_PAGE_SIZE);
  return {
    fileName: fileNamed(ctx, 'tickets', ctx.config.defaultTimeZone),
    body: csvStream(TICKET_COLUMNS, rows, (t) => [
      t.ticket_id, t.title, t.company, lookupName(statuses, t.status_id), lookupName(priorities, t.priority_id), lookupName(types, t.type_id),
      t.assignee, t.requester, t.date_created, t.date_updated, t.date_due, t.on_hold === 1,
    ]),
  };
}

/** Time entries of the days `from` to the day before `toExclusive` in `timeZone`; one worker's (an agent's own) or everyone's. */
export function timeExport(
  ctx: ServiceContext, range: { from: CalendarDay; toExclusive: CalendarDay }, timeZone: string, contactId: number | null,
): CsvExport {
  const exports = createExportRepository(ctx.db);
  const at = (day: CalendarDay) => zonedDateAt(day.year, day.month, day.day, 0, 0, timeZone).toISOString();
  const filter = { from: at(range.from), to: at(range.toExclusive), contactId };
  type Entry = Awaited<ReturnType<typeof exports.timePage>>['rows'][number] & { invoice: string | null };
  const rows = pagedRows(async (after: Entry | null) => {
    const { rows: page, invoices } = await exports.timePage(filter, after && { date: after.date, timeId: after.time_id });
    return page.map((entry) => ({ ...entry, invoice: freezingInvoice(entry, invoices)?.number ?? null }));
  }, EXPORT_PAGE_SIZE);
  return {
    fileName: fileNamed(ctx, 'time', timeZone),
    body: csvStream(TIME_COLUMNS, rows, (e) => [
      localDay(new Date(e.date), timeZone), e.ticket_id, e.ticket_title, e.company, e.worker, e.time, unitsToHours(e.time), e.description,
      e.invoice !== null, e.invoice,
    ]),
  };
}

/** The issued invoices, issued on the days `from` to `to` when given, by invoice. */
export function invoiceExport(ctx: ServiceContext, filter: { from?: string; to?: string }): CsvExport {
  const exports = createExportRepository(ctx.db);
  const rows = pagedRows((after: { invoice_id: number } | null) => exports.invoicePage(filter, after?.invoice_id ?? 0), EXPORT_PAGE_SIZE);
  return {
    fileName: fileNamed(ctx, 'invoices', ctx.config.defaultTimeZone),
    body: csvStream(INVOICE_COLUMNS, rows, (i) => [
      i.number, i.company_name, i.month, i.issue_date, i.due_date, (i.total_cents / 100).toFixed(2), i.status === 'paid' ? 'Paid' : 'Issued', i.paid_at,
    ]),
  };
}
