import { z } from 'zod';
import { lookupItem } from './entities';

/** The option names the API serves; anything else is not an option of this portal. */
export const OPTION_NAMES = [
  'priority-defaults',
  'status-defaults',
  'type-defaults',
  'group-defaults',
  'mode-defaults',
  'service-defaults',
  'type_assignments',
  'rates',
] as const;
export const optionName = z.enum(OPTION_NAMES);
export type OptionName = z.infer<typeof optionName>;

export const lookupList = z.array(lookupItem);

/** Ticket-type key (type name lower-cased, non-letters as underscores) -> assignee contact id. */
export const typeAssignments = z.record(z.string(), z.coerce.number().int().positive());
export type TypeAssignments = z.infer<typeof typeAssignments>;

/** USD: price of one 6-minute unit, and the meeting rate per hour (DESIGN §5). */
export const ratesValue = z.object({
  unitPriceUsd: z.number().nonnegative(),
  meetingHourlyUsd: z.number().nonnegative(),
});
export type RatesValue = z.infer<typeof ratesValue>;

/** What each option's value must look like when saved. */
export const optionValueSchemas = {
  'priority-defaults': lookupList,
  'status-defaults': lookupList,
  'type-defaults': lookupList,
  'group-defaults': lookupList,
  'mode-defaults': lookupList,
  'service-defaults': lookupList,
  type_assignments: typeAssignments,
  rates: ratesValue,
} as const satisfies Record<OptionName, z.ZodType>;

export const optionNameParam = z.object({ name: optionName });
