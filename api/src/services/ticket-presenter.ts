import type { Company, RatesValue, TicketSummary } from '@portal/contract';
import { canSeeCompanyNote, canSeeTicketValue, ticketValueUsd, type Viewer } from '@portal/domain';

/** Adds 'Current Ticket Value' for those who may see it (admins and clients), strips it for agents. */
export async function presentTickets<T extends TicketSummary>(viewer: Viewer, tickets: T[], loadRates: () => Promise<RatesValue>): Promise<T[]> {
  if (!canSeeTicketValue(viewer)) return tickets.map(({ value: _value, ...rest }) => rest as T);
  const rates = await loadRates();
  return tickets.map((t) => ({ ...t, value: ticketValueUsd(t.total_time ?? 0, t.type_id, rates) }));
}

/** The staff note of a company is for staff only (spec 001 §6). */
export function presentCompany<T extends Company>(viewer: Viewer, record: T): T {
  return canSeeCompanyNote(viewer) ? record : { ...record, note: null };
}
