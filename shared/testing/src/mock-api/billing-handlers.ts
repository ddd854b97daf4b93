import { http } from 'msw';
import {
  accountingCustomerList, accountingInvoiceList, accountingStatus, aiInvoiceSummaryAnswer, aiInvoiceSummaryRequest, invoice,
  invoiceDraft, invoiceIssue, invoiceList, invoiceMonth, invoiceSummary, invoiceUpdate, payroll, prevMonthTime, PREV_MONTH_PAGE_DEFAULT, ratesValue,
  type Invoice, type InvoiceSummary,
} from '@portal/contract';
import {
  DEFAULT_RATES, MESSAGES, canIssueMonth, canReadCompanyInvoices, dayInZone, estimateComparison, invoiceDueDate, invoiceLines,
  invoiceNumber, invoiceTotals, monthsBackPeriod, payrollRows, payrollTotal, type BillableEntry, type MonthPeriod, type Rates,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { BillingEntry } from '../factories/billing';
import type { PortalData } from './portal-data';
import { apiPath, errorAnswer, idParam, nextId, nowIso, readBody, reply } from './respond';

const timeZoneOf = (request: Request) => new URL(request.url).searchParams.get('time_zone') ?? 'UTC';
/** An invoice as lists show it (the schema drops the frozen items). */
const summaryOf = (full: Invoice): InvoiceSummary => invoiceSummary.parse(full);

/**
 * Payroll, invoice items, issued invoices, the AI invoice summary and the accounting service, as
 * the API answers them: every figure comes from the @portal/domain rules over `db.billingEntries`.
 */
export function billingHandlers(db: PortalData) {
  const rates = (): Rates => {
    const stored = ratesValue.safeParse(db.options.find((o) => o.option_name === 'rates')?.option_value);
    return stored.success ? stored.data : DEFAULT_RATES;
  };
  const monthOf = (request: Request, offset: unknown): MonthPeriod | null => monthsBackPeriod(new Date(), Number(offset), timeZoneOf(request));
  const bounds = (period: MonthPeriod) => ({ month: period.month, from: period.from.toISOString(), to: period.to.toISOString() });
  const inMonth = (period: MonthPeriod) => db.billingEntries
    .filter((e) => e.date >= period.from.toISOString() && e.date < period.to.toISOString())
    .sort((a, b) => a.date.localeCompare(b.date) || a.time_id - b.time_id);
  const billable = (entry: BillingEntry): BillableEntry => ({
    time_id: entry.time_id, date: entry.date, ticket_id: entry.ticket_id, ticket_title: entry.ticket_title, type_id: entry.type_id,
    estimated_time: entry.estimated_time, description: entry.description, time: entry.time,
    ticket_time: db.billingEntries.filter((e) => e.ticket_id !== null && e.ticket_id === entry.ticket_id).reduce((sum, e) => sum + e.time, 0),
  });
  const issuedFor = (companyId: number, month: string) => db.invoices.find((i) => i.company_id === companyId && i.month === month);
  const companyName = (companyId: number, entries: BillingEntry[]) =>
    db.companies.find((c) => c.company_id === companyId)?.name ?? entries.find((e) => e.company)?.company ?? `Company ${companyId}`;
  const draftOf = (companyId: number, period: MonthPeriod) => {
    const entries = inMonth(period).filter((e) => e.company_id === companyId);
    const items = invoiceLines(entries.map(billable), rates());
    const issued = issuedFor(companyId, period.month);
    return {
      company_id: companyId, company_name: companyName(companyId, entries), ...bounds(period), items, totals: invoiceTotals(items, rates()),
      estimates: estimateComparison(items), invoice: issued ? summaryOf(issued) : null,
    };
  };
  const mayRead = (companyId: number) => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer !== null && canReadCompanyInvoices(viewer, companyId);
  };
  const notAccounting = () => errorAnswer(503, MESSAGES.serviceNotConnected);

  return [
    http.get(apiPath('/company/-1/prevmonthtime/:offset'), ({ request, params }) => {
      const period = monthOf(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? PREV_MONTH_PAGE_DEFAULT);
      const after = url.searchParams.get('after');
      const cursor = (entry: { date: string; time_id: number }) => `${entry.date}_${entry.time_id}`;
      const all = inMonth(period);
      const start = after === null ? 0 : all.findIndex((entry) => cursor(entry) === after) + 1;
      const entries = all.slice(start, start + limit);
      const next = start + limit < all.length ? cursor(entries[entries.length - 1]!) : null;
      return reply(prevMonthTime, { ...bounds(period), entries, next });
    }),
    http.get(apiPath('/time/payroll/:offset'), ({ request, params }) => {
      const period = monthOf(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const rows = payrollRows(inMonth(period));
      return reply(payroll, { ...bounds(period), rows, total: payrollTotal(rows) });
    }),
    http.get(apiPath('/company/-1/invoiceitems/:offset'), ({ request, params }) => {
      const period = monthOf(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const ids = [...new Set(inMonth(period).flatMap((e) => (e.company_id === null ? [] : [e.company_id])))];
      const companies = ids.map((id) => {
        const draft = draftOf(id, period);
        return { company_id: id, company_name: draft.company_name, units: draft.totals.units, total: draft.totals.total, invoice: draft.invoice };
      }).sort((a, b) => a.company_name.localeCompare(b.company_name));
      const items = invoiceLines(inMonth(period).map(billable), rates());
      return reply(invoiceMonth, { ...bounds(period), companies, totals: invoiceTotals(items, rates()) });
    }),
    http.get(apiPath('/company/:id/invoiceitems/:offset'), ({ request, params }) => {
      const period = monthOf(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      return reply(invoiceDraft, draftOf(idParam(params), period));
    }),

    http.get(apiPath('/company/:id/invoices'), ({ params }) => {
      const companyId = idParam(params);
      if (!mayRead(companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      const list = db.invoices.filter((i) => i.company_id === companyId).sort((a, b) => b.month.localeCompare(a.month));
      return reply(invoiceList, list.map(summaryOf));
    }),
    http.get(apiPath('/company/:id/invoices/:invoiceId'), ({ params }) => {
      const companyId = idParam(params);
      if (!mayRead(companyId)) return errorAnswer(403, MESSAGES.notAuthorized);
      const found = db.invoices.find((i) => i.company_id === companyId && i.invoice_id === idParam(params, 'invoiceId'));
      return found ? reply(invoice, found) : errorAnswer(404, MESSAGES.invoiceNotFound);
    }),
    http.post(apiPath('/company/:id/invoices'), async ({ request, params }) => {
      const read = await readBody(request, invoiceIssue);
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
      return reply(invoice, created, 201);
    }),
    http.put(apiPath('/company/:id/invoices/:invoiceId'), async ({ params, request }) => {
      const read = await readBody(request, invoiceUpdate);
      if (!read.ok) return read.answer;
      const found = db.invoices.find((i) => i.company_id === idParam(params) && i.invoice_id === idParam(params, 'invoiceId'));
      if (!found) return errorAnswer(404, MESSAGES.invoiceNotFound);
      found.status = read.body.status;
      found.paid_at = read.body.status === 'paid' ? nowIso() : null;
      return reply(invoice, found);
    }),

    http.post(apiPath('/ai/invoice-summary'), async ({ request }) => {
      const read = await readBody(request, aiInvoiceSummaryRequest);
      if (!read.ok) return read.answer;
      if (db.ai.invoiceSummary === undefined) return errorAnswer(503, MESSAGES.serviceNotConnected);
      return reply(aiInvoiceSummaryAnswer, { summary: db.ai.invoiceSummary });
    }),

    http.get(apiPath('/accounting/status'), () => reply(accountingStatus, { connected: db.accounting.connected })),
    http.get(apiPath('/accounting/customers'), () => {
      if (!db.accounting.connected) return notAccounting();
      return reply(accountingCustomerList, [...db.accounting.customers].sort((a, b) => a.name.localeCompare(b.name)));
    }),
    http.get(apiPath('/accounting/customers/:customerId/invoices'), ({ params }) => {
      if (!db.accounting.connected) return notAccounting();
      const list = db.accounting.invoices[String(params.customerId)] ?? [];
      return reply(accountingInvoiceList, [...list].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate)));
    }),
  ];
}
