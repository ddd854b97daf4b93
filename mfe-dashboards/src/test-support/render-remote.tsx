import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { dashboardPathForGroup } from '@portal/domain';
import { useSession } from '@portal/session';
import { PortalProvider, RemoteLoaderProvider, type LoadRemoteModule } from '@portal/ui';
import { RemoteRoutes } from '../routes';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown } | undefined;
export type FakeApi = (request: FakeRequest) => FakeAnswer;

/** A fetch double over the API: answers from `api` (404 otherwise) and records every call. */
export function fakeFetch(api: FakeApi) {
  const calls: FakeRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    const answer = api(request) ?? { status: 404, body: { statusCode: 404, error: 'Not found.' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => text } as Response;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Signs `contact` in and renders the remote at `path`; ticket pages render a location marker. */
export function renderRemote(
  path: string,
  { contact, api, load, extra }: { contact: Contact; api: FakeApi; load?: LoadRemoteModule; extra?: ReactNode },
) {
  useSession.getState().signIn({ contact, dashboard: dashboardPathForGroup(contact.group_id) });
  const fake = fakeFetch(api);
  const loader: LoadRemoteModule = load ?? (async () => { throw new Error('No remote in this test.'); });
  const view = render(
    <PortalProvider>
      <ApiClientProvider client={createApiClient({ fetch: fake.fetch })}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <RemoteLoaderProvider load={loader}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="clients/:companyId/tickets/:ticketId" element={<Where />} />
                <Route path="clients/:companyId/info" element={<Where />} />
                <Route path="*" element={<RemoteRoutes />} />
              </Routes>
              {extra}
            </MemoryRouter>
          </RemoteLoaderProvider>
        </SWRConfig>
      </ApiClientProvider>
    </PortalProvider>,
  );
  return { ...view, calls: fake.calls };
}
