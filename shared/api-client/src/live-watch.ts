import { useEffect } from 'react';
import type { Middleware } from 'swr';
import { isSafetyNetPoll } from '@portal/domain';
import { useLiveStatus } from './live-status';

// The SWR keys mounted in this tab (docs/architecture.md#a-live-update): what its live stream is to name.
// Counted, since several hooks may show one key; the live hook sends their watch list when they change.
// Of those, the keys a hook polls at the safety net (docs/architecture.md#the-safety-net): the tab checks
// them together in one request instead of each polling alone.

const mounted = new Map<string, number>();
const inNet = new Map<string, number>();
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

/** Counts `key` as polled at the safety net until the returned function is called. */
function netKey(key: string): () => void {
  inNet.set(key, (inNet.get(key) ?? 0) + 1);
  return () => {
    const count = (inNet.get(key) ?? 1) - 1;
    if (count > 0) inNet.set(key, count);
    else inNet.delete(key);
  };
}

/** The mounted keys whose hooks poll at the safety net now. */
export function safetyNetKeys(): string[] {
  return [...inNet.keys()];
}

/**
 * SWR middleware (the shell's SWRConfig `use`): each hook's key counts as shown while the hook is mounted; a hook
 * polling at the safety net does not poll alone, its key is checked with the tab's others (live.ts keepSafetyNet).
 */
export const watchMountedKeys: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const shown = keyString(key);
  // A key function (useSWRInfinite's pages) keeps polling alone: its pages are not one SWR key a check could name.
  const live = useLiveStatus();
  const netted = typeof key === 'string' && isSafetyNetPoll(config.refreshInterval, live) ? key : null;
  useEffect(() => (shown === null ? undefined : showKey(shown)), [shown]);
  useEffect(() => (netted === null ? undefined : netKey(netted)), [netted]);
  return useSWRNext(key, fetcher, netted === null ? config : { ...config, refreshInterval: 0 });
};
