import { z } from 'zod';
import { id, isoDate } from './common';

// The monthly statement (docs/product/statements.md): a company's month, read by its primary contacts and the admins;
// the admins' list of a month's statements with their status, and holding one back from the send.

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** GET /company/:id/statements/:month. */
export const statementParams = z.object({ id: z.coerce.number().int(), month: yearMonth });
export type StatementParams = z.infer<typeof statementParams>;

/** GET /statements?month=2026-11. */
export const statementMonthQuery = z.object({ month: yearMonth });
export type StatementMonthQuery = z.infer<typeof statementMonthQuery>;

/** Draft: not held, not sent yet; Held: an admin keeps it back from the send; Sent: queued to the primary contacts. */
export const statementStatus = z.enum(['draft', 'held', 'sent']);

export const statementTicket = z.object({
  /** Null: time logged on a ticket since deleted. */
  ticket_id: id.nullable(),
  title: z.string(),
  type_name: z.string(),
  /** Units of 6 minutes. */
  units: z.number().int(),
  /** USD with cents, at the invoice's rates. */
  amount: z.number(),
  completed: z.boolean(),
});

export const statementTypeTotal = z.object({ type_id: id.nullable(), type_name: z.string(), units: z.number().int(), amount: z.number() });

export const statementPlan = z.object({
  included_units: z.number().int(),
  rolled_over_units: z.number().int(),
  available_units: z.number().int(),
  used_units: z.number().int(),
  remaining_units: z.number().int(),
  overage_units: z.number().int(),
  percent_used: z.number(),
});

export const statementMaintenance = z.object({
  ticket_id: id,
  title: z.string(),
  tasks: z.array(z.object({ instruction: z.string(), done: z.boolean() })),
  done: z.number().int(),
});

/** A company's statement of a month. */
export const statement = z.object({
  company_id: id,
  company_name: z.string(),
  month: yearMonth,
  month_label: z.string(),
  status: statementStatus,
  date_sent: isoDate.nullable(),
  worked: z.array(statementTicket),
  completed: z.array(z.object({ ticket_id: id, title: z.string(), date_completed: isoDate })),
  by_type: z.array(statementTypeTotal),
  total_units: z.number().int(),
  total_amount: z.number(),
  plan: statementPlan.nullable(),
  maintenance: z.array(statementMaintenance),
  overdue: z.array(z.object({ ticket_id: id, title: z.string(), date_due: isoDate })),
});
export type Statement = z.infer<typeof statement>;

/** One company in the admins' list, or in a company's own list of statements. */
export const statementSummary = z.object({
  company_id: id,
  company_name: z.string(),
  month: yearMonth,
  status: statementStatus,
  total_units: z.number().int(),
  total_amount: z.number(),
  date_held: isoDate.nullable(),
  date_sent: isoDate.nullable(),
});
export type StatementSummary = z.infer<typeof statementSummary>;

export const statementList = z.array(statementSummary);

/** POST /jobs/statements/run (not in production): send as of `at` instead of the runner's clock. */
export const statementRunAnswer = z.object({
  month: yearMonth,
  sent: z.number().int(),
  held: z.number().int(),
  mail_sent: z.number().int(),
});
export type StatementRunAnswer = z.infer<typeof statementRunAnswer>;
