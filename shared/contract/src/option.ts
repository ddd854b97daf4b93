import { z } from 'zod';
import { CURRENCIES, DEFAULT_LIST_NAMES, LANGUAGES } from '@portal/domain';
import { id } from './common';

export const lookupItem = z.object({
  id,
  name: z.string(),
  color: z.string().optional(),
});
export type LookupItem = z.infer<typeof lookupItem>;

export const option = z.object({
  option_name: z.string(),
  option_value: z.unknown(),
});
export type Option = z.infer<typeof option>;

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
  'locale',
] as const;
export const optionName = z.enum(OPTION_NAMES);
export type OptionName = z.infer<typeof optionName>;

export const lookupList = z.array(lookupItem);

/** Ticket-type key (type name lower-cased, non-letters as underscores) -> assignee contact id. */
export const typeAssignments = z.record(z.string(), z.coerce.number().int().positive());
export type TypeAssignments = z.infer<typeof typeAssignments>;

/** USD: price of one 6-minute unit, and the meeting rate per hour (docs/product/time-and-billing.md#prices-and-rates). */
export const ratesValue = z.object({
  unitPriceUsd: z.number().nonnegative(),
  meetingHourlyUsd: z.number().nonnegative(),
});
export type RatesValue = z.infer<typeof ratesValue>;

/** The portal's default language and the agency's invoicing currency, set by admins (docs/product/languages.md). */
export const localeValue = z.object({ language: z.enum(LANGUAGES), currency: z.enum(CURRENCIES) });
export type LocaleValue = z.infer<typeof localeValue>;

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
  locale: localeValue,
} as const satisfies Record<OptionName, z.ZodType>;

export const optionNameParam = z.object({ name: optionName });

/** POST /options. A caller may send option_value as JSON text; it is read parsed or as text. */
export const optionSave = z.object({
  option_name: z.string().min(1),
  option_value: z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Not JSON' });
      return z.NEVER;
    }
  }),
});
export type OptionSave = z.input<typeof optionSave>;

/** The six admin-editable default lists (docs/product/companies-and-contacts.md#default-lists). */
export const defaultListName = z.enum(DEFAULT_LIST_NAMES);
export const defaultListNameParam = z.object({ name: defaultListName });

/** GET /options/:name/usage (admins): how many records use each id of the list, by id ('3': 12). Unused ids are absent. */
export const optionUsage = z.record(z.string(), z.number().int());
export type OptionUsage = z.infer<typeof optionUsage>;
