import { useOption } from '@portal/api-client';
import { lookupList } from '@portal/contract';
import { DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_TYPES, type LookupItem } from '@portal/domain';

function listOr(value: unknown, fallback: readonly LookupItem[]): readonly LookupItem[] {
  const parsed = lookupList.safeParse(value);
  return parsed.success && parsed.data.length > 0 ? parsed.data : fallback;
}

/** Status, priority and type names (admin-editable options), the domain's defaults until they load. */
export function useLookups() {
  const statuses = useOption('status-defaults');
  const priorities = useOption('priority-defaults');
  const types = useOption('type-defaults');
  return {
    statuses: listOr(statuses.data?.option_value, DEFAULT_STATUSES),
    priorities: listOr(priorities.data?.option_value, DEFAULT_PRIORITIES),
    types: listOr(types.data?.option_value, DEFAULT_TYPES),
  };
}
