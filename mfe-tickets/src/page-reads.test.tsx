import { screen } from '@testing-library/react';
import { aClient, anActivity, anAdmin, aTask, aTicketDetail, expectPageAsksForItsReads } from '@portal/testing';
import { pageReads } from './page-reads';
import { RemoteRoutes } from './routes';
import { renderRemote } from './test-support/render-remote';

// The reads the server writes into the ticket page (docs/performance.md#data-with-the-page) must be the page's own:
// a key the page never asks for is read for nothing, and one written differently is read twice.

const PAGE = '/clients/4/tickets/12';

it.each([['a client', aClient()], ['an admin', anAdmin()]])('lists only reads the ticket page makes on its first render, as %s', async (_who, viewer) => {
  const ticket = aTicketDetail();
  renderRemote(<RemoteRoutes />, { viewer, api: { tickets: [ticket], tasks: [aTask()], activity: [anActivity()] }, history: [PAGE] });
  await screen.findByRole('heading', { name: `#${ticket.ticket_id} ${ticket.title}` });
  expect((await expectPageAsksForItsReads(pageReads, PAGE, viewer)).length).toBeGreaterThan(5);
});
