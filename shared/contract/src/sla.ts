import { z } from 'zod';
import { MESSAGES, SLA_TARGET_MAX_MINUTES } from '@portal/domain';
import { id, isoDate } from './common';

// Response-time promises (docs/product/response-times.md): the provider's business hours and targets, a company's
// own targets, and a ticket's clock as staff read it.

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.slaHoursInvalid);

/** One working day: ISO weekday 1 (Monday) … 7 (Sunday), opening and closing local times 'HH:MM'. */
export const workingDay = z.object({
  day: z.number().int().min(1, MESSAGES.slaHoursInvalid).max(7, MESSAGES.slaHoursInvalid),
  open: clock,
  close: clock,
});
export type WorkingDayInput = z.infer<typeof workingDay>;

const minutes = z.number().int(MESSAGES.slaTargetInvalid).min(1, MESSAGES.slaTargetInvalid).max(SLA_TARGET_MAX_MINUTES, MESSAGES.slaTargetInvalid).nullable();

/** One priority's promise in business minutes; null: none of that kind. */
export const priorityTarget = z.object({
  priority_id: id,
  first_response_minutes: minutes,
  resolution_minutes: minutes,
});
export type PriorityTargetInput = z.infer<typeof priorityTarget>;

/** The provider's business hours and default targets; date_updated null: never saved (the defaults). */
export const slaSettings = z.object({
  time_zone: z.string(),
  days: z.array(workingDay),
  holidays: z.array(z.string()),
  targets: z.array(priorityTarget),
  date_updated: isoDate.nullable(),
});
export type SlaSettings = z.infer<typeof slaSettings>;

/** PUT /sla/settings: the whole settings (the rules beyond shape are businessHoursProblem and targetsProblem). */
export const slaSettingsSave = z.object({
  time_zone: z.string().trim().min(1, MESSAGES.slaTimeZoneUnknown),
  days: z.array(workingDay).max(7, MESSAGES.slaHoursInvalid),
  holidays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.slaHolidayInvalid)).max(1000, MESSAGES.slaHolidayInvalid),
  targets: z.array(priorityTarget).max(100, MESSAGES.slaTargetInvalid),
});
export type SlaSettingsSave = z.input<typeof slaSettingsSave>;

/** A company's own targets; null: its tickets follow the provider's. */
export const companySlaTargets = z.object({
  company_id: id,
  targets: z.array(priorityTarget).nullable(),
});
export type CompanySlaTargets = z.infer<typeof companySlaTargets>;

/** PUT /company/:id/sla-targets: the company's own targets, or null to follow the provider's again. */
export const companySlaTargetsSave = z.object({
  targets: z.array(priorityTarget).max(100, MESSAGES.slaTargetInvalid).nullable(),
});
export type CompanySlaTargetsSave = z.input<typeof companySlaTargetsSave>;

/** A ticket's next due target as staff read it (docs/product/response-times.md#the-clock); clients never get it. */
export const ticketSla = z.object({
  target: z.enum(['first_response', 'resolution']),
  /** When the target is (or was) reached; while paused, when it would be if the clock ran again at the answer's time. */
  due_at: isoDate,
  /** When 75 % of the target is used (the ticket turns amber), on the same terms. */
  at_risk_at: isoDate,
  /** Business minutes left at the answer's time; negative: over by that much. */
  left_minutes: z.number().int(),
  state: z.enum(['ok', 'at-risk', 'breached']),
  /** The ticket waits on the client (Need More Info, Testing): the clock stands still. */
  paused: z.boolean(),
});
export type TicketSla = z.infer<typeof ticketSla>;
