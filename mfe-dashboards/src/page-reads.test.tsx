import { waitFor } from '@testing-library/react';
import { pageReadsOf } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { isStaff } from '@portal/domain';
import { aClient, aCompany, anAdmin, anAgent, aTicketSummary } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderRemote } from './test-support/render-remote';

// Every key a page's reads list is one its hooks ask for on the first render: a key that no hook asks is read twice.

const [admin, agent, client] = [anAdmin(), anAgent(), aClient()];

describe('the dashboards page reads', () => {
  it.each<[string, Contact]>([
    ['/clients/4', client],
    ['/clients/4', agent],
    ['/clients', admin],
    ['/agents', agent],
    ['/agents/1', admin],
    ['/agents/2', admin],
    ['/agents/2/tickets', admin],
    ['/admins', admin],
  ])('%s: the page asks for each key it lists (case %#)', async (path, viewer) => {
    const keys = pageReadsOf(pageReads, path, { contactId: viewer.contact_id, staff: isStaff(viewer.group_id) });
    expect(keys.length).toBeGreaterThan(0);

    const page = renderRemote(path, { viewer, api: { companies: [aCompany()], tickets: [aTicketSummary()] } });

    await waitFor(() => expect(page.requests().filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(expect.arrayContaining(keys.map((key) => `/api${key}`))));
  });
});
