import { lookupList, ratesValue, type LookupItem, type OptionName, type RatesValue } from '@portal/contract';
import {
  DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_RATES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES,
} from '@portal/domain';
import type { OptionRepository } from '../repositories/option-repository';

// The one place the API reads the default lists of @portal/domain: what is stored on first start,
// and what a lookup falls back to when an admin's saved list is missing or malformed.

export const LOOKUP_DEFAULTS = {
  'priority-defaults': DEFAULT_PRIORITIES,
  'status-defaults': DEFAULT_STATUSES,
  'type-defaults': DEFAULT_TYPES,
  'group-defaults': DEFAULT_GROUPS,
  'mode-defaults': DEFAULT_MODES,
  'service-defaults': DEFAULT_SERVICES,
} as const satisfies Partial<Record<OptionName, readonly LookupItem[]>>;
export type LookupOptionName = keyof typeof LOOKUP_DEFAULTS;

/** Every option the portal reads, with the lists of @portal/domain as their first values. */
export const DEFAULT_OPTIONS: Readonly<Record<OptionName, unknown>> = {
  ...LOOKUP_DEFAULTS,
  type_assignments: {},
  rates: DEFAULT_RATES,
};

/** Run on every start, production included: the portal cannot work without its lookup lists. */
export async function ensureDefaultOptions(options: OptionRepository): Promise<void> {
  await options.ensureDefaults(DEFAULT_OPTIONS);
}

/** A lookup list (statuses, services…) as an admin saved it, or the domain's list when unset or malformed. */
export async function lookupOption(options: OptionRepository, name: LookupOptionName): Promise<readonly LookupItem[]> {
  const parsed = lookupList.safeParse(await options.get(name));
  return parsed.success && parsed.data.length > 0 ? parsed.data : LOOKUP_DEFAULTS[name];
}

/** The billing rates an admin set, or the agreement's defaults when unset or malformed. */
export async function ratesOption(options: OptionRepository): Promise<RatesValue> {
  const parsed = ratesValue.safeParse(await options.get('rates'));
  return parsed.success ? parsed.data : { ...DEFAULT_RATES };
}
