import { TYPE } from './lookups';
import { UNITS_PER_HOUR } from './units';

export interface Rates {
  /** Standard price of one 6-minute unit (10 USD = 100 USD per hour). */
  unitPriceUsd: number;
  /** Meeting tickets (type 6) are billed at the agreement's hourly meeting rate. */
  meetingHourlyUsd: number;
}

export const DEFAULT_RATES: Readonly<Rates> = { unitPriceUsd: 10, meetingHourlyUsd: 50 };

/** Rounds to cents first so float noise (30.000000000004) never rounds a whole dollar up. */
function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function unitPriceUsdFor(typeId: number, rates: Rates = DEFAULT_RATES): number {
  return typeId === TYPE.meeting ? rates.meetingHourlyUsd / UNITS_PER_HOUR : rates.unitPriceUsd;
}

/** Charge for logged units in USD with cents (invoice lines, company totals). */
export function unitsChargeUsd(units: number, typeId: number = TYPE.question, rates: Rates = DEFAULT_RATES): number {
  return toCents(units * unitPriceUsdFor(typeId, rates));
}

/** 'Current Ticket Value': whole US dollars, rounded up (docs/product/time-and-billing.md#ticket-value). */
export function ticketValueUsd(units: number, typeId: number, rates: Rates = DEFAULT_RATES): number {
  return Math.ceil(unitsChargeUsd(units, typeId, rates));
}

/** Units x pay_rate / 10, pay_rate in USD per hour (docs/product/time-and-billing.md#agent-pay). */
export function agentPayUsd(units: number, payRatePerHour: number): number {
  return toCents((units * payRatePerHour) / UNITS_PER_HOUR);
}

// Made on first use: an Intl formatter costs milliseconds to build, and every app loads this module at start-up.
let usdWhole: Intl.NumberFormat | undefined;
let usdCents: Intl.NumberFormat | undefined;

/** '$1,235' for 1234.01: whole dollars are always rounded up, as the ticket value is. */
export function formatUsdWhole(amount: number): string {
  usdWhole ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return usdWhole.format(Math.ceil(toCents(amount)) || 0);
}

/** '$1,234.50'. */
export function formatUsd(amount: number): string {
  usdCents ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return usdCents.format(toCents(amount) || 0);
}
