import { useEffect } from 'react';
import type { Middleware } from 'swr';

// The SWR keys mounted in this tab (docs/architecture.md#a-live-update): what its live stream is to name.
// Counted, since several hooks may show one key; the live hook sends their watch list when they change.

const mounted = new Map<string, number>();
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** The key a hook reads now: a string, or what its key function answers (useSWRInfinite's for its first page). */
function keyString(key: unknown): string | null {
  if (typeof key === 'string') return key;
  if (typeof key !== 'function') return null;
  try {
    const value: unknown = (key as (index: number, previous: null) => unknown)(0, null);
    return typeof value === 'string' ? value : null;
  } catch {
    // SWR treats a throwing key function as no key (a dependency not loaded yet).
    return null;
  }
}

/** Counts `key` as shown until the returned function is called. */
export function showKey(key: string): () => void {
  mounted.set(key, (mounted.get(key) ?? 0) + 1);
  if (mounted.get(key) === 1) changed();
  return () => {
    const count = (mounted.get(key) ?? 1) - 1;
    if (count > 0) {
      mounted.set(key, count);
      return;
    }
    mounted.delete(key);
    changed();
  };
}

/** The keys mounted now. */
export function mountedKeys(): string[] {
  return [...mounted.keys()];
}

/** Calls `listener` when a key is first shown or no longer shown; returns the unsubscribe. */
export function onMountedKeysChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** SWR middleware (the shell's SWRConfig `use`): each hook's key counts as shown while the hook is mounted. */
export const watchMountedKeys: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const shown = keyString(key);
  useEffect(() => (shown === null ? undefined : showKey(shown)), [shown]);
  return useSWRNext(key, fetcher, config);
};
