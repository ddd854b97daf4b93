import { SECURITY_MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';

/**
 * The fetch of the shell's API client, with a watch for the API's refusal of a user the admins' policy holds to setting
 * up a second factor (docs/product/accounts-and-roles.md#account-security). The policy may have been turned on since
 * this tab signed in, so the stored session does not know: the first such answer tells it, and the route guard sends
 * every page to the Security page. The answer itself goes to its caller unchanged.
 */
export function watchEnrolRequired(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const session = useSession.getState();
    if (response.status !== 403 || !session.isLoggedIn || session.enrolRequired) return response;
    const body: unknown = await response.clone().json().catch(() => undefined);
    if (typeof body === 'object' && body !== null && (body as { error?: unknown }).error === SECURITY_MESSAGES.enrolRequired) {
      useSession.getState().setEnrolRequired(true);
    }
    return response;
  };
}
