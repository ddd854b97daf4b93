import {
  HOUR_BANK_MESSAGES, entryOverageUnits, formatBankHours, hourBankBalanceOf, includedUnitsOf, overageApprovalCheck, overageByTicket, percentUsedOf,
  planIncludedUnits, previousMonth, readBankHours, rolledOverUnits, thresholdsCrossed, hourBankInvoice,
} from './hour-bank';
import { canAskOverageApproval, canDecideOverage, canReadHourBank, canSetHourBank } from './policy';
import { PRIORITY } from './lookups';

describe('included units', () => {
  test('from the plan: its price per period spread per month, over the unit price, rounded down', () => {
    // $20 a month at $10 a unit: 2 units.
    expect(planIncludedUnits({ frequency: 'monthly', intensity: ['maintenance'] })).toBe(2);
    // $50 x 1.5 = $75 a quarter, $25 a month: 2.5 units, rounded down.
    expect(planIncludedUnits({ frequency: 'quarterly', intensity: ['maintenance', 'security'] })).toBe(2);
    // $80 x 3 = $240 per 6 months, $40 a month at $4 a unit: 10.
    expect(planIncludedUnits({ frequency: 'semiannually', intensity: ['maintenance', 'security', 'performance'] }, 4)).toBe(10);
    expect(planIncludedUnits({ frequency: '', intensity: ['maintenance'] })).toBe(0);
  });

  test("an admin's hours win over the plan; no plan and none set: 0", () => {
    const plan = { frequency: 'monthly' as const, intensity: ['security'] };
    expect(includedUnitsOf({ includedUnits: 100, rolloverCapUnits: 0 }, plan)).toBe(100);
    expect(includedUnitsOf({ includedUnits: null, rolloverCapUnits: 0 }, plan)).toBe(3);
    expect(includedUnitsOf({ includedUnits: null, rolloverCapUnits: 0 }, null)).toBe(0);
  });
});

describe('roll-over', () => {
  test("last month's unused own units carry up to the cap; cap 0 lets them expire", () => {
    expect(rolledOverUnits({ includedUnits: 100, usedUnits: 60 }, 20)).toBe(20);
    expect(rolledOverUnits({ includedUnits: 100, usedUnits: 90 }, 20)).toBe(10);
    expect(rolledOverUnits({ includedUnits: 100, usedUnits: 120 }, 20)).toBe(0);
    expect(rolledOverUnits({ includedUnits: 100, usedUnits: 0 }, 0)).toBe(0);
    expect(rolledOverUnits(null, 50)).toBe(0);
  });

  test('the month before, across a year end', () => {
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-07')).toBe('2026-06');
  });
});

describe('balance', () => {
  test('remaining, overage and percent from included, rolled over and used; spent on, most first', () => {
    const balance = hourBankBalanceOf({
      month: '2026-12', includedUnits: 80, rolledOverUnits: 20, usedUnits: 65,
      spentOn: [{ ticketId: 1, title: 'A', units: 15 }, { ticketId: 2, title: 'B', units: 50 }, { ticketId: 3, title: 'C', units: 0 }],
    });
    expect(balance).toEqual({
      month: '2026-12', includedUnits: 80, rolledOverUnits: 20, availableUnits: 100, usedUnits: 65, remainingUnits: 35, overageUnits: 0,
      percentUsed: 65, spentOn: [{ ticketId: 2, title: 'B', units: 50 }, { ticketId: 1, title: 'A', units: 15 }],
    });
    expect(hourBankBalanceOf({ month: 'm', includedUnits: 10, rolledOverUnits: 0, usedUnits: 13, spentOn: [] })).toMatchObject({ remainingUnits: 0, overageUnits: 3, percentUsed: 130 });
  });

  test('percent rounds down: 79.9 % is not yet 80 %', () => {
    expect(percentUsedOf(799, 1000)).toBe(79);
    expect(percentUsedOf(0, 0)).toBe(0);
    expect(percentUsedOf(1, 0)).toBe(100);
  });

  test('the thresholds crossed between two balances, each once', () => {
    expect(thresholdsCrossed({ percentUsed: 70 }, { percentUsed: 85, availableUnits: 10 })).toEqual([80]);
    expect(thresholdsCrossed({ percentUsed: 70 }, { percentUsed: 100, availableUnits: 10 })).toEqual([80, 100]);
    expect(thresholdsCrossed({ percentUsed: 80 }, { percentUsed: 90, availableUnits: 10 })).toEqual([]);
    expect(thresholdsCrossed({ percentUsed: 0 }, { percentUsed: 100, availableUnits: 0 })).toEqual([]);
  });
});

describe('approval beyond the plan', () => {
  const balance = { availableUnits: 100, usedUnits: 95 };
  test("only the entry's units past the bank count", () => {
    expect(entryOverageUnits(balance, 3)).toBe(0);
    expect(entryOverageUnits(balance, 8)).toBe(3);
    expect(entryOverageUnits({ availableUnits: 100, usedUnits: 110 }, 4)).toBe(4);
  });

  test('needed past the bank on a non-Urgent ticket unless approvals cover its overage', () => {
    const base = { balance, priorityId: PRIORITY.medium, ticketOverageUnits: 0, approvedUnits: 0 };
    expect(overageApprovalCheck({ ...base, entryUnits: 5 })).toEqual({ needed: false });
    expect(overageApprovalCheck({ ...base, entryUnits: 8 })).toEqual({ needed: true, units: 3 });
    expect(overageApprovalCheck({ ...base, entryUnits: 8, priorityId: PRIORITY.urgent })).toEqual({ needed: false });
    expect(overageApprovalCheck({ ...base, entryUnits: 8, approvedUnits: 3 })).toEqual({ needed: false });
    expect(overageApprovalCheck({ ...base, balance: { availableUnits: 100, usedUnits: 103 }, entryUnits: 2, ticketOverageUnits: 3, approvedUnits: 4 }))
      .toEqual({ needed: true, units: 1 });
  });

  test("each ticket's overage, in the order time was logged", () => {
    const byTicket = overageByTicket([{ ticketId: 1, units: 6 }, { ticketId: 2, units: 6 }, { ticketId: 1, units: 2 }], 10);
    expect([...byTicket]).toEqual([[2, 2], [1, 2]]);
  });

  test('the question, with its arguments', () => {
    expect(HOUR_BANK_MESSAGES.approvalQuestion({ hours: formatBankHours(30), planHours: formatBankHours(100) }))
      .toBe("This needs about 3 hours beyond your plan's 10: approve?");
    expect(HOUR_BANK_MESSAGES.used({ used: formatBankHours(65), included: formatBankHours(100) })).toBe('6.5 of 10 hours used');
  });
});

test('hours as typed: tenths from 0 to 744', () => {
  expect(readBankHours('6.5')).toBe(65);
  expect(readBankHours(0)).toBe(0);
  expect(readBankHours(0, { positive: true })).toBeNull();
  expect(readBankHours(0.05)).toBeNull();
  expect(readBankHours(745)).toBeNull();
  expect(readBankHours('x')).toBeNull();
});

describe('who does what (docs/product/hour-banks.md#who-does-what)', () => {
  const admin = { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] };
  const agent = { contactId: 2, groupId: 2, companyIds: [], primaryCompanyIds: [] };
  const primary = { contactId: 3, groupId: 5, companyIds: [4], primaryCompanyIds: [4] };
  const member = { contactId: 4, groupId: 5, companyIds: [4], primaryCompanyIds: [] };
  test('staff and the primary contacts read the balance; only admins set the bank; staff ask; only primary contacts decide', () => {
    expect([admin, agent, primary, member].map((v) => canReadHourBank(v, 4))).toEqual([true, true, true, false]);
    expect(canReadHourBank(primary, 5)).toBe(false);
    expect([admin, agent, primary, member].map((v) => canSetHourBank(v))).toEqual([true, false, false, false]);
    expect([admin, agent, primary, member].map((v) => canAskOverageApproval(v))).toEqual([true, true, false, false]);
    expect([admin, agent, primary, member].map((v) => canDecideOverage(v, 4))).toEqual([false, false, true, false]);
  });
});

test('the invoice: the first available units at 0, the rest at its line\'s rate', () => {
  const lines = [{ units: 60, unit_price: 10 }, { units: 50, unit_price: 10 }, { units: 10, unit_price: 5 }];
  expect(hourBankInvoice(lines, 100)).toEqual({ included: { units: 100, amount: 0 }, overage: { units: 20, amount: 150 } });
  expect(hourBankInvoice(lines, 200)).toEqual({ included: { units: 120, amount: 0 }, overage: { units: 0, amount: 0 } });
});
