import { z } from 'zod';
import { HOUR_BANK_MESSAGES, readBankHours } from '@portal/domain';
import { id, isoDate } from './common';

// Hour banks (docs/product/hour-banks.md): a company's plan hours of a month, the admin's settings, and a ticket's
// approval of work beyond the plan. Units are 6 minutes; hours are what an admin or agent types.

const units = z.number().int();

/** A company's month: included, rolled over, used, and what it was spent on (tickets with units). */
export const hourBankBalance = z.object({
  month: z.string(),
  includedUnits: units,
  rolledOverUnits: units,
  availableUnits: units,
  usedUnits: units,
  remainingUnits: units,
  overageUnits: units,
  percentUsed: z.number().int(),
  spentOn: z.array(z.object({ ticketId: z.number().int().nullable(), title: z.string(), units })),
});

/** The bank's settings as an admin sees them, in hours; included null: from the plan's price. */
export const hourBankSettingsAnswer = z.object({
  included_hours: z.number().nullable(),
  rollover_cap_hours: z.number(),
});
export type HourBankSettingsAnswer = z.infer<typeof hourBankSettingsAnswer>;

/** GET /company/:id/hour-bank: both null when the company has no bank. */
export const hourBankAnswer = z.object({
  balance: hourBankBalance.nullable(),
  settings: hourBankSettingsAnswer.nullable(),
});
export type HourBankAnswer = z.infer<typeof hourBankAnswer>;

/** ?month=YYYY-MM (this month when absent). */
export const hourBankQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional(),
});

const hours = (positive: boolean) => z.union([z.number(), z.string()])
  .transform((value, context) => {
    const read = readBankHours(value, { positive });
    if (read === null) {
      context.addIssue({ code: 'custom', message: positive ? HOUR_BANK_MESSAGES.invalidApproval : HOUR_BANK_MESSAGES.invalidBank });
      return z.NEVER;
    }
    return read;
  });

/** PUT /company/:id/hour-bank (admins): on or off, included hours (null: from the plan) and the roll-over cap, both read as units. */
export const hourBankUpdate = z.object({
  enabled: z.boolean(),
  included_hours: hours(false).nullable(),
  rollover_cap_hours: hours(false),
});
export type HourBankUpdate = z.input<typeof hourBankUpdate>;

/** A ticket's request to work beyond the plan, with the question as the client reads it. */
export const overageApproval = z.object({
  id,
  month: z.string(),
  units,
  status: z.enum(['pending', 'approved', 'declined']),
  date_requested: isoDate,
  date_decided: isoDate.nullable(),
  question: z.string(),
});
export type OverageApproval = z.infer<typeof overageApproval>;

export const overageApprovalAnswer = z.object({ approval: overageApproval.nullable() });
export type OverageApprovalAnswer = z.infer<typeof overageApprovalAnswer>;

/** POST /ticket/:id/overage-approval (staff): the hours beyond the plan the work needs, read as units. */
export const overageApprovalCreate = z.object({ hours: hours(true) });
export type OverageApprovalCreate = z.input<typeof overageApprovalCreate>;
