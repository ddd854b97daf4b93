import type { Contact } from '@portal/contract';
import { aCompany, anAdmin, anAgent, expectPageAsksForItsReads, renderWithPortal } from '@portal/testing';
import { pageReads } from './page-reads';
import { RemoteRoutes } from './routes';

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
    renderWithPortal(<RemoteRoutes />, { route: path, viewer, api: { companies: [aCompany()] } });
    await expectPageAsksForItsReads(pageReads, path, viewer);
  });
});
