import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_SUMMARY_MAX_LENGTH } from '@portal/domain';
import { id, isoDate } from './common';

/** An invoice line: a time entry priced at its rate, with date, ticket, description and amount (docs/product/time-and-billing.md#invoices). */
export const invoiceItem = z.object({
  time_id: id.nullable(),
  date: isoDate,
  ticket_id: id.nullable(),
  ticket_title: z.string().nullable(),
  description: z.string(),
  units: z.number().int(),
  rate_kind: z.enum(['standard', 'meeting']),
  /** USD per unit. */
  unit_price: z.number(),
  /** USD with cents. */
  amount: z.number(),
  /** The ticket's estimate (units) and the time logged on it so far, when it had an estimate. */
  estimated_time: z.number().int().nullable(),
  ticket_time: z.number().int().nullable(),
  /** A correction line (docs/product/time-and-billing.md#correcting-time): the entry it corrects and that entry's date. */
  corrects_time_id: id.nullable().default(null),
  corrects_date: isoDate.nullable().default(null),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const rateTotal = z.object({ units: z.number().int(), unit_price: z.number(), amount: z.number() });

/** Totals at each rate and the Monthly Total, to the cent. */
export const invoiceTotalsValue = z.object({
  standard: rateTotal,
  meeting: rateTotal,
  units: z.number().int(),
  total: z.number(),
});
export type InvoiceTotalsValue = z.infer<typeof invoiceTotalsValue>;

export const estimateComparisonValue = z.object({
  tickets: z.number().int(),
  estimated: z.number().int(),
  actual: z.number().int(),
  unestimated: z.number().int(),
});

export const invoiceStatus = z.enum(INVOICE_STATUSES);

/** An issued invoice as a list shows it. */
export const invoiceSummary = z.object({
  invoice_id: id,
  company_id: id,
  company_name: z.string(),
  number: z.string(),
  /** 'YYYY-MM': the month invoiced. */
  month: z.string(),
  /** 'YYYY-MM-DD'. */
  issue_date: z.string(),
  due_date: z.string(),
  status: invoiceStatus,
  paid_at: isoDate.nullable(),
  total: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/** GET /company/:id/invoices/:invoiceId: the frozen copy. */
/** A company with plan hours: its Included hours and Overage lines; the total is the overage (docs/product/hour-banks.md#on-the-invoice). */
const hourBankLines = z.object({
  included: z.object({ units: z.number().int(), amount: z.number() }),
  overage: z.object({ units: z.number().int(), amount: z.number() }),
}).nullable().default(null);

export const invoice = invoiceSummary.extend({
  period_from: isoDate,
  period_to: isoDate,
  time_zone: z.string(),
  provider_name: z.string(),
  provider_email: z.string(),
  summary: z.string(),
  items: z.array(invoiceItem),
  totals: invoiceTotalsValue,
  estimates: estimateComparisonValue,
  hour_bank: hourBankLines,
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceList = z.array(invoiceSummary);

/** A company's month before it is issued: what the admin invoices screen shows on the right. */
export const invoiceDraft = z.object({
  company_id: id,
  company_name: z.string(),
  month: z.string(),
  from: isoDate,
  to: isoDate,
  items: z.array(invoiceItem),
  totals: invoiceTotalsValue,
  estimates: estimateComparisonValue,
  /** The issued invoice of this company and month, if any. */
  invoice: invoiceSummary.nullable(),
  /** The company was deleted: its time and invoices stay (docs/product/time-and-billing.md#deleted-companies). */
  company_deleted: z.boolean().default(false),
  hour_bank: hourBankLines,
});
export type InvoiceDraft = z.infer<typeof invoiceDraft>;

/** One company in the screen's Companies list: its month total and whether it was issued. */
export const invoiceCompany = z.object({
  company_id: id,
  company_name: z.string(),
  units: z.number().int(),
  total: z.number(),
  invoice: invoiceSummary.nullable(),
});
export type InvoiceCompany = z.infer<typeof invoiceCompany>;

/** GET /company/-1/invoiceitems/:offset: every company with time in the month, by name, and the month's total. */
export const invoiceMonth = z.object({
  month: z.string(),
  from: isoDate,
  to: isoDate,
  companies: z.array(invoiceCompany),
  totals: invoiceTotalsValue,
});
export type InvoiceMonth = z.infer<typeof invoiceMonth>;

/** POST /company/:id/invoices: freeze the month `offset` months back (caller's time zone) into an invoice. */
export const invoiceIssue = z.object({
  offset: z.coerce.number().int().min(0).max(120),
  time_zone: z.string().optional(),
  summary: z.string().trim().max(INVOICE_SUMMARY_MAX_LENGTH).default(''),
});
export type InvoiceIssue = z.input<typeof invoiceIssue>;

/** PUT /company/:id/invoices/:invoiceId: mark paid (or back to issued). */
export const invoiceUpdate = z.object({ status: invoiceStatus });
export type InvoiceUpdate = z.infer<typeof invoiceUpdate>;

export const invoiceParams = z.object({ id: z.coerce.number().int(), invoiceId: z.coerce.number().int() });
