import type { LookupItem, OptionName, RatesValue } from '@portal/contract';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, DEFAULT_LIST_ITEMS, DEFAULT_RATES, parseLookupList, parseRates } from '@portal/domain';
import type { OptionRepository } from '../repositories/option-repository';

// The one place the API reads the default lists of @portal/domain: what is stored on first start,
// and what a lookup falls back to when an admin's saved list is missing or malformed.

export const LOOKUP_DEFAULTS = DEFAULT_LIST_ITEMS;
export type LookupOptionName = keyof typeof LOOKUP_DEFAULTS;

/** Every option the portal reads, with the lists of @portal/domain as their first values. */
export const DEFAULT_OPTIONS: Readonly<Record<OptionName, unknown>> = {
  ...LOOKUP_DEFAULTS,
  type_assignments: {},
  rates: DEFAULT_RATES,
  locale: { language: DEFAULT_LANGUAGE, currency: DEFAULT_CURRENCY },
};

/** Run on every start, production included: the portal cannot work without its lookup lists. */
export async function ensureDefaultOptions(options: OptionRepository): Promise<void> {
  await options.ensureDefaults(DEFAULT_OPTIONS);
}

/** A lookup list (statuses, services…) as an admin saved it, or the domain's list when unset or malformed. */
export async function lookupOption(options: OptionRepository, name: LookupOptionName): Promise<readonly LookupItem[]> {
  return parseLookupList(name, await options.get(name));
}

/** The billing rates an admin set, or the agreement's defaults when unset or malformed. */
export async function ratesOption(options: OptionRepository): Promise<RatesValue> {
  return parseRates(await options.get('rates'));
}
