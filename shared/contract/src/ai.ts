import { z } from 'zod';

export const aiTasksRequest = z.object({
  title: z.string().trim().min(1),
  description: z.string().default(''),
});
export type AiTasksRequest = z.input<typeof aiTasksRequest>;
export const aiTasksAnswer = z.object({ tasks: z.array(z.string()) });
export type AiTasksAnswer = z.infer<typeof aiTasksAnswer>;
/** Which helpers are connected: the task list (AI_TASK_MODEL) and the invoice summary (AI_INVOICE_MODEL). */
export const aiStatus = z.object({ tasks: z.boolean(), invoice_summary: z.boolean() });
export type AiStatus = z.infer<typeof aiStatus>;

/** POST /ai/invoice-summary (admins): the 40-word invoice message from the month's completed work. */
export const aiInvoiceSummaryRequest = z.object({
  company_id: z.coerce.number().int(),
  offset: z.coerce.number().int().min(0).max(120),
  time_zone: z.string().optional(),
});
export type AiInvoiceSummaryRequest = z.input<typeof aiInvoiceSummaryRequest>;
export const aiInvoiceSummaryAnswer = z.object({ summary: z.string() });
export type AiInvoiceSummaryAnswer = z.infer<typeof aiInvoiceSummaryAnswer>;
