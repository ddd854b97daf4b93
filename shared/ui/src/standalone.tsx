import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { PortalProvider } from './portal-provider';
import { RemoteLoaderProvider, type LoadRemoteModule } from './remote-component';

/**
 * A remote's own dev entry (`npm run dev -w mfe-x`): the providers the shell gives it in the
 * portal (Chakra, one api-client on /api, one SWR cache, a router), around its routes. In the
 * portal the shell mounts the routes instead; this never runs there.
 */
export function mountStandalone(routes: ReactNode, { loadRemote }: { loadRemote?: LoadRemoteModule } = {}): void {
  const root = document.getElementById('root');
  if (!root) return;
  const client = createApiClient();
  const app = <BrowserRouter>{routes}</BrowserRouter>;
  createRoot(root).render(
    <StrictMode>
      <PortalProvider>
        <ApiClientProvider client={client}>
          <SWRConfig>{loadRemote ? <RemoteLoaderProvider load={loadRemote}>{app}</RemoteLoaderProvider> : app}</SWRConfig>
        </ApiClientProvider>
      </PortalProvider>
    </StrictMode>,
  );
}
