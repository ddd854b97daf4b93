import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import type { SessionAnswer } from '@portal/contract';
import { useSession } from '@portal/session';
import { LoginForm } from './login-form';
import { resolveRedirect } from './resolve-redirect';

/**
 * The login screen as the app's routes / and /login (docs/product/accounts-and-roles.md#signing-in):
 * the form, then the page the visitor was going to, or their dashboard. A cold visit without a
 * session gets the sign-in page of its own instead (src/sign-in), which shows the same form.
 */
export function LoginPage() {
  const location = useLocation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const dashboard = useSession((s) => s.dashboard);
  const [target, setTarget] = useState<string | null>(null);
  // Each sign-out seen while mounted starts a new form.
  const [round, setRound] = useState(0);

  if (isLoggedIn) return <Navigate to={target ?? dashboard} replace />;
  if (target) {
    // Signed out while this page stayed mounted (its navigation to the target was still in its
    // transition when Sign Out came): the form shows again, empty as on a fresh page.
    setTarget(null);
    setRound(round + 1);
  }

  function signedIn(answer: SessionAnswer) {
    // The target is set before the session so the render that sees the new session goes there,
    // not to the dashboard a signed-in visitor of this page is sent to.
    setTarget(resolveRedirect(location.search, location.state, answer.dashboard));
    useSession.getState().signIn(answer);
  }

  return <LoginForm key={round} onSignedIn={signedIn} PageLink={RouterLink} />;
}
