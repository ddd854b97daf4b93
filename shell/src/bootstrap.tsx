// The Chakra system's global CSS as a stylesheet, generated from the system (app/global-css.ts):
// loaded with this chunk rather than built and inserted by JavaScript before the first paint, and
// not in the HTML's head, where it would hold back main.js.
import './app/portal-global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient } from '@portal/api-client';
import { documentLanguage, guardRoute } from '@portal/domain';
import { signOutLocally, useSession, viewerOf } from '@portal/session';
import { RemoteLoaderProvider, uiMessages } from '@portal/ui';
import { AppProviders } from './app/app-providers';
import { primeReadsFromPage } from './app/first-reads';
import { createStyleCache } from './app/style-cache';
import { initFederation, loadRemoteModule, loadRemoteRoutes, prefetchRemoteCode, preloadRemoteRoutes } from './federation/remotes';
import { startReleaseReportsWhenIdle } from './features/release-reports/start-release-reports';
import { remoteForPath } from './features/routing/route-table';
import { watchEnrolRequired } from './features/session/watch-enrol-required';
import { takeFirstScreen } from './layout/first-screen-hold';
import { ShellLayout } from './layout/shell-layout';
import { shellMessages } from './messages';

// A 401 on any call means the server session is gone: drop the local one; the route guard then
// sends the user to /login and keeps the location. A refusal for want of a second factor sends them
// to the Security page (watchEnrolRequired).
const client = createApiClient({
  fetch: watchEnrolRequired(globalThis.fetch.bind(globalThis)),
  onUnauthorized: () => {
    if (!useSession.getState().isLoggedIn) return;
    void signOutLocally();
  },
});

// How long the first render waits for the remote that shows the first page. Rendered with it, the page
// appears whole; rendered before it, React keeps the Loading… fallback up for at least 300 ms.
const FIRST_REMOTE_WAIT_MS = 1500;
// Over a page rendered at build time there is no Loading… to spare the visitor: the page is up and
// takes what is typed, so the render waits for the remote (or its failure) much longer.
const FIRST_REMOTE_WAIT_PRERENDERED_MS = 15_000;

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  // A public page may arrive rendered at build time (server/lib/page-hints.ts prerenderedPage).
  const prerendered = root.hasChildNodes();
  // A signed-in page may arrive with its first screen (page-hints.ts signedInPage): kept until the remote's page has its heading.
  const firstScreen = takeFirstScreen(root);
  // A signed-in page may carry its first screen's data (page-hints.ts firstReads): its reads answer from it.
  primeReadsFromPage();
  // The shell's and the kit's texts in the person's language (docs/decisions/0024-message-catalogues.md), fetched while
  // federation starts: a German reader's first render speaks German; English is bundled and waits for nothing.
  const { language } = useSession.getState();
  document.documentElement.lang = documentLanguage(language);
  const texts = language === 'en' ? undefined : Promise.all([shellMessages.preload(language), uiMessages.preload(language)]);
  await initFederation();
  // The remote that will show the first page starts loading now, unless the guard sends the visitor elsewhere.
  const { pathname } = window.location;
  const firstRemote = remoteForPath(pathname);
  const session = useSession.getState();
  const viewer = viewerOf(session);
  if (firstRemote && guardRoute(pathname, viewer && { ...viewer, enrolRequired: session.enrolRequired }).kind === 'allow') {
    const waited = new Promise((resolve) => setTimeout(resolve, prerendered ? FIRST_REMOTE_WAIT_PRERENDERED_MS : FIRST_REMOTE_WAIT_MS));
    await Promise.race([preloadRemoteRoutes(firstRemote).catch(() => undefined), waited]);
  }
  if (texts) await texts;
  // React's first commit replaces a prerendered page; what was typed into it carries over (src/index.ts).
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={client} styleCache={createStyleCache()}>
        {/* Remotes embed each other's exposed components through the shell's federation instance. */}
        <RemoteLoaderProvider load={loadRemoteModule}>
          <BrowserRouter>
            <ShellLayout loadRemoteRoutes={loadRemoteRoutes} prefetchCode={(remote) => void prefetchRemoteCode(remote)} firstScreen={firstScreen} />
          </BrowserRouter>
        </RemoteLoaderProvider>
      </AppProviders>
    </StrictMode>,
  );
  // What browsers meet per remote version, for canary releases: its code loads when idle, after the first paint.
  startReleaseReportsWhenIdle();
}

void start();
