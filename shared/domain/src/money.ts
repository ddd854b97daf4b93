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
export function toCents(amount: number): number {
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
