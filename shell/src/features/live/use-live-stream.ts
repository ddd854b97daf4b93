import { useLiveStatus, useLiveUpdates } from '@portal/api-client';
import { useSession } from '@portal/session';

/**
 * The tab's one live stream (docs/architecture.md#a-live-update): open while someone is signed in, reopened for another
 * contact, closed on sign-out. Returns whether it is open.
 */
export function useLiveStream(): boolean {
  const signedInAs = useSession((s) => (s.isLoggedIn ? (s.contact?.contact_id ?? null) : null));
  useLiveUpdates(signedInAs);
  return useLiveStatus();
}
