import { invoice, type Invoice, type InvoiceSummary, invoiceSummary } from '@portal/contract';
import { invoiceEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canIssueMonth, canReadCompanyInvoices, canViewBilling, dayInZone, estimateComparison, invoiceDueDate, invoiceLines,
  invoiceNumber, invoiceTotals, monthsBackPeriod, parseRates, type BillableEntry, type MonthPeriod, type Rates,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { BillingEntry } from '../factories/billing';
import type { PortalData } from './portal-data';
import { billingEntriesIn, findCompany, monthBounds, requestMonth } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody } from './respond';

/** An invoice as lists show it (the schema drops the frozen items). */
const summaryOf = (full: Invoice): InvoiceSummary => invoiceSummary.parse(full);

/**
 * Invoice items (every company's month, one company's draft) and issued invoices, as the API
 * answers them: every figure comes from the @portal/domain rules over `db.billingEntries`.
 */
export function invoiceHandlers(db: PortalData) {
  const rates = (): Rates => parseRates(db.options.find((o) => o.option_name === 'rates')?.option_value);
  const billable = (entry: BillingEntry): BillableEntry => ({
    time_id: entry.time_id, date: entry.date, ticket_id: entry.ticket_id, ticket_title: entry.ticket_title, type_id: entry.type_id,
    estimated_time: entry.estimated_time, description: entry.description, time: entry.time,
    ticket_time: db.billingEntries.filter((e) => e.ticket_id !== null && e.ticket_id === entry.ticket_id).reduce((sum, e) => sum + e.time, 0),
  });
  const issuedFor = (companyId: number, month: string) => db.invoices.find((i) => i.company_id === companyId && i.month === month);
  const companyName = (companyId: number, entries: BillingEntry[]) =>
    findCompany(db, companyId)?.name ?? entries.find((e) => e.company)?.company ?? `Company ${companyId}`;
  const draftOf = (companyId: number, period: MonthPeriod) => {
    const entries = billingEntriesIn(db, period).filter((e) => e.company_id === companyId);
    const items = invoiceLines(entries.map(billable), rates());
    const issued = issuedFor(companyId, period.month);
    return {
      company_id: companyId, company_name: companyName(companyId, entries), ...monthBounds(period), items, totals: invoiceTotals(items, rates()),
      estimates: estimateComparison(items), invoice: issued ? summaryOf(issued) : null, company_deleted: !findCompany(db, companyId),
    };
  };
  const mayRead = (companyId: number) => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer !== null && canReadCompanyInvoices(viewer, companyId);
  };

  return [
    mock(api.invoiceMonth, ({ request, params }) => {
      const period = requestMonth(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const inMonth = billingEntriesIn(db, period);
      const ids = [...new Set(inMonth.flatMap((e) => (e.company_id === null ? [] : [e.company_id])))];
      const companies = ids.map((id) => {
        const draft = draftOf(id, period);
        return { company_id: id, company_name: draft.company_name, units: draft.totals.units, total: draft.totals.total, invoice: draft.invoice };
      }).sort((a, b) => a.company_name.localeCompare(b.company_name));
      const items = invoiceLines(inMonth.map(billable), rates());
      return answer(api.invoiceMonth, { ...monthBounds(period), companies, totals: invoiceTotals(items, rates()) });
    }),
    mock(api.invoiceDraft, ({ request, params }) => {
      const period = requestMonth(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      return answer(api.invoiceDraft, draftOf(idParam(params), period));
    }),

    mock(api.deletedCompanyInvoices, () => {
      const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
      if (!viewer || !canViewBilling(viewer)) return errorAnswer(403, MESSAGES.notAuthorized);
      const list = db.invoices.filter((i) => !findCompany(db, i.company_id)).sort((a, b) => b.month.localeCompare(a.month));
      return answer(api.deletedCompanyInvoices, list.map(summaryOf));
    }),
    mock(api.companyInvoices, ({ params }) => {
      const companyId = idParam(params);
      if (!mayRead(companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      const list = db.invoices.filter((i) => i.company_id === companyId).sort((a, b) => b.month.localeCompare(a.month));
      return answer(api.companyInvoices, list.map(summaryOf));
    }),
    mock(api.invoice, ({ params }) => {
      const companyId = idParam(params);
      if (!mayRead(companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      const found = db.invoices.find((i) => i.company_id === companyId && i.invoice_id === idParam(params, 'invoiceId'));
      return found ? answer(api.invoice, found) : errorAnswer(404, MESSAGES.invoiceNotFound);
    }),
    mock(api.issueInvoice, async ({ request, params }) => {
      const read = await readBody(request, api.issueInvoice);
      if (!read.ok) return read.answer;
      const companyId = idParam(params);
      const zone = read.body.time_zone ?? 'UTC';
      const period = monthsBackPeriod(new Date(), read.body.offset, zone);
      const current = monthsBackPeriod(new Date(), 0, zone);
      if (!period || !current) return errorAnswer(400, MESSAGES.invoiceMonthNotOpen);
      const draft = draftOf(companyId, period);
      const check = canIssueMonth({ month: period.month, currentMonth: current.month, lines: draft.items.length, alreadyIssued: draft.invoice !== null });
      if (!check.ok) return errorAnswer(check.message === MESSAGES.invoiceAlreadyIssued ? 409 : 400, check.message);
      const issueDate = dayInZone(new Date(), zone);
      const created = invoice.parse({
        invoice_id: nextId(db.invoices, (i) => i.invoice_id), company_id: companyId, company_name: draft.company_name,
        number: invoiceNumber(period.month, companyId), month: period.month, issue_date: issueDate,
        due_date: invoiceDueDate(period.month, issueDate), status: 'issued', paid_at: null, total: draft.totals.total,
        period_from: draft.from, period_to: draft.to, time_zone: zone, provider_name: 'Support Portal',
        provider_email: db.settings.support_email, summary: read.body.summary, items: draft.items, totals: draft.totals,
        estimates: draft.estimates,
      });
      db.invoices.push(created);
      return answer(api.issueInvoice, created);
    }),
    mock(api.updateInvoice, async ({ params, request }) => {
      const read = await readBody(request, api.updateInvoice);
      if (!read.ok) return read.answer;
      const found = db.invoices.find((i) => i.company_id === idParam(params) && i.invoice_id === idParam(params, 'invoiceId'));
      if (!found) return errorAnswer(404, MESSAGES.invoiceNotFound);
      found.status = read.body.status;
      found.paid_at = read.body.status === 'paid' ? nowIso() : null;
      return answer(api.updateInvoice, found);
    }),
  ];
}
