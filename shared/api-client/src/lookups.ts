import {
  DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES, type LookupItem,
} from '@portal/domain';
import { loadedContract } from './http';
import { useOption } from './options';

const FALLBACKS = {
  'status-defaults': DEFAULT_STATUSES,
  'priority-defaults': DEFAULT_PRIORITIES,
  'type-defaults': DEFAULT_TYPES,
  'mode-defaults': DEFAULT_MODES,
  'service-defaults': DEFAULT_SERVICES,
} as const;

export type LookupOptionName = keyof typeof FALLBACKS;

/** An admin-editable lookup list; the domain's defaults stand in until (or unless) the option loads. */
export function useLookupList(name: LookupOptionName): readonly LookupItem[] {
  const { data } = useOption(name);
  // An option that has come has loaded the contract with it (every answer is checked against it).
  const parsed = data ? loadedContract()?.lookupList.safeParse(data.option_value) : undefined;
  return parsed?.success && parsed.data.length > 0 ? parsed.data : FALLBACKS[name];
}

/** The status, priority and type names a ticket screen shows. */
export function useLookups() {
  return {
    statuses: useLookupList('status-defaults'),
    priorities: useLookupList('priority-defaults'),
    types: useLookupList('type-defaults'),
  };
}
