import { parseLookupList, type DefaultListName, type LookupItem } from '@portal/domain';
import { useOption } from './options';

/** The admin-editable default lists (groups, modes, services, priorities, types, statuses). */
export type LookupOptionName = DefaultListName;

/** An admin-editable lookup list, read as the API reads it; the domain's defaults stand in until (or unless) the option loads. */
export function useLookupList(name: LookupOptionName): readonly LookupItem[] {
  const { data } = useOption(name);
  return parseLookupList(name, data?.option_value);
}

/** The status, priority and type names a ticket screen shows. */
export function useLookups() {
  return {
    statuses: useLookupList('status-defaults'),
    priorities: useLookupList('priority-defaults'),
    types: useLookupList('type-defaults'),
  };
}
