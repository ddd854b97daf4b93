import { localeValue, type LocaleValue, type LookupItem, type OptionName, type RatesValue } from '@portal/contract';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, DEFAULT_LIST_ITEMS, DEFAULT_RATES, parseLookupList, parseRates } from '@portal/domain';
import type { OptionRepository } from '../repositories/option-repository';

// The one place the API reads the default lists of @portal/domain: what is stored on first start,
// and what a lookup falls back to when an admin's saved list is missing or malformed.

export const LOOKUP_DEFAULTS = DEFAULT_LIST_ITEMS;
export type LookupOptionName = keyof typeof LOOKUP_DEFAULTS;

/** The portal's default language and the agency's currency until an admin saves the option `locale`. */
export const DEFAULT_LOCALE: LocaleValue = { language: DEFAULT_LANGUAGE, currency: DEFAULT_CURRENCY };

/** Every option the portal reads, with the lists of @portal/domain as their first values. */
export const DEFAULT_OPTIONS: Readonly<Record<OptionName, unknown>> = {
  ...LOOKUP_DEFAULTS,
  type_assignments: {},
  rates: DEFAULT_RATES,
  locale: DEFAULT_LOCALE,
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

/** The option `locale` (docs/product/languages.md): the portal's default language and the agency's currency, the defaults when unset or malformed. */
export function parseLocaleOption(value: unknown): LocaleValue {
  const parsed = localeValue.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/** The option `locale` as an admin saved it, or English and US dollars. */
export async function localeOption(options: OptionRepository): Promise<LocaleValue> {
  return parseLocaleOption(await options.get('locale'));
}
