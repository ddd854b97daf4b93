import { useCallback } from 'react';
import { useApiClient, useLiveStatus, useLiveUpdates } from '@portal/api-client';
import { useSession } from '@portal/session';

/**
 * The tab's one live stream (docs/architecture.md#a-live-update): open while someone is signed in, reopened for another
 * contact, closed on sign-out. Returns whether it is open.
 */
export function useLiveStream(): boolean {
  // Closed too while the user must still enrol a second factor: the API answers only enrolment then.
  const signedInAs = useSession((s) => (s.isLoggedIn && !s.enrolRequired ? (s.contact?.contact_id ?? null) : null));
  const client = useApiClient();
  // Each `ready` re-reads the session: the server sends one when the contact's companies changed
  // (added to or removed from a company), so company choices and client-side checks follow at once.
  const rereadSession = useCallback(() => {
    client.auth.me().then(
      (answer) => {
        if (!useSession.getState().isLoggedIn) return;
        useSession.getState().refresh(answer);
      },
      () => undefined,
    );
  }, [client]);
  useLiveUpdates(signedInAs, rereadSession);
  return useLiveStatus();
}
