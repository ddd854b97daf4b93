import { useCallback, useState } from 'react';

function readStored(key: string): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the draft still lives in the page, only a reload loses it.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a stored draft as an object whose `keys` are all texts (as the forms hold them), or null
 * when it is missing or unreadable.
 */
export function textFieldsOf<K extends string>(stored: unknown, keys: readonly K[]): Record<K, string> | null {
  if (!isRecord(stored) || !keys.every((key) => typeof stored[key] === 'string')) return null;
  return Object.fromEntries(keys.map((key) => [key, stored[key]])) as Record<K, string>;
}

/**
 * A form's half-typed value kept in sessionStorage under `key` (no key: kept in the page only), so
 * a reload shows what was typed (docs/product/companies-and-contacts.md#drafts). `parse` reads what
 * is stored and answers null for anything it cannot use; `clear` forgets the draft (saved, or given
 * up) and shows `next`; `restored` says the first value came from a stored draft, until it is cleared. sessionStorage, not localStorage: a draft stays in the tab it was typed in.
 * Never keep a password in one.
 */
export function useSessionDraft<T>(key: string | undefined, fallback: T, parse: (stored: unknown) => T | null) {
  const [value, setValue] = useState<T>(() => (key === undefined ? null : parse(readStored(key))) ?? fallback);
  const [restored, setRestored] = useState(() => key !== undefined && parse(readStored(key)) !== null);
  const update = useCallback(
    (next: T) => {
      setValue(next);
      if (key !== undefined) store(key, next);
    },
    [key],
  );
  const clear = useCallback(
    (next: T) => {
      setValue(next);
      setRestored(false);
      if (key !== undefined) store(key, null);
    },
    [key],
  );
  return { value, update, clear, restored };
}
