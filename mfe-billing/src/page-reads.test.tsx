import { waitFor } from '@testing-library/react';
import { pageReadsOf } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { isStaff } from '@portal/domain';
import { aClient, aCompany, anAdmin } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderBilling } from './test-support/render-billing';

// Every key a page's reads list is one its hooks ask for on the first render: a key that no hook asks is read twice.

const [admin, client] = [anAdmin(), aClient()];

describe('the billing page reads', () => {
  it.each<[string, Contact]>([
    ['/admins/invoices', admin],
    ['/clients/4/invoices', client],
    ['/clients/4/invoices', admin],
    ['/clients/4/statements', client],
    ['/agreement', admin],
  ])('%s: the page asks for each key it lists (case %#)', async (path, viewer) => {
    const keys = pageReadsOf(pageReads, path, { contactId: viewer.contact_id, staff: isStaff(viewer.group_id) });
    expect(keys.length).toBeGreaterThan(0);

    const page = renderBilling(path, { viewer, api: { companies: [aCompany()] } });

    await waitFor(() => expect(page.requests().filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(expect.arrayContaining(keys.map((key) => `/api${key}`))));
  });
});
