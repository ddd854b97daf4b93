import { z } from 'zod';
import { ticket } from './entities';

/**
 * A ticket as the dashboards list it: every field of `ticket` but the description, which no list
 * shows and which made up most of the bytes of a list polled every second.
 */
export const ticketSummary = ticket.omit({ description: true });
export type TicketSummary = z.infer<typeof ticketSummary>;

export const COMPANY_TICKETS_COMPLETED_DEFAULT = 50;
export const COMPANY_TICKETS_COMPLETED_MAX = 500;

/**
 * GET /company/:id/tickets: every open ticket (status not 5 or 6) and the newest
 * `completed_limit` completed ones (status 5, newest completion first); cancelled ones (6) are
 * not listed. 0 lists no completed ticket.
 */
export const companyTicketsQuery = z.object({
  completed_limit: z.coerce.number().int().min(0).max(COMPANY_TICKETS_COMPLETED_MAX).optional()
    .describe(`Completed tickets to list, newest completion first (default ${COMPANY_TICKETS_COMPLETED_DEFAULT}, at most ${COMPANY_TICKETS_COMPLETED_MAX})`),
});
export type CompanyTicketsQuery = z.infer<typeof companyTicketsQuery>;
