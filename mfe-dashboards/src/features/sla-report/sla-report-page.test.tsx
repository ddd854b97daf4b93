import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SlaReportAnswer } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, anAgent, renderWithPortal } from '@portal/testing';
import { SlaReportPage } from './sla-report-page';

// The monthly response-times report (docs/product/response-times.md#the-monthly-report): a table per company, the
// breaches linked to their tickets, and its loading, empty and error states.

const summary = (met: number, missed: number, percent: number | null, median: number | null) => ({ met, missed, met_percent: percent, median_minutes: median });
const breach = { ticket_id: 12, title: 'Checkout broken', company_id: 1, company_name: 'Acme, LLC', target: 'first_response' as const, due_at: '2026-03-27T15:00:00.000Z' };
const acme = { tickets: 2, first_response: summary(1, 1, 50, 90), resolution: summary(1, 0, 100, 180), breaches: [breach] };
const march: SlaReportAnswer = {
  month: '2026-03', time_zone: 'UTC', companies: [{ company_id: 1, company_name: 'Acme, LLC', ...acme }], total: acme,
};
const seed = { companies: [aCompany({ company_id: 1, name: 'Acme, LLC' }), aCompany({ company_id: 2, name: 'Globex' })], slaReports: { '2026-03': march } };

it('shows a table per company with targets met and medians in business hours, and each breach linked to its ticket', async () => {
  renderWithPortal(<SlaReportPage />, { viewer: anAdmin(), route: '/admins/stats/response-times?month=2026-03', api: seed });

  const section = await screen.findByRole('region', { name: 'Acme, LLC' });
  const rows = within(within(section).getByRole('table', { name: 'Targets of Acme, LLC' })).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
    ['First response', '1', '1', '50 %', '1 h 30 min'],
    ['Resolution', '1', '0', '100 %', '3 h'],
  ]);
  expect(within(section).getByText('Tickets: 2')).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: '#12 Checkout broken' })).toHaveAttribute('href', '/clients/1/tickets/12');
  expect(screen.getByRole('region', { name: 'All companies' })).toBeInTheDocument();
  expect(screen.getByLabelText('Month')).toHaveValue('2026-03');
});

it('says when a month has no tickets with promises, and reads the month chosen', async () => {
  renderWithPortal(<SlaReportPage />, { viewer: anAdmin(), route: '/admins/stats/response-times?month=2026-03', api: seed });
  await screen.findByRole('region', { name: 'Acme, LLC' });

  // A month field is filled whole, as a browser's picker does.
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-04' } });
  expect(await screen.findByText('No tickets with response-time promises in April 2026')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Acme, LLC' })).not.toBeInTheDocument();
});

it("filters by company: that company's table alone", async () => {
  renderWithPortal(<SlaReportPage />, { viewer: anAdmin(), route: '/admins/stats/response-times?month=2026-03', api: seed });
  await screen.findByRole('region', { name: 'All companies' });

  await userEvent.selectOptions(screen.getByLabelText('Company'), 'Globex');
  expect(await screen.findByText('No tickets with response-time promises in March 2026')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Company'), 'Acme, LLC');
  expect(await screen.findByRole('region', { name: 'Acme, LLC' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'All companies' })).not.toBeInTheDocument();
});

it('says it is loading, then shows what the API refused', async () => {
  renderWithPortal(<SlaReportPage />, { viewer: anAgent(), route: '/admins/stats/response-times?month=2026-03', api: seed });
  expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
});

it('shows a failure of the server as an error', async () => {
  renderWithPortal(<SlaReportPage />, {
    viewer: anAdmin(), route: '/admins/stats/response-times?month=2026-03', api: seed,
    handlers: [http.get('*/api/sla/report', () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }))],
  });
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});
