import { useSWRConfig } from 'swr';

/** What a write makes stale: one SWR key, or a test of every cached key. */
export type StaleKeys = string | ((key: unknown) => boolean);

/**
 * Wraps a write so that `stale` is read again once it ends, also when it fails: the screen then shows
 * what the server holds, whichever way the write went.
 */
export function useRefreshAfter(stale: StaleKeys): <T>(work: Promise<T>) => Promise<T> {
  const { mutate } = useSWRConfig();
  return async function thenRefresh<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      await (typeof stale === 'string' ? mutate(stale) : mutate(stale));
    }
  };
}
