import { z } from 'zod';
import { MAINTENANCE_TASK_MAX_CHARS, MAINTENANCE_TASKS_MAX } from '@portal/domain';
import { id, isoDate } from './common';

/** A period a schedule opened: its months ('YYYY-MM') and the ticket (null once deleted). */
export const maintenanceRun = z.object({
  period_start: z.string(),
  period_end: z.string(),
  ticket_id: id.nullable(),
});
export type MaintenanceRun = z.infer<typeof maintenanceRun>;

/** A maintenance client's schedule (docs/product/maintenance.md), as admins see it. */
export const maintenanceSchedule = z.object({
  company_id: id,
  company_name: z.string(),
  /** 'Monthly: maintenance, security ($100.00 per month)', in the product's words (a screen words it from the parts below). */
  plan: z.string(),
  frequency: z.enum(['monthly', 'quarterly', 'semiannually']),
  /** The plan's intensities ('updates' is read as 'maintenance'), and its cost per period in the agency's currency. */
  intensity: z.array(z.enum(['maintenance', 'security', 'performance'])),
  cost: z.number(),
  /** The current period's first and last month. */
  period_start: z.string(),
  period_end: z.string(),
  /** When the next period starts (the next run), and whether the current one ran. */
  next_run: isoDate,
  current_ran: z.boolean(),
  last_run: maintenanceRun.nullable(),
  paused: z.boolean(),
});
export type MaintenanceSchedule = z.infer<typeof maintenanceSchedule>;

/** PUT /maintenance/schedules/:id: pause or resume the company's schedule. */
export const maintenanceScheduleSave = z.object({ paused: z.boolean() });
export type MaintenanceScheduleSave = z.input<typeof maintenanceScheduleSave>;

/** POST /maintenance/schedules/:id/run: the current period's ticket; `opened` false when the period had run already. */
export const maintenanceRunAnswer = maintenanceRun.extend({ opened: z.boolean() });
export type MaintenanceRunAnswer = z.infer<typeof maintenanceRunAnswer>;

// Loose bounds here: the exact ones (after trimming, empties dropped) are the domain's, with its message.
const taskList = z.array(z.string().max(MAINTENANCE_TASK_MAX_CHARS * 2)).max(MAINTENANCE_TASKS_MAX * 4);

/** The task templates per intensity ('updates' reads the maintenance list). */
export const maintenanceTasks = z.object({
  maintenance: z.array(z.string()),
  security: z.array(z.string()),
  performance: z.array(z.string()),
});
export type MaintenanceTasks = z.infer<typeof maintenanceTasks>;

/** PUT /maintenance/tasks: the lists to replace; one left out stays. */
export const maintenanceTasksSave = z.object({
  maintenance: taskList.optional(),
  security: taskList.optional(),
  performance: taskList.optional(),
});
export type MaintenanceTasksSave = z.input<typeof maintenanceTasksSave>;
