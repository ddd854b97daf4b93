import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { PortalProvider, RemoteLoaderProvider } from '@portal/ui';
import { RemoteRoutes } from './routes';
import { loadFromPortal } from './standalone-remote-loader';

// Standalone development only (`npm run dev -w mfe-dashboards`); in the portal the shell mounts RemoteRoutes.
const client = createApiClient();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PortalProvider>
        <ApiClientProvider client={client}>
          <SWRConfig>
            <RemoteLoaderProvider load={loadFromPortal}>
              <BrowserRouter>
                <RemoteRoutes />
              </BrowserRouter>
            </RemoteLoaderProvider>
          </SWRConfig>
        </ApiClientProvider>
      </PortalProvider>
    </StrictMode>,
  );
}
