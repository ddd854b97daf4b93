import { render, type RenderResult } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient, watchMountedKeys, type ApiClient, type ApiClientOptions } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { dashboardPathForGroup } from '@portal/domain';
import { useSession } from '@portal/session';
import { PortalProvider, RemoteLoaderProvider, type LoadRemoteModule } from '@portal/ui';
import { createMockApi, type MockApi } from './mock-api/create-mock-api';
import { createFakeLiveStream, type FakeLiveStream } from './mock-api/live-stream';
import type { PortalData } from './mock-api/portal-data';
import { recordedRequests, recordedWrites, server, type RecordedRequest } from './mock-api/server';

/** The origin the test client calls: jsdom's own, so relative URLs (uploads, links) land on the same handlers. */
const apiBaseUrl = () => new URL('/api', window.location.href).href;

export interface RenderWithPortalOptions {
  /** Where the router starts; `history` gives several entries (the last is current). */
  route?: InitialEntry;
  history?: InitialEntry[];
  /** The signed-in contact (also what GET /auth/me answers); signed out when absent. */
  viewer?: Contact | null;
  /** The API: a mock over seeded data, or the data to seed one with. */
  api?: MockApi | Partial<PortalData>;
  /** Handlers ahead of the mock API's, e.g. one route answering an error. */
  handlers?: RequestHandler[];
  /** Paths that render a location marker (data-testid="where") instead of `ui`, to assert navigation. */
  stops?: string[];
  /** How a RemoteComponent loads another remote's module; by default it fails. */
  loadRemote?: LoadRemoteModule;
  /** Passed to createApiClient (onUnauthorized, timeouts, an XHR factory). */
  client?: Omit<ApiClientOptions, 'baseUrl' | 'fetch'>;
  /** The live stream the client opens; a fresh fake by default, silent until the test plays `ready`. */
  live?: FakeLiveStream;
}

export interface PortalRender extends RenderResult {
  api: MockApi;
  client: ApiClient;
  /** The fake live stream: what the client opened, and the server's events to play. */
  live: FakeLiveStream;
  /** Every request sent since the test began, and the writes alone. */
  requests(): RecordedRequest[];
  writes(): RecordedRequest[];
}

/** Shows the router's location, for tests that assert where a screen navigated. */
export function LocationMarker() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const noRemote: LoadRemoteModule = async () => {
  throw new Error('No remote in this test.');
};

const isMockApi = (api: RenderWithPortalOptions['api']): api is MockApi => api !== undefined && 'handlers' in api;

export function signInAs(viewer: Contact | null | undefined): void {
  if (viewer) useSession.getState().signIn({ contact: viewer, dashboard: dashboardPathForGroup(viewer.group_id) });
  else useSession.getState().signOut();
}

/**
 * Renders `ui` as the portal would: Chakra provider, an api-client against the MSW mock API (its
 * live stream a fake the test drives), a fresh SWR cache (its mounted keys counted for watch lists, as in the shell), a MemoryRouter at `route`, and the session signed in as `viewer`.
 */
export function renderWithPortal(ui: ReactNode, options: RenderWithPortalOptions = {}): PortalRender {
  const { route = '/', history, viewer, stops = [], loadRemote = noRemote, handlers = [] } = options;
  const api = isMockApi(options.api) ? options.api : createMockApi(options.api);
  if (viewer && !api.db.contacts.some((c) => c.contact_id === viewer.contact_id)) api.db.contacts.push(viewer);
  api.db.session = viewer ?? null;
  server.use(...api.handlers);
  if (handlers.length > 0) server.use(...handlers);
  signInAs(viewer);

  const live = options.live ?? createFakeLiveStream();
  const client = createApiClient({ createEventSource: live.create, ...options.client, baseUrl: apiBaseUrl() });
  const entries = history ?? [route];
  const view = render(
    <PortalProvider>
      <ApiClientProvider client={client}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, use: [watchMountedKeys] }}>
          <RemoteLoaderProvider load={loadRemote}>
            <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
              {stops.length === 0 ? ui : (
                <Routes>
                  {stops.map((path) => <Route key={path} path={path} element={<LocationMarker />} />)}
                  <Route path="*" element={ui} />
                </Routes>
              )}
            </MemoryRouter>
          </RemoteLoaderProvider>
        </SWRConfig>
      </ApiClientProvider>
    </PortalProvider>,
  );
  return { ...view, api, client, live, requests: recordedRequests, writes: recordedWrites };
}
