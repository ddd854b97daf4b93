import { maintenanceEstimate, MAINTENANCE_FREQUENCY_TERMS, type MaintenancePrefs } from './maintenance';
import { DEFAULT_RATES } from './money';
import { PRIORITY } from './lookups';
import { UNITS_PER_HOUR } from './units';

/**
 * Hour banks (docs/product/hour-banks.md): a company's included hours per month, drawn down by the
 * time logged on its tickets. Everything here is in units of 6 minutes.
 */

/** One company's month as its primary contacts and staff see it. */
export interface HourBankBalance {
  /** 'YYYY-MM' in the portal's time zone. */
  month: string;
  includedUnits: number;
  rolledOverUnits: number;
  /** Included plus rolled over. */
  availableUnits: number;
  usedUnits: number;
  /** What is left of the available units, never below 0. */
  remainingUnits: number;
  /** Units used beyond the available ones. */
  overageUnits: number;
  /** Used against available, whole percent (0 when nothing is available and nothing used; 100 when only used). */
  percentUsed: number;
  /** What the month's time was spent on, most first; a deleted ticket's time is under ticketId null. */
  spentOn: { ticketId: number | null; title: string; units: number }[];
}

/** An admin's settings of a company's bank: included units (null: from the plan) and the roll-over cap. */
export interface HourBankSettings {
  includedUnits: number | null;
  rolloverCapUnits: number;
}

/** The thresholds the primary contacts and admins are told of, once per month each. */
export const HOUR_BANK_THRESHOLDS = [80, 100] as const;
export type HourBankThreshold = (typeof HOUR_BANK_THRESHOLDS)[number];

/** The most an admin may include or let roll over per month: 744 hours is every hour of a long month. */
export const HOUR_BANK_MAX_HOURS = 744;

/** Hours as the widget and the messages write them: '6.5', '10'. */
export function formatBankHours(units: number): string {
  const hours = Math.round(units) / UNITS_PER_HOUR;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

export const HOUR_BANK_MESSAGES = {
  title: 'Plan hours',
  used: ({ used, included }: { used: string; included: string }) => `${used} of ${included} hours used`,
  /** The question put to the client, e.g. 'This needs about 3 hours beyond your plan's 10: approve?'. */
  approvalQuestion: ({ hours, planHours }: { hours: string; planHours: string }) => `This needs about ${hours} hours beyond your plan's ${planHours}: approve?`,
  approvalNeeded: 'This time goes beyond the plan hours of this ticket\'s company. Ask the client for approval on the ticket first ("Ask for approval").',
  approvalPending: 'An approval is already waiting for the client\'s answer.',
  approvalNotFound: 'No approval is waiting on this ticket.',
  noBank: 'This company has no plan hours.',
  invalidBank: 'Included hours and the roll-over cap are hours from 0 to 744, in tenths.',
  invalidApproval: 'Give the hours beyond the plan, more than 0 and at most 744, in tenths.',
  approvalAsked: ({ hours }: { hours: string }) => `Asked the client to approve ${hours} hours beyond the plan.`,
  approvalApproved: ({ hours }: { hours: string }) => `Approved ${hours} hours beyond the plan.`,
  approvalDeclined: ({ hours }: { hours: string }) => `Declined ${hours} hours beyond the plan.`,
  includedLine: 'Included hours',
  overageLine: 'Overage',
} as const;

/**
 * The units a plan includes per month: its price per period spread over the period's months,
 * divided by the standard unit price and rounded down to whole units (a plan never buys a part unit).
 */
export function planIncludedUnits(prefs: MaintenancePrefs, unitPriceUsd: number = DEFAULT_RATES.unitPriceUsd): number {
  const estimate = maintenanceEstimate(prefs);
  if (!estimate || prefs.frequency === '' || unitPriceUsd <= 0) return 0;
  const months = MAINTENANCE_FREQUENCY_TERMS[prefs.frequency].months;
  // In cents, so 75.00 / 3 / 10 is 2 units, not 2.4999….
  return Math.floor(Math.round(estimate.costUsd * 100) / (months * Math.round(unitPriceUsd * 100)));
}

/** The admin's included units when set, else the plan's. */
export function includedUnitsOf(settings: HourBankSettings, prefs: MaintenancePrefs | null, unitPriceUsd?: number): number {
  if (settings.includedUnits !== null) return Math.max(0, settings.includedUnits);
  return prefs ? planIncludedUnits(prefs, unitPriceUsd) : 0;
}

/**
 * What last month leaves this month: its own included units that were not used, up to the cap
 * (cap 0: they expire). A month's own hours are drawn first, so what rolled into last month is
 * never carried again.
 */
export function rolledOverUnits(previous: { includedUnits: number; usedUnits: number } | null, capUnits: number): number {
  if (!previous || capUnits <= 0) return 0;
  return Math.min(capUnits, Math.max(0, previous.includedUnits - previous.usedUnits));
}

/** 'YYYY-MM' of the month before. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) - 1;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Used against available in whole percent, rounded down so 79.9 % is not yet 80 %. */
export function percentUsedOf(usedUnits: number, availableUnits: number): number {
  if (availableUnits <= 0) return usedUnits > 0 ? 100 : 0;
  return Math.floor((Math.max(0, usedUnits) * 100) / availableUnits);
}

/** The balance of a month from its parts; `spentOn` as given, sorted most first. */
export function hourBankBalanceOf(input: {
  month: string; includedUnits: number; rolledOverUnits: number; usedUnits: number; spentOn: HourBankBalance['spentOn'];
}): HourBankBalance {
  const availableUnits = input.includedUnits + input.rolledOverUnits;
  const used = input.usedUnits;
  return {
    month: input.month,
    includedUnits: input.includedUnits,
    rolledOverUnits: input.rolledOverUnits,
    availableUnits,
    usedUnits: used,
    remainingUnits: Math.max(0, availableUnits - used),
    overageUnits: Math.max(0, used - availableUnits),
    percentUsed: percentUsedOf(used, availableUnits),
    spentOn: input.spentOn.filter((row) => row.units !== 0).sort((a, b) => b.units - a.units || (a.ticketId ?? 0) - (b.ticketId ?? 0)),
  };
}

/** The thresholds a balance crossed from `before` to `after` (both used against the same available units). */
export function thresholdsCrossed(before: Pick<HourBankBalance, 'percentUsed'> | null, after: Pick<HourBankBalance, 'percentUsed' | 'availableUnits'>): HourBankThreshold[] {
  if (after.availableUnits <= 0) return [];
  const from = before?.percentUsed ?? 0;
  return HOUR_BANK_THRESHOLDS.filter((threshold) => from < threshold && after.percentUsed >= threshold);
}

/** The units of this entry that land beyond the bank, given what the month used before it. */
export function entryOverageUnits(balance: Pick<HourBankBalance, 'availableUnits' | 'usedUnits'>, entryUnits: number): number {
  const before = Math.max(0, balance.usedUnits - balance.availableUnits);
  const after = Math.max(0, balance.usedUnits + entryUnits - balance.availableUnits);
  return Math.max(0, after - before);
}

export type OverageCheck = { needed: false } | { needed: true; units: number };

/**
 * Whether logging `entryUnits` on a ticket needs the client's approval first: when some of it lands
 * beyond the bank, the ticket is not Urgent, and the approvals recorded for the ticket this month do
 * not cover its time beyond the bank so far plus this entry's. `units` is what is still to approve.
 */
export function overageApprovalCheck(input: {
  balance: Pick<HourBankBalance, 'availableUnits' | 'usedUnits'>;
  entryUnits: number;
  priorityId: number;
  /** Units of this ticket's time this month already beyond the bank. */
  ticketOverageUnits: number;
  /** Units the client approved for this ticket this month. */
  approvedUnits: number;
}): OverageCheck {
  if (input.priorityId === PRIORITY.urgent) return { needed: false };
  const overage = entryOverageUnits(input.balance, input.entryUnits);
  if (overage <= 0) return { needed: false };
  const short = input.ticketOverageUnits + overage - input.approvedUnits;
  return short > 0 ? { needed: true, units: short } : { needed: false };
}

/**
 * Each ticket's units beyond the bank this month: entries in the order they were logged fill the
 * available units first; what comes after is the overage of the entry's ticket.
 */
export function overageByTicket(entries: readonly { ticketId: number | null; units: number }[], availableUnits: number): Map<number | null, number> {
  const result = new Map<number | null, number>();
  let used = 0;
  for (const entry of entries) {
    const before = Math.max(0, used - availableUnits);
    used += entry.units;
    const after = Math.max(0, used - availableUnits);
    if (after !== before) result.set(entry.ticketId, (result.get(entry.ticketId) ?? 0) + after - before);
  }
  return result;
}

/** Hours as an admin or agent types them ('6.5', 6.5) -> units; null unless 0..744 in tenths (or above 0 when `positive`). */
export function readBankHours(value: unknown, options: { positive?: boolean } = {}): number | null {
  const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return null;
  const units = Math.round(hours * UNITS_PER_HOUR);
  if (Math.abs(units - hours * UNITS_PER_HOUR) > 1e-6) return null;
  if (units < (options.positive ? 1 : 0) || units > HOUR_BANK_MAX_HOURS * UNITS_PER_HOUR) return null;
  return units;
}

/** The invoice's two lines for a bank company (docs/product/hour-banks.md#on-the-invoice): time within the bank at 0, the rest at its rate. */
export interface HourBankInvoice {
  included: { units: number; amount: number };
  overage: { units: number; amount: number };
}

/**
 * Splits the month's invoice lines (oldest first) at the bank: the first `availableUnits` are included hours, billed
 * at 0 because the plan pays for them; what lies beyond is the overage, each unit at the rate of the line it is on.
 */
export function hourBankInvoice(lines: readonly { units: number; unit_price: number }[], availableUnits: number): HourBankInvoice {
  let used = 0;
  let overageUnits = 0;
  let overageCents = 0;
  for (const line of lines) {
    const before = Math.max(0, used - availableUnits);
    used += line.units;
    const beyond = Math.max(0, used - availableUnits) - before;
    overageUnits += beyond;
    overageCents += Math.round(beyond * line.unit_price * 100);
  }
  const total = lines.reduce((sum, line) => sum + line.units, 0);
  return { included: { units: total - overageUnits, amount: 0 }, overage: { units: overageUnits, amount: overageCents / 100 } };
}
