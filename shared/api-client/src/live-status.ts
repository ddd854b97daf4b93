import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';

/*
 * Whether this tab's live stream is open, and the SWR keys a screen holds against reloads. Both
 * belong to the tab, not to a component: @portal/api-client is one Module Federation singleton,
 * so every remote reads the same flag and the same holds.
 */
let live = false;
const listeners = new Set<() => void>();

const holds = new Map<string, number>();
/** Held keys a stale event or a catch-up skipped: revalidated when the hold ends. */
const missed = new Set<string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLive(next: boolean): void {
  if (live === next) return;
  live = next;
  for (const listener of listeners) listener();
}

export function isLive(): boolean {
  return live;
}

/** True while the tab's live stream is open; polled hooks slow to the safety net then (`pollInterval`). */
export function useLiveStatus(): boolean {
  return useSyncExternalStore(subscribe, isLive, () => false);
}

/** Is `key` held? Then it is remembered as missed, to be revalidated when the hold ends. */
export function skipHeld(key: string): boolean {
  if (!holds.has(key)) return false;
  missed.add(key);
  return true;
}

/**
 * While `held`, pushed changes do not reload `key` (docs/product/tickets.md#refresh: an open editor is not reloaded
 * under the user); a change pushed meanwhile is fetched when the hold ends.
 */
export function useLiveHold(key: string | null, held: boolean): void {
  const { mutate } = useSWRConfig();
  // Declared first, so on unmount its cleanup runs before the hold's: nobody shows the key then.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!key || !held) return;
    holds.set(key, (holds.get(key) ?? 0) + 1);
    return () => {
      const count = (holds.get(key) ?? 1) - 1;
      if (count > 0) {
        holds.set(key, count);
        return;
      }
      holds.delete(key);
      if (missed.delete(key) && mounted.current) void mutate(key);
    };
  }, [key, held, mutate]);
}
