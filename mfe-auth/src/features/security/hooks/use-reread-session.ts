import { useCallback } from 'react';
import { useApiClient } from '@portal/api-client';
import { useSession } from '@portal/session';

/**
 * After a second factor is turned on, GET /auth/me says whether the admins' policy still waits for
 * one (docs/product/accounts-and-roles.md#account-security); the route guard follows the session.
 */
export function useRereadSession(): () => Promise<void> {
  const client = useApiClient();
  return useCallback(async () => {
    const answer = await client.auth.me();
    if (!useSession.getState().isLoggedIn) return;
    useSession.getState().setContact(answer.contact);
    useSession.getState().setEnrolRequired(answer.enrol_required === true);
  }, [client]);
}
