import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiClientProvider, watchMountedKeys, type ApiClient } from '@portal/api-client';
import { PortalProvider } from '@portal/ui';

/**
 * Everything the shell and the remotes it mounts read from context: the style cache (with the
 * page's CSP nonce), theme, API client, SWR cache (whose mounted keys are the live stream's watch list). Without a `styleCache` emotion's default is used.
 */
export function AppProviders({
  client, swr, styleCache, children,
}: { client: ApiClient; swr?: SWRConfiguration; styleCache?: EmotionCache; children: ReactNode }) {
  const tree = (
    // The shell's entry links portal-global.css, generated from the same system (global-css.ts).
    <PortalProvider globalCssLinked>
      <ApiClientProvider client={client}>
        <SWRConfig value={{ revalidateOnFocus: true, use: [watchMountedKeys], ...swr }}>{children}</SWRConfig>
      </ApiClientProvider>
    </PortalProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{tree}</CacheProvider> : tree;
}
