import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Contact, Notification } from '@portal/contract';
import { createApiClient } from '@portal/api-client';
import { AppProviders } from '../app/app-providers';
import type { RemoteName } from '../federation/remotes';
import { ShellLayout } from '../layout/shell-layout';

export const admin: Contact = {
  contact_id: 7, title: null, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', phone: null,
  group_id: 1, company_id: null, companies: [], meta: [],
};
export const agent: Contact = { ...admin, contact_id: 8, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', group_id: 2 };
export const client: Contact = {
  ...admin, contact_id: 9, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', group_id: 5, company_id: 4,
  companies: [{ company_id: 4, name: 'Acme, LLC', title: null, primary: 1 }],
};

export const aNotification = (over: Partial<Notification> = {}): Notification => ({
  notification_id: 1, contact_id: 7, ticket_id: null, note: 'Ticket 12 was updated', date_created: '2026-11-20T15:00:00.000Z', ...over,
});

type Answer = { status: number; body?: unknown };
export type FakeApi = (method: string, url: string, body: unknown) => Answer | undefined;

export function fakeFetch(api: FakeApi) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = api(method, url, body) ?? { status: 404, body: { statusCode: 404, error: 'Not found.' } };
    return { ok: answer.status < 300, status: answer.status, text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)) } as Response;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Shows where the router is, so tests can assert redirects. */
export function Where({ remote }: { remote: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${remote}:${location.pathname}${location.search}`}</p>;
}

function fakeRemote(name: string): ComponentType {
  return function FakeRemoteRoutes() {
    return (
      <Routes>
        <Route path="*" element={<Where remote={name} />} />
      </Routes>
    );
  };
}

export const fakeRemotes = (remote: RemoteName) => Promise.resolve(fakeRemote(remote));

export function renderShell(
  path: string,
  { api = () => undefined, load = fakeRemotes }: { api?: FakeApi; load?: (remote: RemoteName) => Promise<ComponentType> } = {},
) {
  const fake = fakeFetch(api);
  const apiClient = createApiClient({ fetch: fake.fetch });
  const view = render(
    <AppProviders client={apiClient} swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <ShellLayout loadRemoteRoutes={load} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, calls: fake.calls };
}
