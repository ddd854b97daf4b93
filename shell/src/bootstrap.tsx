import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient } from '@portal/api-client';
import { signOutLocally, useSession } from '@portal/session';
import { RemoteLoaderProvider } from '@portal/ui';
import { AppProviders } from './app/app-providers';
import { createStyleCache } from './app/style-cache';
import { initFederation, loadRemoteModule, loadRemoteRoutes } from './federation/remotes';
import { ShellLayout } from './layout/shell-layout';

// A 401 on any call means the server session is gone: drop the local one; the route guard then
// sends the user to /login and keeps the location.
const client = createApiClient({
  onUnauthorized: () => {
    if (!useSession.getState().isLoggedIn) return;
    void signOutLocally();
  },
});

async function start(): Promise<void> {
  await initFederation();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={client} styleCache={createStyleCache()}>
        {/* Remotes embed each other's exposed components through the shell's federation instance. */}
        <RemoteLoaderProvider load={loadRemoteModule}>
          <BrowserRouter>
            <ShellLayout loadRemoteRoutes={loadRemoteRoutes} />
          </BrowserRouter>
        </RemoteLoaderProvider>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
