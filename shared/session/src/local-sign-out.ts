import { useCallback } from 'react';
import { mutate as mutateGlobalCache, useSWRConfig, type ScopedMutator } from 'swr';
import { useSession } from './session-store';

/**
 * Drops the local session: clears the session store (with its filters) and every cached server
 * answer (the SWR cache), without revalidating. It does not call the API: ending the server
 * session is the caller's part. `mutate` is the cache to clear, the global one by default.
 */
export async function signOutLocally(mutate: ScopedMutator = mutateGlobalCache): Promise<void> {
  useSession.getState().signOut();
  await mutate(() => true, undefined, { revalidate: false });
}

/** `signOutLocally` bound to the SWR cache of the component's `SWRConfig`. */
export function useLocalSignOut(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(() => signOutLocally(mutate), [mutate]);
}
