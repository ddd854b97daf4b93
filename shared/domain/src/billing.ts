import { DEFAULT_RATES, agentPayUsd, unitPriceUsdFor, type Rates } from './money';
import { TYPE } from './lookups';
import { MESSAGES } from './messages';
import { parseYearMonth, formatYearMonth, type YearMonth } from './periods';

/**
 * Payroll and monthly invoices from logged time (docs/product/time-and-billing.md#payroll, #invoices;
 * docs/decisions/0007-money-in-cents.md). Money is added up in whole cents so every total equals the sum of its lines to the cent.
 */

/** Cents of a USD amount (float noise such as 30.000000000004 rounds away). */
export function toCentsInt(amountUsd: number): number {
  return Math.round(amountUsd * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** USD amounts added in whole cents: the sum is exact to the cent however many amounts there are. */
export function sumUsd(amountsUsd: Iterable<number>): number {
  let cents = 0;
  for (const amount of amountsUsd) cents += toCentsInt(amount);
  return fromCents(cents);
}

// --- Payroll ---------------------------------------------------------------------------------

/** One time entry as payroll reads it: the agent and the pay rate recorded on the entry. */
export interface PayrollEntry {
  contact_id: number | null;
  /** The agent's name as recorded on the entry (it survives deleting the agent). */
  agent: string | null;
  /** USD per hour recorded on the entry; null when the agent had none. */
  agent_payrate: number | null;
  /** Units of 6 minutes. */
  time: number;
}

export interface PayrollRow {
  contact_id: number | null;
  name: string;
  /** The pay rate of every entry, or null when the month's entries carry different rates (or none). */
  rate: number | null;
  units: number;
  /** USD with cents: the sum of units x rate / 10 over the entries. */
  total: number;
}

const UNKNOWN_AGENT = 'Unknown agent';

/** Each agent's total is the sum of time x pay rate / 10; sorted by name (docs/product/time-and-billing.md#payroll). */
export function payrollRows(entries: readonly PayrollEntry[]): PayrollRow[] {
  const rows = new Map<string, { row: PayrollRow; cents: number; rates: Set<number | null> }>();
  for (const entry of entries) {
    const key = entry.contact_id === null ? `name:${entry.agent ?? ''}` : `id:${entry.contact_id}`;
    let group = rows.get(key);
    if (!group) {
      group = { row: { contact_id: entry.contact_id, name: entry.agent?.trim() || UNKNOWN_AGENT, rate: null, units: 0, total: 0 }, cents: 0, rates: new Set() };
      rows.set(key, group);
    }
    group.row.units += entry.time;
    group.rates.add(entry.agent_payrate);
    if (entry.agent_payrate !== null) group.cents += toCentsInt(agentPayUsd(entry.time, entry.agent_payrate));
  }
  return [...rows.values()]
    .map(({ row, cents, rates }) => {
      const [only] = [...rates];
      return { ...row, rate: rates.size === 1 ? only ?? null : null, total: fromCents(cents) };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || (a.contact_id ?? 0) - (b.contact_id ?? 0));
}

/** The sum of the payroll rows, to the cent. */
export function payrollTotal(rows: readonly PayrollRow[]): number {
  return sumUsd(rows.map((row) => row.total));
}

// --- Invoice items ---------------------------------------------------------------------------

export type RateKind = 'standard' | 'meeting';

/** One time entry as an invoice reads it. */
export interface BillableEntry {
  time_id: number;
  date: string;
  ticket_id: number | null;
  ticket_title: string | null;
  /** The ticket's type; null when the ticket was deleted (billed at the standard rate). */
  type_id: number | null;
  /** The ticket's estimate in units (0 when it has none). */
  estimated_time: number;
  /** Every unit logged on the ticket so far, whatever the month. */
  ticket_time: number;
  description: string;
  time: number;
  /** A correction (docs/product/time-and-billing.md#correcting-time): the entry it corrects and that entry's date. */
  corrects_time_id?: number | null;
  corrects_date?: string | null;
}

export interface InvoiceLine {
  time_id: number;
  date: string;
  ticket_id: number | null;
  ticket_title: string | null;
  description: string;
  units: number;
  rate_kind: RateKind;
  /** USD per unit this line is billed at. */
  unit_price: number;
  /** USD with cents. */
  amount: number;
  /** The ticket's estimate beside the time logged on it, when it had one. */
  estimated_time: number | null;
  ticket_time: number | null;
  /** A correction line: the entry it corrects (in an invoiced month) and that entry's date; its units may be negative. */
  corrects_time_id: number | null;
  corrects_date: string | null;
}

export const rateKindOf = (typeId: number | null): RateKind => (typeId === TYPE.meeting ? 'meeting' : 'standard');

/**
 * An item is time x 10 USD; meeting tickets (type 6) at the meeting rate (docs/product/time-and-billing.md#prices-and-rates). Oldest first.
 * A correction is a line of its own, negative when it takes time off.
 */
export function invoiceLines(entries: readonly BillableEntry[], rates: Rates = DEFAULT_RATES): InvoiceLine[] {
  return entries
    .map((entry): InvoiceLine => {
      const kind = rateKindOf(entry.type_id);
      const unitPrice = unitPriceUsdFor(kind === 'meeting' ? TYPE.meeting : TYPE.question, rates);
      const estimated = entry.estimated_time > 0;
      return {
        time_id: entry.time_id,
        date: entry.date,
        ticket_id: entry.ticket_id,
        ticket_title: entry.ticket_title,
        description: entry.description,
        units: entry.time,
        rate_kind: kind,
        unit_price: unitPrice,
        amount: fromCents(toCentsInt(entry.time * unitPrice)),
        estimated_time: estimated ? entry.estimated_time : null,
        ticket_time: estimated ? entry.ticket_time : null,
        corrects_time_id: entry.corrects_time_id ?? null,
        corrects_date: entry.corrects_date ?? null,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.time_id - b.time_id);
}

export interface RateTotal {
  units: number;
  /** USD per unit. */
  unit_price: number;
  amount: number;
}

export interface InvoiceTotals {
  standard: RateTotal;
  meeting: RateTotal;
  units: number;
  /** The Monthly Total: the sum of the lines, to the cent. */
  total: number;
}

export function invoiceTotals(lines: readonly InvoiceLine[], rates: Rates = DEFAULT_RATES): InvoiceTotals {
  const sums = { standard: { units: 0, cents: 0 }, meeting: { units: 0, cents: 0 } };
  for (const line of lines) {
    sums[line.rate_kind].units += line.units;
    sums[line.rate_kind].cents += toCentsInt(line.amount);
  }
  const total = (kind: RateKind): RateTotal => ({
    units: sums[kind].units,
    unit_price: unitPriceUsdFor(kind === 'meeting' ? TYPE.meeting : TYPE.question, rates),
    amount: fromCents(sums[kind].cents),
  });
  return {
    standard: total('standard'),
    meeting: total('meeting'),
    units: sums.standard.units + sums.meeting.units,
    total: fromCents(sums.standard.cents + sums.meeting.cents),
  };
}

export interface EstimateComparison {
  /** Estimated tickets worked in the month, each counted once. */
  tickets: number;
  /** The sum of their estimates, in units. */
  estimated: number;
  /** The units logged on them this month. */
  actual: number;
  /** Units logged this month on tickets without an estimate. */
  unestimated: number;
}

/** The company block's 'estimated against actual' for the month. */
export function estimateComparison(lines: readonly InvoiceLine[]): EstimateComparison {
  const estimates = new Map<number, number>();
  let actual = 0;
  let unestimated = 0;
  for (const line of lines) {
    if (line.estimated_time !== null && line.ticket_id !== null) {
      estimates.set(line.ticket_id, line.estimated_time);
      actual += line.units;
    } else {
      unestimated += line.units;
    }
  }
  return { tickets: estimates.size, estimated: [...estimates.values()].reduce((a, b) => a + b, 0), actual, unestimated };
}

// --- Issued invoices -------------------------------------------------------------------------

export const INVOICE_STATUSES = ['issued', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Payment is due within the first 14 days of the month (docs/product/time-and-billing.md#agreement). */
export const INVOICE_DUE_DAY = 14;

/** The 40-word invoice message (docs/product/time-and-billing.md#invoice-summary). */
export const INVOICE_SUMMARY_WORDS = 40;
export const INVOICE_SUMMARY_MAX_LENGTH = 2000;

/** 'INV-202611-0007': one invoice per company and month, so the number is unique by construction. */
export function invoiceNumber(month: string, companyId: number): string {
  return `INV-${month.replace('-', '')}-${String(companyId).padStart(4, '0')}`;
}

function dateOnly({ year, month }: YearMonth, day: number): string {
  return `${formatYearMonth({ year, month })}-${String(day).padStart(2, '0')}`;
}

function nextMonth({ year, month }: YearMonth): YearMonth {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/**
 * The due date ('YYYY-MM-DD'): the 14th of the month after the invoiced month; an invoice issued
 * after that day (a late one) is due on the 14th of the month after it was issued.
 */
export function invoiceDueDate(invoicedMonth: string, issueDate: string): string {
  const billed = parseYearMonth(invoicedMonth);
  if (!billed) throw new Error(`Not a month: ${invoicedMonth}`);
  const due = dateOnly(nextMonth(billed), INVOICE_DUE_DAY);
  if (issueDate.slice(0, 10) <= due) return due;
  const issued = parseYearMonth(issueDate.slice(0, 7));
  if (!issued) throw new Error(`Not a date: ${issueDate}`);
  return dateOnly(nextMonth(issued), INVOICE_DUE_DAY);
}

/** What an invoice shows as its status: an issued invoice past its due date is overdue. */
export function invoiceStatusLabel(status: InvoiceStatus, dueDate: string, today: string): 'Paid' | 'Overdue' | 'Due' {
  if (status === 'paid') return 'Paid';
  return today.slice(0, 10) > dueDate.slice(0, 10) ? 'Overdue' : 'Due';
}

export type IssueCheck = { ok: true } | { ok: false; message: string };

/** A month's invoice can be issued once, for a month that has started, with time in it. */
export function canIssueMonth(input: { month: string; currentMonth: string; lines: number; alreadyIssued: boolean }): IssueCheck {
  if (!parseYearMonth(input.month) || input.month > input.currentMonth) return { ok: false, message: MESSAGES.invoiceMonthNotOpen };
  if (input.alreadyIssued) return { ok: false, message: MESSAGES.invoiceAlreadyIssued };
  if (input.lines === 0) return { ok: false, message: MESSAGES.invoiceNothingToBill };
  return { ok: true };
}

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const parsed = parseYearMonth(month);
  if (!parsed) return month;
  return new Date(Date.UTC(parsed.year, parsed.month - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
