import { screen, within } from '@testing-library/react';
import type { SlaReportAnswer } from '@portal/contract';
import { aCompany, anAdmin, aTicketStatsMonth, readIn, renderWithPortal } from '@portal/testing';
import { dashboardsMessages } from '../messages';
import { renderRemote } from '../test-support/render-remote';
import { SlaReportPage } from './sla-report/sla-report-page';
import { TicketStatsPage } from './ticket-stats/ticket-stats-page';

// The stats, the response-times report and the search page in German: months, durations and dates as German writes them.

describe('the reports and the search page in German', () => {
  readIn('de', dashboardsMessages);

  it('names the months and durations of the stats in German', async () => {
    renderWithPortal(<TicketStatsPage />, {
      viewer: anAdmin(),
      api: { ticketStats: [aTicketStatsMonth({ month: '2026-03', opened: 3, closed: 1, assigned: 1, avg_hours_to_assignment: 5.5, avg_hours_to_completion: 72 })] },
    });

    expect(screen.getByRole('heading', { name: 'Ticket-Statistik', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tickets nach Monat' });
    expect(within(table).getByRole('columnheader', { name: 'Zeit bis zur Zuweisung' })).toBeInTheDocument();
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['März 2026', '3', '1', '5,5 Std.', '3 Tage']);
  });

  it('gives the response-times report in German, its breaches dated the German way', async () => {
    const summary = (met: number, missed: number, percent: number | null, median: number | null) => ({ met, missed, met_percent: percent, median_minutes: median });
    const breach = { ticket_id: 12, title: 'Checkout broken', company_id: 1, company_name: 'Acme, LLC', target: 'first_response' as const, due_at: '2026-03-27T15:00:00.000Z' };
    const acme = { tickets: 2, first_response: summary(1, 1, 50, 90), resolution: summary(1, 0, 100, 180), breaches: [breach] };
    const march: SlaReportAnswer = { month: '2026-03', time_zone: 'UTC', companies: [{ company_id: 1, company_name: 'Acme, LLC', ...acme }], total: acme };
    renderWithPortal(<SlaReportPage />, {
      viewer: anAdmin(),
      route: '/admins/stats/response-times?month=2026-03',
      api: { companies: [aCompany({ company_id: 1, name: 'Acme, LLC' })], slaReports: { '2026-03': march } },
    });

    expect(screen.getByRole('heading', { name: 'Bericht zu Reaktionszeiten', level: 1 })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Acme, LLC' });
    const rows = within(within(section).getByRole('table', { name: 'Ziele von Acme, LLC' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Erste Antwort', '1', '1', '50 %', '1 Std. 30 Min.'],
      ['Lösung', '1', '0', '100 %', '3 Std.'],
    ]);
    expect(within(section).getByRole('link', { name: '#12 Checkout broken' })).toHaveAttribute('href', '/clients/1/tickets/12');
    expect(within(section).getByRole('listitem')).toHaveTextContent('#12 Checkout broken — Erste Antwort verfehlt, fällig am 27.3.2026, 15:00');
    expect(screen.getByText('Im März 2026 eröffnete Tickets (UTC) mit Reaktionszeit-Zusagen, Stand jetzt.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Alle Unternehmen' })).toBeInTheDocument();
  });

  it('gives the search page in German', async () => {
    renderRemote('/search', { viewer: anAdmin() });

    expect(await screen.findByRole('heading', { name: 'Suche', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchen nach' })).toHaveAttribute('placeholder', 'Wörter, #Ticketnummer, E-Mail oder Telefon');
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeInTheDocument();
    expect(screen.getByText('Geben Sie ein, wonach Sie suchen: Wörter aus einem Titel oder einer Notiz, einen Namen, eine Ticketnummer.')).toBeInTheDocument();
  });
});
