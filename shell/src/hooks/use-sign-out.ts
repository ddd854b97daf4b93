import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '@portal/api-client';
import { useLocalSignOut } from '@portal/session';

/**
 * Sign Out (docs/product/accounts-and-roles.md#signing-out) ends the server session, clears the session store (with its
 * filters) and every cached list (the SWR cache), then goes to /login.
 */
export function useSignOut() {
  const client = useApiClient();
  const signOutLocally = useLocalSignOut();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await client.auth.logout();
    } catch {
      // The local session is dropped whatever the server answers; the cookie is httpOnly.
    }
    // The router navigates in a transition while the store re-renders synchronously, so they
    // cannot be batched: sign out first (the guard then replaces a guarded page with
    // /login?redirect=…), and only then replace that with the plain /login a sign-out goes to.
    let cleared: Promise<void> = Promise.resolve();
    flushSync(() => {
      cleared = signOutLocally();
    });
    navigate('/login', { replace: true });
    await cleared;
  }, [client, signOutLocally, navigate]);
}
