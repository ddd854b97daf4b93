import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Contact } from '@portal/contract';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { useSession } from '@portal/session';
import { PortalProvider } from '@portal/ui';

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Renders `children` at `entries` with a fresh SWR cache, the given API double and a signed-in contact. */
export function renderWith(
  children: ReactNode,
  { fetch, as, entries }: { fetch: typeof globalThis.fetch; as: Contact | null; entries: string[] },
) {
  if (as) useSession.getState().signIn({ contact: as, dashboard: as.group_id === 1 ? '/admins' : as.group_id === 5 ? '/clients' : '/agents' });
  else useSession.getState().signOut();
  return render(
    <PortalProvider>
      <ApiClientProvider client={createApiClient({ fetch })}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
            <Routes>
              <Route path="/agents" element={<Where />} />
              <Route path="/clients" element={<Where />} />
              <Route path="/admins" element={<Where />} />
              <Route path="/login" element={<Where />} />
              <Route path="/previous" element={<Where />} />
              <Route path="*" element={children} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </ApiClientProvider>
    </PortalProvider>,
  );
}
