import { fromCents, rateKindOf, toCentsInt, type InvoiceTotals, type RateKind, type RateTotal } from './billing';
import { TYPE } from './lookups';
import { DEFAULT_RATES, unitPriceUsdFor, type Rates } from './money';

/**
 * Entries of one ticket type that each logged the same units, counted: what a GROUP BY
 * (type_id, time) answers. The admin invoices screen totals every company of a month from these
 * groups instead of reading every entry.
 */
export interface BilledUnitsGroup {
  /** The ticket's type; null when the ticket was deleted (billed at the standard rate). */
  type_id: number | null;
  /** Units of each entry of the group. */
  units: number;
  /** How many entries logged exactly `units`. */
  entries: number;
}

/**
 * The same totals as invoiceTotals(invoiceLines(entries)), to the cent: each line is rounded to
 * cents on its own (units x unit price), so a group adds `entries` times its rounded line amount.
 */
export function groupedInvoiceTotals(groups: readonly BilledUnitsGroup[], rates: Rates = DEFAULT_RATES): InvoiceTotals {
  const sums: Record<RateKind, { units: number; cents: number }> = { standard: { units: 0, cents: 0 }, meeting: { units: 0, cents: 0 } };
  const priceOf = (kind: RateKind) => unitPriceUsdFor(kind === 'meeting' ? TYPE.meeting : TYPE.question, rates);
  for (const group of groups) {
    const kind = rateKindOf(group.type_id);
    sums[kind].units += group.units * group.entries;
    sums[kind].cents += group.entries * toCentsInt(group.units * priceOf(kind));
  }
  const total = (kind: RateKind): RateTotal => ({ units: sums[kind].units, unit_price: priceOf(kind), amount: fromCents(sums[kind].cents) });
  return {
    standard: total('standard'),
    meeting: total('meeting'),
    units: sums.standard.units + sums.meeting.units,
    total: fromCents(sums.standard.cents + sums.meeting.cents),
  };
}
