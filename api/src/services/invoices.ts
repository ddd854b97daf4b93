import type { Invoice, InvoiceDraft, InvoiceMonth, InvoiceSummary } from '@portal/contract';
import {
  MESSAGES, TYPE, canIssueMonth, hourBankInvoice, estimateComparison, formatMoney, fromCents, groupedInvoiceTotals, invoiceDueDate, invoiceLines, invoiceNumber,
  invoiceMailRecipients, invoiceTotals, monthLabel, monthsBackPeriod, toCentsInt, unitPriceUsdFor, type BillableEntry, type InvoiceLine, type MonthPeriod, type Rates, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { isUniqueViolation, type InvoiceItemRow, type InvoiceRow } from '../repositories/invoice-repository';
import { auditedChange, auditedSnapshot, recorded, type AuditActor } from './audit';
import { contactLanguages } from './contact-language';
import { invoiceIssuedMail } from './mail-templates';
import { hourBankRepository } from '../repositories/hour-bank-repository';
import { hourBankBalance } from './hour-bank';
import { localeOption, ratesOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';
import { recordWebhookEvent } from './webhook-events';

// Monthly invoices from logged time (docs/product/time-and-billing.md#admin-invoices-screen,
// #invoices, #prices-and-rates): the month's draft of a company, every company's month, and
// issuing: the draft frozen into an invoice with its items, rates, summary and totals, and the
// primary contacts' mail, in one transaction.

const bounds = (period: MonthPeriod) => ({ month: period.month, from: period.from.toISOString(), to: period.to.toISOString() });

/** The calendar month `offset` months back in `timeZone` on the app's clock; 400 for a bad offset. */
export function monthBack(ctx: ServiceContext, offset: number, timeZone: string): MonthPeriod {
  const period = monthsBackPeriod(ctx.clock(), offset, timeZone);
  if (!period) throw new HttpError(400, MESSAGES.invalidInput);
  return period;
}

/** 'YYYY-MM-DD' of `now` in `timeZone`. */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface CompanyMonth {
  draft: InvoiceDraft;
  lines: InvoiceLine[];
}

/**
 * The month's draft. A company with plan hours (`bankUnits`: the month's available units) gets its Included hours
 * and Overage lines, and its total is the overage: time within the plan is paid by the plan (docs/product/hour-banks.md#on-the-invoice).
 */
function draftOf(
  companyId: number, companyName: string, period: MonthPeriod, entries: readonly BillableEntry[], rates: Rates, issued: InvoiceSummary | undefined,
  companyDeleted = false, bankUnits: number | null = null,
): CompanyMonth {
  const lines = invoiceLines(entries, rates);
  const totals = invoiceTotals(lines, rates);
  const bank = bankUnits === null ? null : hourBankInvoice(lines, bankUnits);
  return {
    lines,
    draft: {
      company_id: companyId,
      company_name: companyName,
      ...bounds(period),
      items: lines,
      totals: bank ? { ...totals, total: bank.overage.amount } : totals,
      estimates: estimateComparison(lines),
      invoice: issued ?? null,
      company_deleted: companyDeleted,
      hour_bank: bank,
    },
  };
}

/** The month's available units of a company with plan hours, else null. */
async function bankUnitsOf(ctx: ServiceContext, companyId: number, month: string): Promise<number | null> {
  return (await hourBankBalance(ctx, companyId, month))?.availableUnits ?? null;
}

/**
 * A company's month before it is issued. A deleted company's time still shows under the name it
 * had (docs/product/companies-and-contacts.md#deleting-a-company); a company that neither exists
 * nor has time in the month: 404.
 */
export async function companyMonth(ctx: ServiceContext, companyId: number, period: MonthPeriod): Promise<CompanyMonth> {
  const { repos } = ctx;
  const [company, entries, rates, issued, bankUnits] = await Promise.all([
    repos.companies.findById(companyId),
    repos.invoices.companyEntries(companyId, period),
    ratesOption(repos.options),
    repos.invoices.findIssued(companyId, period.month),
    bankUnitsOf(ctx, companyId, period.month),
  ]);
  const companyName = company?.name ?? entries[0]?.company_name;
  if (companyName === undefined || companyName === null) throw new HttpError(404, MESSAGES.companyNotFound);
  return draftOf(companyId, companyName, period, entries, rates, issued, !company, bankUnits);
}

/** Every company with time in the month, by name, with its total and its issued invoice: three reads. */
export async function invoiceMonth(ctx: ServiceContext, period: MonthPeriod): Promise<InvoiceMonth> {
  const { repos } = ctx;
  const [{ groups, names }, issued, rates] = await Promise.all([
    repos.invoices.periodGroups(period),
    repos.invoices.issuedForMonth(period.month),
    ratesOption(repos.options),
  ]);
  const byCompany = new Map<number, typeof groups>();
  for (const group of groups) byCompany.set(group.company_id, [...(byCompany.get(group.company_id) ?? []), group]);
  const invoices = new Map(issued.map((invoice) => [invoice.company_id, invoice]));
  const companies = [...byCompany].map(([companyId, companyGroups]) => {
    const totals = groupedInvoiceTotals(companyGroups, rates);
    return {
      company_id: companyId,
      company_name: names.get(companyId) ?? '',
      units: totals.units,
      total: totals.total,
      invoice: invoices.get(companyId) ?? null,
    };
  });
  companies.sort((a, b) => a.company_name.localeCompare(b.company_name) || a.company_id - b.company_id);
  const totals = groupedInvoiceTotals(groups, rates);
  // A company with plan hours is billed its overage only (docs/product/hour-banks.md#on-the-invoice): its draft's total.
  const banks = new Set(await hourBankRepository(ctx.db).companiesWithBanks(companies.map((company) => company.company_id)));
  let difference = 0;
  for (const company of companies) {
    if (!banks.has(company.company_id)) continue;
    const total = (await companyMonth(ctx, company.company_id, period)).draft.totals.total;
    difference += toCentsInt(total) - toCentsInt(company.total);
    company.total = total;
  }
  return { ...bounds(period), companies, totals: difference === 0 ? totals : { ...totals, total: fromCents(toCentsInt(totals.total) + difference) } };
}

/** The frozen copy as the contract shows it: unit prices from the rates it was issued with. */
export function presentInvoice(row: InvoiceRow, items: readonly InvoiceItemRow[]): Invoice {
  const rates = { unitPriceUsd: fromCents(row.unit_price_cents), meetingHourlyUsd: fromCents(row.meeting_hourly_cents) };
  const unitPrice = { standard: unitPriceUsdFor(TYPE.question, rates), meeting: unitPriceUsdFor(TYPE.meeting, rates) };
  const lines: InvoiceLine[] = items.map((item) => ({
    time_id: item.time_id ?? 0,
    date: item.date,
    ticket_id: item.ticket_id,
    ticket_title: item.ticket_title,
    description: item.description,
    units: item.units,
    rate_kind: item.rate_kind,
    unit_price: unitPrice[item.rate_kind],
    amount: fromCents(item.amount_cents),
    estimated_time: item.estimated_time,
    ticket_time: item.ticket_time,
    corrects_time_id: item.corrects_time_id,
    corrects_date: item.corrects_date,
  }));
  return {
    invoice_id: row.invoice_id,
    company_id: row.company_id,
    company_name: row.company_name,
    number: row.number,
    month: row.month,
    issue_date: row.issue_date,
    due_date: row.due_date,
    status: row.status,
    paid_at: row.paid_at,
    total: fromCents(row.total_cents),
    period_from: row.period_from,
    period_to: row.period_to,
    time_zone: row.time_zone,
    provider_name: row.provider_name,
    provider_email: row.provider_email,
    summary: row.summary,
    items: lines.map((line, index) => ({ ...line, time_id: items[index]!.time_id })),
    totals: {
      standard: { units: row.standard_units, unit_price: unitPrice.standard, amount: fromCents(row.standard_cents) },
      meeting: { units: row.meeting_units, unit_price: unitPrice.meeting, amount: fromCents(row.meeting_cents) },
      units: row.standard_units + row.meeting_units,
      total: fromCents(row.total_cents),
    },
    estimates: estimateComparison(lines),
    hour_bank: row.bank_included_units === null ? null : {
      included: { units: row.bank_included_units, amount: 0 },
      overage: { units: row.bank_overage_units ?? 0, amount: fromCents(row.bank_overage_cents ?? 0) },
    },
  };
}

/** The company's invoice, or 404 'Invoice not found.' when it is another company's or missing. */
export async function companyInvoice(ctx: ServiceContext, companyId: number, invoiceId: number): Promise<Invoice> {
  const found = await ctx.repos.invoices.findForCompany(companyId, invoiceId);
  if (!found) throw new HttpError(404, MESSAGES.invoiceNotFound);
  return presentInvoice(found.row, found.items);
}

/**
 * POST /company/:id/invoices: the month's draft frozen into an invoice, and a mail to each primary
 * contact, in one transaction. Once per company and month: the unique (company_id, month) index
 * refuses a second one even when two admins issue at the same moment (409). The audit trail's entry
 * is written in the same transaction.
 */
export async function issueInvoice(
  ctx: ServiceContext, viewer: Viewer, companyId: number, body: { offset: number; time_zone: string; summary?: string }, actor: AuditActor,
): Promise<Written<Invoice>> {
  const { repos, config } = ctx;
  // A deleted company's month is still issued, under the name its time was logged with, and mailed to
  // nobody (docs/product/time-and-billing.md#deleted-companies).
  const company = await repos.companies.findById(companyId);
  const timeZone = body.time_zone;
  const period = monthBack(ctx, body.offset, timeZone);
  const currentMonth = monthBack(ctx, 0, timeZone).month;
  const now = ctx.clock();
  const issueDate = localDate(now, timeZone);
  // The bank is read before the transaction: on SQLite the transaction holds the one connection.
  const [rates, { currency }, contacts, bankUnits] = await Promise.all([
    ratesOption(repos.options), localeOption(repos.options), repos.companyContacts.list(companyId), bankUnitsOf(ctx, companyId, period.month),
  ]);
  const primaries = invoiceMailRecipients(company !== undefined, contacts);

  let invoiceId: number;
  try {
    invoiceId = await ctx.db.transaction().execute(async (trx) => {
      // Read in the transaction (on SQLite its one connection): what is frozen is what was checked.
      const [entries, issued] = await Promise.all([
        repos.invoices.companyEntries(companyId, period, trx),
        repos.invoices.findIssued(companyId, period.month, trx),
      ]);
      const companyName = company?.name ?? entries.find((entry) => entry.company_name !== null)?.company_name;
      if (companyName === undefined || companyName === null) throw new HttpError(404, MESSAGES.companyNotFound);
      const { lines, draft } = draftOf(companyId, companyName, period, entries, rates, issued, !company, bankUnits);
      const check = canIssueMonth({ month: period.month, currentMonth, lines: lines.length, alreadyIssued: draft.invoice !== null });
      if (!check.ok) throw new HttpError(check.message === MESSAGES.invoiceAlreadyIssued ? 409 : 400, check.message);
      const { totals } = draft;
      const number = invoiceNumber(period.month, companyId);
      const dueDate = invoiceDueDate(period.month, issueDate);
      const id = await repos.invoices.create(
        trx,
        {
          company_id: companyId,
          company_name: companyName,
          number,
          month: period.month,
          period_from: period.from.toISOString(),
          period_to: period.to.toISOString(),
          time_zone: timeZone,
          issue_date: issueDate,
          due_date: dueDate,
          status: 'issued',
          paid_at: null,
          summary: body.summary ?? '',
          provider_name: config.providerName,
          provider_email: config.supportEmail,
          unit_price_cents: toCentsInt(rates.unitPriceUsd),
          meeting_hourly_cents: toCentsInt(rates.meetingHourlyUsd),
          standard_units: totals.standard.units,
          standard_cents: toCentsInt(totals.standard.amount),
          meeting_units: totals.meeting.units,
          meeting_cents: toCentsInt(totals.meeting.amount),
          total_cents: toCentsInt(totals.total),
          bank_included_units: draft.hour_bank?.included.units ?? null,
          bank_overage_units: draft.hour_bank?.overage.units ?? null,
          bank_overage_cents: draft.hour_bank ? toCentsInt(draft.hour_bank.overage.amount) : null,
          issued_by: viewer.contactId,
          date_created: now.toISOString(),
        },
        lines.map((line, index) => ({
          time_id: line.time_id,
          date: line.date,
          ticket_id: line.ticket_id,
          ticket_title: line.ticket_title,
          description: line.description,
          units: line.units,
          rate_kind: line.rate_kind,
          amount_cents: toCentsInt(line.amount),
          estimated_time: line.estimated_time,
          ticket_time: line.ticket_time,
          corrects_time_id: line.corrects_time_id,
          corrects_date: line.corrects_date,
          sort_order: index,
        })),
      );
      // The amount in the agency's currency (option locale), never converted; en-US digits in the trail and the webhook.
      const total = formatMoney(totals.total, { locale: 'en', currency });
      const mail = {
        company_id: companyId, invoice_id: id, number, month_label: monthLabel(period.month), total, due_date: dueDate,
        provider_name: config.providerName, month: period.month, total_amount: totals.total, currency,
      };
      const languageOf = await contactLanguages(trx, primaries.map((contact) => contact.contact_id));
      for (const contact of primaries) {
        await repos.mailOutbox.add(trx, { to: contact.email, ...invoiceIssuedMail(config.publicUrl, mail, contact.first_name, languageOf(contact.contact_id)), headers: AUTO_SUBMITTED });
      }
      await writeAudit(trx, [auditedSnapshot(actor, 'invoice.issued', { entityId: id, companyId, subject: number }, {
        number, month: period.month, issue_date: issueDate, due_date: dueDate, status: 'issued', summary: body.summary, total,
      }, 'created')], ctx.clock());
      await recordWebhookEvent(trx, { type: 'invoice.issued', at: now, companyId, data: { invoice: { id, number, company_id: companyId, company_name: companyName, month: period.month, issue_date: issueDate, due_date: dueDate, total } } });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.invoiceAlreadyIssued);
    throw error;
  }
  return { result: await companyInvoice(ctx, companyId, invoiceId), changes: [] };
}

/**
 * PUT /company/:id/invoices/:invoiceId: marked paid (when first paid, now) or back to issued, with
 * the trail's entry, in one transaction; 404 'Invoice not found.' when it is not this company's.
 */
export async function setInvoiceStatus(
  ctx: ServiceContext, actor: AuditActor, companyId: number, invoiceId: number, status: InvoiceRow['status'],
): Promise<Written<Invoice>> {
  const current = await companyInvoice(ctx, companyId, invoiceId);
  const paidAt = status === 'paid' ? current.paid_at ?? ctx.clock().toISOString() : null;
  const audit = auditedChange(actor, 'invoice.updated', { entityId: invoiceId, companyId, subject: current.number }, current, { status, paid_at: paidAt });
  await ctx.db.transaction().execute(async (trx) => {
    if (await ctx.repos.invoices.setStatus(trx, companyId, invoiceId, status, paidAt)) await writeAudit(trx, recorded(audit), ctx.clock());
  });
  return { result: await companyInvoice(ctx, companyId, invoiceId), changes: [] };
}
