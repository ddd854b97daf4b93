import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiClientProvider, type ApiClient } from '@portal/api-client';
import { PortalProvider } from '@portal/ui';

/** Everything the shell and the remotes it mounts read from context: theme, API client, SWR cache. */
export function AppProviders({ client, swr, children }: { client: ApiClient; swr?: SWRConfiguration; children: ReactNode }) {
  return (
    <PortalProvider>
      <ApiClientProvider client={client}>
        <SWRConfig value={{ revalidateOnFocus: true, ...swr }}>{children}</SWRConfig>
      </ApiClientProvider>
    </PortalProvider>
  );
}
