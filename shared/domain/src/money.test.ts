import { formatUsd, formatUsdWhole } from './formats';
import { agentPayUsd, DEFAULT_RATES, ticketValueUsd, unitPriceUsdFor, unitsChargeUsd } from './money';

describe('money', () => {
  it('defaults to 10 USD per unit and 50 USD per meeting hour', () => {
    expect(DEFAULT_RATES).toEqual({ unitPriceUsd: 10, meetingHourlyUsd: 50 });
    expect(unitPriceUsdFor(1)).toBe(10);
    expect(unitPriceUsdFor(6)).toBe(5);
  });

  it('values a ticket at 10 USD per unit', () => {
    expect(ticketValueUsd(0, 1, DEFAULT_RATES)).toBe(0);
    expect(ticketValueUsd(1, 1, DEFAULT_RATES)).toBe(10);
    expect(ticketValueUsd(25, 3, DEFAULT_RATES)).toBe(250);
  });

  it('bills meetings (type 6) at the hourly meeting rate', () => {
    expect(ticketValueUsd(10, 6, DEFAULT_RATES)).toBe(50);
    expect(ticketValueUsd(3, 6, DEFAULT_RATES)).toBe(15);
  });

  it('rounds the ticket value up to whole dollars', () => {
    expect(ticketValueUsd(1, 6, { unitPriceUsd: 10, meetingHourlyUsd: 55 })).toBe(6);
    expect(ticketValueUsd(3, 1, { unitPriceUsd: 10.01, meetingHourlyUsd: 50 })).toBe(31);
    expect(ticketValueUsd(3, 1, { unitPriceUsd: 0.1, meetingHourlyUsd: 50 })).toBe(1);
    expect(ticketValueUsd(10, 1, { unitPriceUsd: 0.1, meetingHourlyUsd: 50 })).toBe(1);
  });

  it('charges units with cents for invoices', () => {
    expect(unitsChargeUsd(7)).toBe(70);
    expect(unitsChargeUsd(7, 6)).toBe(35);
  });

  it('pays agents units x pay rate / 10', () => {
    expect(agentPayUsd(10, 25)).toBe(25);
    expect(agentPayUsd(3, 33)).toBe(9.9);
    expect(agentPayUsd(0, 40)).toBe(0);
  });

  it('formats whole dollars (rounded up) and dollars with cents', () => {
    expect(formatUsdWhole(1234.5)).toBe('$1,235');
    expect(formatUsdWhole(1234)).toBe('$1,234');
    expect(formatUsdWhole(0)).toBe('$0');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });
});
