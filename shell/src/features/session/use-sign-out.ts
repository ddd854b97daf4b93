import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useApiClient } from '@portal/api-client';
import { useSession } from '@portal/session';

/**
 * Spec 000 "Page shell": Sign Out ends the server session, clears the session store (with its
 * filters) and every cached list (the SWR cache), then goes to /login.
 */
export function useSignOut() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await client.auth.logout();
    } catch {
      // The local session is dropped whatever the server answers; the cookie is httpOnly.
    }
    // Same tick: the store change and the navigation render together, so the guard never
    // sees a signed-out user on a guarded page and adds a redirect parameter.
    useSession.getState().signOut();
    navigate('/login', { replace: true });
    await mutate(() => true, undefined, { revalidate: false });
  }, [client, mutate, navigate]);
}
