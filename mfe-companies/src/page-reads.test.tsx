import { waitFor } from '@testing-library/react';
import { pageReadsOf } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { isStaff } from '@portal/domain';
import { aCompany, anAdmin, anAgent, renderWithPortal } from '@portal/testing';
import { pageReads } from './page-reads';
import { RemoteRoutes } from './routes';

// Every key a page's reads list is one its hooks ask for on the first render: a key that no hook asks is read twice.

const [admin, agent] = [anAdmin(), anAgent()];

describe('the company settings page reads', () => {
  it.each<[string, Contact]>([
    ['/clients/4/info', agent],
    ['/clients/4/info', admin],
    ['/clients/4/contacts', admin],
    ['/clients/4/assignments', admin],
    ['/clients/4/prefs', admin],
    ['/clients/4/delete', admin],
  ])('%s: the page asks for each key it lists (case %#)', async (path, viewer) => {
    const keys = pageReadsOf(pageReads, path, { contactId: viewer.contact_id, staff: isStaff(viewer.group_id) });
    expect(keys.length).toBeGreaterThan(0);

    const page = renderWithPortal(<RemoteRoutes />, { route: path, viewer, api: { companies: [aCompany()] } });

    await waitFor(() => expect(page.requests().filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(expect.arrayContaining(keys.map((key) => `/api${key}`))));
  });
});
