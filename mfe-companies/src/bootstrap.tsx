import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { PortalProvider } from '@portal/ui';
import { RemoteRoutes } from './routes';

// Standalone development only (`npm run dev -w mfe-companies`); in the portal the shell mounts RemoteRoutes.
const client = createApiClient();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PortalProvider>
        <ApiClientProvider client={client}>
          <SWRConfig>
            <BrowserRouter>
              <RemoteRoutes />
            </BrowserRouter>
          </SWRConfig>
        </ApiClientProvider>
      </PortalProvider>
    </StrictMode>,
  );
}
