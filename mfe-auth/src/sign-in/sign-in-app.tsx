import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode, useEffect, type AnchorHTMLAttributes } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import type { SessionAnswer } from '@portal/contract';
import { documentLanguage, PSEUDO_LOCALE, type Locale } from '@portal/domain';
import { fixedTextIn } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { cspNonce, PortalProvider } from '@portal/ui';
import { speakPrerenderedFrame } from '@portal/ui/prerendered-frame';
import { RemoteMark } from '../components/remote-mark';
import { authMessages } from '../messages';
import { LoginForm } from '../features/login/login-form';
import { resolveRedirect } from '../features/login/resolve-redirect';

// Away from this page is a full page load: the shell and the app come with the next page.
// Chakra's `Link asChild` passes the link's class (its colour) and ref along.
const PlainLink = ({ to, ...link }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => <a href={to} {...link} />;

// The router keeps a location's state in history.state.usr: a reload of /login, where the route guard
// had sent the visitor, still knows the page they were going to.
const routerState = (): unknown => (window.history.state as { usr?: unknown } | null)?.usr;

/**
 * The sign-in page of its own: the login form, and once signed in the session handed to the app
 * (the session store, kept in localStorage, which the shell reads on the next page) and a full load
 * of the page the visitor was going to, or their dashboard (`go`), whose first screen the server writes.
 */
export function SignInPage({ go }: { go(path: string): void }) {
  useEffect(() => {
    // The server sends this page only to a visitor without a session cookie: a session the store still
    // holds (the cookie expired) is over, and the app must not start from it after a link from here.
    if (useSession.getState().isLoggedIn) useSession.getState().signOut();
  }, []);

  function signedIn(answer: SessionAnswer) {
    useSession.getState().signIn(answer);
    go(resolveRedirect(window.location.search, routerState(), answer.dashboard));
  }
  return <LoginForm onSignedIn={signedIn} PageLink={PlainLink} />;
}

/**
 * The page's frame (the shell's header and footer, rendered in English at build time) and `<html lang>` in the
 * visitor's language: the shell, which would draw them, does not run on this page.
 */
async function speakFrame(language: Locale): Promise<void> {
  const pseudo = language === PSEUDO_LOCALE ? await fixedTextIn(language) : undefined;
  document.documentElement.lang = documentLanguage(language);
  speakPrerenderedFrame(document, language, pseudo);
}

/** Renders the page over the prerendered form in `root` (the server's `data-portal-page` slot). */
export async function mountSignInPage(root: HTMLElement): Promise<void> {
  // The form's first render speaks the visitor's language: its catalogue first (English is here already).
  await authMessages.preload();
  void speakFrame(useSession.getState().language);
  // The language picker under the form switches the frame too.
  useSession.subscribe((state, previous) => {
    if (state.language !== previous.language) void speakFrame(state.language);
  });
  // The page's CSP nonce on each <style> emotion inserts, as in the shell (shell/src/app/style-cache.ts).
  const styleCache = createCache({ key: 'css', nonce: cspNonce() });
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        {/* The page links Chakra's global CSS (the shell's portal-global.css), as the shell's pages do. */}
        <PortalProvider globalCssLinked>
          <ApiClientProvider client={createApiClient()}>
            <RemoteMark>
              <SignInPage go={(path) => window.location.replace(path)} />
            </RemoteMark>
          </ApiClientProvider>
        </PortalProvider>
      </CacheProvider>
    </StrictMode>,
  );
}
