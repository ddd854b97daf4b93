import { safeRedirect } from '@portal/domain';

/**
 * After sign-in (docs/product/accounts-and-roles.md#signing-in) go to the `redirect` query parameter, else the page the
 * user came from, but only when it is a local path; otherwise to the dashboard.
 */
export function resolveRedirect(search: string, state: unknown, dashboard: string): string {
  const fromQuery = new URLSearchParams(search).get('redirect');
  const fromState = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  const wanted = fromQuery ?? fromState;
  const target = safeRedirect(wanted, dashboard);
  // Landing back on the login screen would only bounce to the dashboard.
  const path = target.split(/[?#]/, 1)[0]?.toLowerCase();
  return path === '/' || path === '/login' ? dashboard : target;
}
