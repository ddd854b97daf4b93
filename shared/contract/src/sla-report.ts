import { z } from 'zod';
import { id, isoDate } from './common';

// The monthly response-times report (docs/product/response-times.md#the-monthly-report): the tickets opened in a month
// of the business hours' zone, per company and in total. Admins only.

/** GET /sla/report?month=2026-03&company_id=5. */
export const slaReportQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  company_id: z.coerce.number().int().optional(),
});
export type SlaReportQuery = z.input<typeof slaReportQuery>;

const slaTargetSummary = z.object({
  met: z.number().int(),
  missed: z.number().int(),
  /** Met of the decided ones, one decimal; null when none was decided. */
  met_percent: z.number().nullable(),
  /** Median business minutes to the first response (or to completion); null when none came. */
  median_minutes: z.number().int().nullable(),
});

export const slaBreach = z.object({
  ticket_id: id,
  title: z.string(),
  company_id: id,
  company_name: z.string(),
  target: z.enum(['first_response', 'resolution']),
  /** When the target fell due. */
  due_at: isoDate,
});
export type SlaBreachAnswer = z.infer<typeof slaBreach>;

const slaReportPart = z.object({
  /** Tickets opened in the month with a promise. */
  tickets: z.number().int(),
  first_response: slaTargetSummary,
  resolution: slaTargetSummary,
  breaches: z.array(slaBreach),
});

export const slaReport = z.object({
  month: z.string(),
  /** The business hours' zone the month is read in. */
  time_zone: z.string(),
  companies: z.array(slaReportPart.extend({ company_id: id, company_name: z.string() })),
  total: slaReportPart,
});
export type SlaReportAnswer = z.infer<typeof slaReport>;
