import type { Contact } from '@portal/contract';
import { aClient, aCompany, anAdmin, expectPageAsksForItsReads } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderBilling } from './test-support/render-billing';

const [admin, client] = [anAdmin(), aClient()];

describe('the billing page reads', () => {
  it.each<[string, Contact]>([
    ['/admins/invoices', admin],
    ['/clients/4/invoices', client],
    ['/clients/4/invoices', admin],
    ['/clients/4/statements', client],
    ['/agreement', admin],
  ])('%s: the page asks for each key it lists (case %#)', async (path, viewer) => {
    renderBilling(path, { viewer, api: { companies: [aCompany()] } });
    await expectPageAsksForItsReads(pageReads, path, viewer);
  });
});
