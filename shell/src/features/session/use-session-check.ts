import { useEffect } from 'react';
import { isApiError, useApiClient } from '@portal/api-client';
import { useLocalSignOut, useSession } from '@portal/session';

/**
 * On start the stored session is only a hint: confirm it with GET /auth/me. A 401 signs the user
 * out (the guard then asks for sign-in, keeping the location); other failures keep the session.
 */
export function useSessionCheck() {
  const client = useApiClient();
  const signOutLocally = useLocalSignOut();

  useEffect(() => {
    if (!useSession.getState().isLoggedIn) return;
    let active = true;
    client.auth.me().then(
      (answer) => {
        if (!active || !useSession.getState().isLoggedIn) return;
        useSession.getState().refresh(answer);
      },
      (error: unknown) => {
        if (!active || !isApiError(error) || error.status !== 401) return;
        void signOutLocally();
      },
    );
    return () => {
      active = false;
    };
  }, [client, signOutLocally]);
}
