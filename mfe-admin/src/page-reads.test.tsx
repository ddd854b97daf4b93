import { waitFor } from '@testing-library/react';
import { pageReadsOf } from '@portal/api-client';
import { aCompany, anAdmin } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderAdmin } from './test-support/render-admin';

// Every key a page's reads list is one its hooks ask for on the first render: a key that no hook asks is read twice.

const admin = anAdmin();

describe('the admin settings page reads', () => {
  it.each(Object.keys(pageReads))('%s: the page asks for each key it lists', async (path) => {
    const keys = pageReadsOf(pageReads, path, { contactId: admin.contact_id, staff: true });
    expect(keys.length).toBeGreaterThan(0);

    const page = renderAdmin(path, { viewer: admin, api: { companies: [aCompany()] } });

    await waitFor(() => expect(page.requests().filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(expect.arrayContaining(keys.map((key) => `/api${key}`))));
  });
});
