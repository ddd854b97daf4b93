import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { parseRemotesMap } from '@portal/contract/remotes';
import { PortalProvider, RemoteLoaderProvider, type LoadRemoteModule } from '@portal/ui';

// Standalone development only: the dev server proxies /remotes.json and /remotes/* to the running
// portal (PORTAL_API_URL), so a remote run on its own can embed the others the portal has deployed.
let registration: Promise<ReadonlySet<string>> | null = null;

async function registerFromPortal(): Promise<ReadonlySet<string>> {
  const { registerRemotes } = await import('@module-federation/enhanced/runtime');
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  // Every remote but this one (its build-time name, from shared/build-config).
  const remotes = Object.entries(parseRemotesMap(await response.json()))
    .filter(([name]) => name !== process.env.REMOTE_NAME)
    .map(([name, value]) => ({ name, entry: value.entry }));
  registerRemotes(remotes);
  return new Set(remotes.map((remote) => remote.name));
}

/** Loads another remote's exposed module from the portal the dev server proxies to. */
export const loadFromPortal: LoadRemoteModule = async (remote, exposed) => {
  registration ??= registerFromPortal().catch((error: unknown) => {
    registration = null;
    throw error;
  });
  const known = await registration;
  if (!known.has(remote)) throw new Error(`The "${remote}" part of the portal is not deployed.`);
  const { loadRemote } = await import('@module-federation/enhanced/runtime');
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`The "${remote}" remote did not answer ${exposed}.`);
  return module;
};

/**
 * A remote's own dev entry (`npm run dev -w mfe-x`): the providers the shell gives it in the
 * portal (Chakra, one api-client on /api, one SWR cache, a router, other remotes loaded from the
 * running portal), around its routes. In the portal the shell mounts the routes instead.
 */
export function mountStandalone(routes: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) return;
  const client = createApiClient();
  createRoot(root).render(
    <StrictMode>
      <PortalProvider>
        <ApiClientProvider client={client}>
          <SWRConfig>
            <RemoteLoaderProvider load={loadFromPortal}>
              <BrowserRouter>{routes}</BrowserRouter>
            </RemoteLoaderProvider>
          </SWRConfig>
        </ApiClientProvider>
      </PortalProvider>
    </StrictMode>,
  );
}
