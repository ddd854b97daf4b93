import {
  canIssueMonth, estimateComparison, invoiceDueDate, invoiceLines, invoiceNumber, invoiceStatusLabel, invoiceTotals, monthLabel, payrollRows,
  payrollTotal, sumUsd, type BillableEntry,
} from './billing';
import { MESSAGES } from './messages';
import { monthsBackPeriod } from './periods';

const entry = (over: Partial<BillableEntry> & { time_id: number }): BillableEntry => ({
  date: '2026-11-03T15:00:00.000Z',
  ticket_id: 1,
  ticket_title: 'Fix the footer',
  type_id: 1,
  estimated_time: 0,
  ticket_time: 0,
  description: 'work',
  time: 1,
  ...over,
});

describe('adding money', () => {
  it('adds USD amounts in whole cents, so float noise never shows', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
    expect(sumUsd(Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(sumUsd([12.34, -2.34])).toBe(10);
  });

  it('is 0 for no amounts', () => {
    expect(sumUsd([])).toBe(0);
  });
});

describe('payroll', () => {
  it('pays each agent units x the rate recorded on each entry / 10, to the cent', () => {
    const rows = payrollRows([
      { contact_id: 2, agent: 'Alex Agent', agent_payrate: 40, time: 15 },
      { contact_id: 2, agent: 'Alex Agent', agent_payrate: 45, time: 10 },
      { contact_id: 3, agent: 'Bea Builder', agent_payrate: 37.5, time: 3 },
    ]);
    expect(rows).toEqual([
      { contact_id: 2, name: 'Alex Agent', rate: null, units: 25, total: 105 },
      { contact_id: 3, name: 'Bea Builder', rate: 37.5, units: 3, total: 11.25 },
    ]);
    expect(payrollTotal(rows)).toBe(116.25);
  });

  it('adds cents, never float noise', () => {
    const rows = payrollRows(Array.from({ length: 10 }, () => ({ contact_id: 9, agent: 'Cy', agent_payrate: 33.33, time: 1 })));
    expect(rows[0]?.total).toBe(33.3);
    expect(rows[0]?.rate).toBe(33.33);
  });

  it('keeps a deleted agent by its recorded name, and counts unrated time unpaid', () => {
    const rows = payrollRows([
      { contact_id: null, agent: 'Gone Agent', agent_payrate: 40, time: 10 },
      { contact_id: 5, agent: 'No Rate', agent_payrate: null, time: 10 },
    ]);
    expect(rows).toEqual([
      { contact_id: null, name: 'Gone Agent', rate: 40, units: 10, total: 40 },
      { contact_id: 5, name: 'No Rate', rate: null, units: 10, total: 0 },
    ]);
  });
});

describe('invoice lines and totals', () => {
  it('bills 10 USD per unit and meetings (type 6) at 50 USD per hour', () => {
    const lines = invoiceLines([entry({ time_id: 2, time: 7, type_id: 6 }), entry({ time_id: 1, time: 3, date: '2026-11-01T10:00:00.000Z' })]);
    expect(lines.map((l) => [l.time_id, l.rate_kind, l.unit_price, l.amount])).toEqual([
      [1, 'standard', 10, 30],
      [2, 'meeting', 5, 35],
    ]);
    expect(invoiceTotals(lines)).toEqual({
      standard: { units: 3, unit_price: 10, amount: 30 },
      meeting: { units: 7, unit_price: 5, amount: 35 },
      units: 10,
      total: 65,
    });
  });

  it('uses the rates option, and bills a deleted ticket (no type) at the standard rate', () => {
    const rates = { unitPriceUsd: 12.5, meetingHourlyUsd: 55 };
    const lines = invoiceLines([entry({ time_id: 1, time: 3, type_id: null, ticket_id: null }), entry({ time_id: 2, time: 3, type_id: 6 })], rates);
    expect(lines.map((l) => l.amount)).toEqual([37.5, 16.5]);
    expect(invoiceTotals(lines, rates).total).toBe(54);
  });

  it('rounds each line to the cent and totals the rounded lines', () => {
    const rates = { unitPriceUsd: 10, meetingHourlyUsd: 33.33 };
    const lines = invoiceLines([entry({ time_id: 1, time: 1, type_id: 6 }), entry({ time_id: 2, time: 1, type_id: 6 }), entry({ time_id: 3, time: 1, type_id: 6 })], rates);
    expect(lines.map((l) => l.amount)).toEqual([3.33, 3.33, 3.33]);
    expect(invoiceTotals(lines, rates).total).toBe(9.99);
  });

  it('bills a correction of an invoiced month as a line of its own, negative when it takes time off', () => {
    const lines = invoiceLines([
      entry({ time_id: 1, time: 10 }),
      entry({ time_id: 2, time: -4, date: '2026-11-20T10:00:00.000Z', corrects_time_id: 77, corrects_date: '2026-10-14T15:00:00.000Z' }),
    ]);
    expect(lines.map((l) => [l.time_id, l.units, l.amount, l.corrects_time_id, l.corrects_date])).toEqual([
      [1, 10, 100, null, null],
      [2, -4, -40, 77, '2026-10-14T15:00:00.000Z'],
    ]);
    expect(invoiceTotals(lines).total).toBe(60);
    expect(invoiceTotals(lines).units).toBe(6);
  });

  it('shows the estimate beside the time logged only for estimated tickets', () => {
    const lines = invoiceLines([
      entry({ time_id: 1, ticket_id: 10, estimated_time: 20, ticket_time: 25, time: 15 }),
      entry({ time_id: 2, ticket_id: 10, estimated_time: 20, ticket_time: 25, time: 5 }),
      entry({ time_id: 3, ticket_id: 11, time: 4 }),
    ]);
    expect(lines.map((l) => [l.estimated_time, l.ticket_time])).toEqual([[20, 25], [20, 25], [null, null]]);
    expect(estimateComparison(lines)).toEqual({ tickets: 1, estimated: 20, actual: 20, unestimated: 4 });
  });
});

describe('issued invoices', () => {
  it('numbers an invoice by month and company', () => {
    expect(invoiceNumber('2026-11', 7)).toBe('INV-202611-0007');
  });

  it('is due on the 14th of the next month, or of the month after a late issue', () => {
    expect(invoiceDueDate('2026-11', '2026-11-22')).toBe('2026-12-14');
    expect(invoiceDueDate('2026-12', '2027-01-02')).toBe('2027-01-14');
    expect(invoiceDueDate('2026-10', '2026-12-14')).toBe('2027-01-14');
    expect(invoiceDueDate('2026-10', '2026-11-14')).toBe('2026-11-14');
  });

  it('labels an unpaid invoice past its due date overdue', () => {
    expect(invoiceStatusLabel('issued', '2026-12-14', '2026-12-14')).toBe('Due');
    expect(invoiceStatusLabel('issued', '2026-12-14', '2026-12-15')).toBe('Overdue');
    expect(invoiceStatusLabel('paid', '2026-12-14', '2027-03-01')).toBe('Paid');
  });

  it('issues once, for this month or earlier, with time in it', () => {
    expect(canIssueMonth({ month: '2026-11', currentMonth: '2026-11', lines: 3, alreadyIssued: false })).toEqual({ ok: true });
    expect(canIssueMonth({ month: '2026-12', currentMonth: '2026-11', lines: 3, alreadyIssued: false })).toEqual({ ok: false, message: MESSAGES.invoiceMonthNotOpen });
    expect(canIssueMonth({ month: '2026-10', currentMonth: '2026-11', lines: 3, alreadyIssued: true })).toEqual({ ok: false, message: MESSAGES.invoiceAlreadyIssued });
    expect(canIssueMonth({ month: '2026-10', currentMonth: '2026-11', lines: 0, alreadyIssued: false })).toEqual({ ok: false, message: MESSAGES.invoiceNothingToBill });
  });

  it('names a month', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

describe('months back', () => {
  it('counts calendar months back in the caller time zone', () => {
    const now = new Date('2026-12-01T03:00:00.000Z'); // still 30 November in New York
    expect(monthsBackPeriod(now, 0, 'America/New_York')?.month).toBe('2026-11');
    expect(monthsBackPeriod(now, 0, 'UTC')?.month).toBe('2026-12');
    const back = monthsBackPeriod(now, 11, 'America/New_York');
    expect(back?.month).toBe('2025-12');
    expect(back?.from.toISOString()).toBe('2025-12-01T05:00:00.000Z');
    expect(monthsBackPeriod(now, -1, 'UTC')).toBeNull();
    expect(monthsBackPeriod(now, 1.5, 'UTC')).toBeNull();
  });
});
