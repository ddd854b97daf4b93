import { invoiceLines, invoiceTotals, type BillableEntry } from './billing';
import { groupedInvoiceTotals, type BilledUnitsGroup } from './billing-groups';

const entry = (time_id: number, type_id: number | null, time: number): BillableEntry => ({
  time_id, date: '2026-11-03T15:00:00.000Z', ticket_id: time_id, ticket_title: 'T', type_id, estimated_time: 0, ticket_time: 0, description: 'w', time,
});

function grouped(entries: readonly BillableEntry[]): BilledUnitsGroup[] {
  const groups = new Map<string, BilledUnitsGroup>();
  for (const e of entries) {
    const key = `${e.type_id}:${e.time}`;
    const group = groups.get(key) ?? { type_id: e.type_id, units: e.time, entries: 0 };
    group.entries += 1;
    groups.set(key, group);
  }
  return [...groups.values()];
}

describe('groupedInvoiceTotals', () => {
  it('equals the totals of the lines, to the cent, at both rates', () => {
    const entries = [entry(1, 1, 3), entry(2, 1, 3), entry(3, 6, 5), entry(4, 6, 7), entry(5, null, 2), entry(6, 2, 11)];
    expect(groupedInvoiceTotals(grouped(entries))).toEqual(invoiceTotals(invoiceLines(entries)));
    expect(groupedInvoiceTotals(grouped(entries)).total).toBe(250);
  });

  it('rounds each line before adding, as the lines do, with rates that leave fractions of a cent', () => {
    const rates = { unitPriceUsd: 10.333, meetingHourlyUsd: 47.33 };
    const entries = Array.from({ length: 30 }, (_, i) => entry(i + 1, i % 3 === 0 ? 6 : 1, (i % 7) + 1));
    expect(groupedInvoiceTotals(grouped(entries), rates)).toEqual(invoiceTotals(invoiceLines(entries, rates), rates));
  });

  it('no groups: zero at both rates', () => {
    expect(groupedInvoiceTotals([])).toEqual(invoiceTotals([]));
  });
});
