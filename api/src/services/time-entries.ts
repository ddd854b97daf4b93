import type { TimeEntryCreated } from '@portal/contract';
import { MESSAGES, isAssignableStaff } from '@portal/domain';
import { HttpError } from '../errors';
import { displayName } from '../repositories/contact-repository';
import type { ServiceContext, Written } from './service-context';

/**
 * Time logged on a ticket (docs/product/time-and-billing.md#logging-time) by a staff contact the
 * caller may log for: 404 for a missing ticket, 400 when the worker is not active staff. The entry
 * keeps the company's and the worker's names and pay rate as they are now, so deleting either never
 * changes billed history. Answers the entry and the ticket's new total.
 */
export async function logTime(
  ctx: ServiceContext,
  entry: { ticket_id: number; contact_id: number; time: number; description: string },
): Promise<Written<TimeEntryCreated>> {
  const { repos } = ctx;
  const ticket = await repos.tickets.findById(entry.ticket_id);
  if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
  const worker = await repos.contacts.findById(entry.contact_id);
  if (!worker || !isAssignableStaff(worker)) throw new HttpError(400, MESSAGES.invalidTimeEntry);
  const created = await repos.time.create({
    ticket_id: ticket.ticket_id,
    contact_id: worker.contact_id,
    time: entry.time,
    description: entry.description,
    company_id: ticket.company_id,
    company_name: ticket.company_name,
    contact_name: displayName(worker),
    pay_rate: await repos.contacts.payRate(worker.contact_id),
  });
  return {
    result: { entry: created, total_time: await repos.time.totalForTicket(ticket.ticket_id) },
    changes: [{ kind: 'time', ticketId: ticket.ticket_id, companyId: ticket.company_id, contactId: worker.contact_id }],
  };
}
