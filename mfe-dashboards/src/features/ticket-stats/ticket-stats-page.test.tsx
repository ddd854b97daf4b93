import { screen, within } from '@testing-library/react';
import { anAdmin, aTicketStatsMonth, renderWithPortal } from '@portal/testing';
import { TicketStatsPage } from './ticket-stats-page';

// The stats page (docs/product/dashboards.md#stats) names its months as every chart does: 'Jul 2026'.

it("names each month of the table 'Jun 2026', as the charts do, never '2026-06'", async () => {
  renderWithPortal(<TicketStatsPage />, {
    viewer: anAdmin(),
    api: { ticketStats: [aTicketStatsMonth({ month: '2026-06', opened: 3 }), aTicketStatsMonth({ month: '2026-07', opened: 5, closed: 2 })] },
  });

  const table = await screen.findByRole('table', { name: 'Tickets by month' });
  const rows = within(table).getAllByRole('row');
  expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Jun 2026', 'Jul 2026']);
  expect(table).not.toHaveTextContent('2026-06');
});
