import type { Contact } from '@portal/contract';
import { aClient, aCompany, anAdmin, anAgent, aTicketSummary, expectPageAsksForItsReads } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderRemote } from './test-support/render-remote';

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
    renderRemote(path, { viewer, api: { companies: [aCompany()], tickets: [aTicketSummary()] } });
    await expectPageAsksForItsReads(pageReads, path, viewer);
  });
});
