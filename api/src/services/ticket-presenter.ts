import type { RatesValue, TicketSummary } from '@portal/contract';
import { canSeeTicketValue, ticketValueUsd, type Viewer } from '@portal/domain';

/** Adds 'Current Ticket Value' for those who may see it (admins and clients), strips it for agents. */
export async function presentTickets<T extends TicketSummary>(viewer: Viewer, tickets: T[], loadRates: () => Promise<RatesValue>): Promise<T[]> {
  if (!canSeeTicketValue(viewer)) return tickets.map(({ value: _value, ...rest }) => rest as T);
  const rates = await loadRates();
  return tickets.map((t) => ({ ...t, value: ticketValueUsd(t.total_time ?? 0, t.type_id, rates) }));
}
