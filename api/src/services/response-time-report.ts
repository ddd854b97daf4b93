import type { SlaReportAnswer } from '@portal/contract';
import { MESSAGES, STATUS, monthBoundsIn, slaOutcomesOf, slaReportOf, slaTicketOf, type SlaNote } from '@portal/domain';
import { HttpError } from '../errors';
import { lookupOption } from './option-defaults';
import type { ServiceContext } from './service-context';

// The monthly response-times report (docs/product/response-times.md#the-monthly-report): the tickets opened in the
// month (read in the business hours' zone), each promise's outcome from its clock at the API's clock, per company and
// in total. Queries: the settings, the statuses, the month's tickets (by the date_created index), the companies' own
// targets, and the clock notes in batches of REPORT_NOTES_BATCH tickets.

const REPORT_NOTES_BATCH = 1000;

export async function slaReportFor(ctx: ServiceContext, month: string, companyId?: number): Promise<SlaReportAnswer> {
  const { repos } = ctx;
  const [settings, statuses] = await Promise.all([repos.sla.settings(), lookupOption(repos.options, 'status-defaults')]);
  const bounds = monthBoundsIn(month, settings.time_zone);
  if (!bounds) throw new HttpError(400, MESSAGES.invalidInput);
  const tickets = await repos.slaEvents.openedIn(bounds.from.toISOString(), bounds.to.toISOString(), companyId);
  const companies = await repos.sla.companiesTargets(tickets.map((t) => t.company_id));
  const notes = new Map<number, SlaNote[]>();
  for (let i = 0; i < tickets.length; i += REPORT_NOTES_BATCH) {
    const read = await repos.sla.clockNotes(tickets.slice(i, i + REPORT_NOTES_BATCH).map((t) => t.ticket_id));
    for (const [id, list] of read) notes.set(id, list);
  }
  const now = ctx.clock();
  const report = slaReportOf(tickets.map((ticket) => {
    const clocked = slaTicketOf(ticket, notes.get(ticket.ticket_id) ?? [], statuses);
    const targets = companies.get(ticket.company_id) ?? settings.targets;
    return {
      ticket_id: ticket.ticket_id, title: ticket.title, company_id: ticket.company_id, company_name: ticket.company_name,
      outcomes: slaOutcomesOf({ ...clocked, completed: ticket.status_id === STATUS.complete }, targets, settings, now),
    };
  }));
  return { month, time_zone: settings.time_zone, ...report };
}
