import {
  accountingCustomer, accountingInvoice, invoice, prevMonthEntry,
  type AccountingCustomer, type AccountingInvoice, type Invoice, type PrevMonthEntry,
} from '@portal/contract';
import { ACME_ID } from './people';

/**
 * Billing fixtures. Dates default to the current calendar month (the admin invoices screen's
 * offset 0), so a test reads "this month" whenever it runs; `dayOfMonthIso(1, 3)` is the 3rd of
 * last month. Noon UTC on days 2-27 lies in the same month in every time zone.
 */
export function dayOfMonthIso(offset = 0, day = 15, now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, day, 12, 0, 0));
  return date.toISOString();
}

/** A time entry as billing reads it: GET /company/-1/prevmonthtime's entry plus its ticket's estimate (units, 0 for none). */
export type BillingEntry = PrevMonthEntry & { estimated_time: number };

let nextTimeId = 1000;

/** Alan Agent's 5 units (30 minutes, $25.00 of pay at $50/h) on Acme's ticket #12 this month. */
export function aBillingEntry(over: Partial<BillingEntry> = {}): BillingEntry {
  nextTimeId += 1;
  const entry = prevMonthEntry.parse({
    time_id: nextTimeId, company_id: ACME_ID, company: 'Acme, LLC', ticket_id: 12, ticket_title: 'Fix the contact form', type_id: 3,
    contact_id: 8, agent: 'Alan Agent', agent_payrate: 50, time: 5, date: dayOfMonthIso(0, 10), description: 'Looked into it',
    ...over,
  });
  return { ...entry, estimated_time: over.estimated_time ?? 0 };
}

/** Acme's November 2026 invoice: one half hour of standard work. */
export function anInvoice(over: Partial<Invoice> = {}): Invoice {
  return invoice.parse({
    invoice_id: 1, company_id: ACME_ID, company_name: 'Acme, LLC', number: 'INV-202611-0004', month: '2026-11',
    issue_date: '2026-11-30', due_date: '2026-12-14', status: 'issued', paid_at: null, total: 50,
    period_from: '2026-11-01T00:00:00.000Z', period_to: '2026-12-01T00:00:00.000Z', time_zone: 'UTC',
    provider_name: 'Support Portal', provider_email: 'support@portal.test', summary: 'Fixed the contact form.',
    items: [{
      time_id: 1, date: '2026-11-19T11:00:00.000Z', ticket_id: 12, ticket_title: 'Fix the contact form', description: 'Looked into it',
      units: 5, rate_kind: 'standard', unit_price: 10, amount: 50, estimated_time: null, ticket_time: null,
    }],
    totals: { standard: { units: 5, unit_price: 10, amount: 50 }, meeting: { units: 0, unit_price: 5, amount: 0 }, units: 5, total: 50 },
    estimates: { tickets: 0, estimated: 0, actual: 0, unestimated: 5 },
    ...over,
  });
}

export function anAccountingCustomer(over: Partial<AccountingCustomer> = {}): AccountingCustomer {
  return accountingCustomer.parse({
    id: 'cust-1', name: 'Acme, LLC', firstName: 'Cora', lastName: 'Client', email: 'client@demo.test', outstandingAmount: { value: '150.00' },
    ...over,
  });
}

export function anAccountingInvoice(over: Partial<AccountingInvoice> = {}): AccountingInvoice {
  return accountingInvoice.parse({
    id: 'inv-1', invoiceDate: '2026-10-31', invoiceNumber: '1001',
    items: [{ product: { name: 'Support' }, description: 'October support', total: { value: '150.00' } }],
    amountDue: { value: '150.00' }, amountPaid: { value: '0.00' },
    ...over,
  });
}
