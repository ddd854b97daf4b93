import type { DefaultListName } from './default-lists';
import {
  DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES, type LookupItem,
} from './lookups';
import { DEFAULT_RATES, type Rates } from './money';

// Reading an option's stored value (docs/product/tickets.md#lookup-lists, docs/product/time-and-billing.md#prices-and-rates):
// the API, the client and every screen read a saved option the same way, and fall back to the same
// built-in values when it is missing or unusable, so a list never differs between server and screen.

/** Each default list's built-in items: what the portal stores on first start and reads when the saved list is unusable. */
export const DEFAULT_LIST_ITEMS: Readonly<Record<DefaultListName, readonly LookupItem[]>> = {
  'group-defaults': DEFAULT_GROUPS,
  'mode-defaults': DEFAULT_MODES,
  'service-defaults': DEFAULT_SERVICES,
  'priority-defaults': DEFAULT_PRIORITIES,
  'type-defaults': DEFAULT_TYPES,
  'status-defaults': DEFAULT_STATUSES,
};

/** A stored value as JSON text is read parsed; text that is not JSON reads as missing. */
function storedValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One item as the contract's lookupItem reads it: a safe-integer id, a name, an optional colour; other fields dropped. */
function lookupItemOf(value: unknown): LookupItem | null {
  if (!isRecord(value)) return null;
  const { id, name, color } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof name !== 'string') return null;
  if (color === undefined) return { id, name };
  return typeof color === 'string' ? { id, name, color } : null;
}

/**
 * A default list (statuses, priorities with their colours, groups…) as an admin saved it, or the
 * built-in list when the option is missing, not JSON, not a list of items, or empty. One bad item
 * rejects the whole list, so a screen never shows half of a saved list.
 */
export function parseLookupList(name: DefaultListName, value: unknown): readonly LookupItem[] {
  const source = storedValue(value);
  if (!Array.isArray(source) || source.length === 0) return DEFAULT_LIST_ITEMS[name];
  const items: LookupItem[] = [];
  for (const entry of source as readonly unknown[]) {
    const item = lookupItemOf(entry);
    if (item === null) return DEFAULT_LIST_ITEMS[name];
    items.push(item);
  }
  return items;
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The billing rates an admin set, or (a copy of) the agreement's defaults when the option is missing or either rate is unusable. */
export function parseRates(value: unknown): Rates {
  const source = storedValue(value);
  if (!isRecord(source) || !isAmount(source.unitPriceUsd) || !isAmount(source.meetingHourlyUsd)) return { ...DEFAULT_RATES };
  return { unitPriceUsd: source.unitPriceUsd, meetingHourlyUsd: source.meetingHourlyUsd };
}
