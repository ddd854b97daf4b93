import { z } from 'zod';
import { isoDate, timeZoneQuery } from './common';

export const TICKET_STATS_MONTHS_DEFAULT = 12;

/** GET /stats/tickets?months=12 (staff). */
export const ticketStatsQuery = timeZoneQuery.extend({
  months: z.coerce.number().int().min(1).max(36).default(TICKET_STATS_MONTHS_DEFAULT),
});
export const ticketStatsMonth = z.object({
  month: z.string(),
  from: isoDate,
  to: isoDate,
  /** Tickets created in the month. */
  opened: z.number().int(),
  /** Tickets completed in the month (date_completed). */
  closed: z.number().int(),
  /** Tickets assigned in the month, and their mean hours from creation; null when none. */
  assigned: z.number().int(),
  avg_hours_to_assignment: z.number().nullable(),
  /** Mean hours from creation of the tickets completed in the month; null when none. */
  avg_hours_to_completion: z.number().nullable(),
});
export type TicketStatsMonth = z.infer<typeof ticketStatsMonth>;
