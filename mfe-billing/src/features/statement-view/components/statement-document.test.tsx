import { screen, within } from '@testing-library/react';
import type { Statement } from '@portal/contract';
import { aClient, agencyCurrency, readIn, renderWithPortal } from '@portal/testing';
import { StatementDocument } from './statement-document';
import { billingMessages } from '../../../messages';

// Every section of a statement filled, read in English and in German (docs/product/statements.md#what-it-shows).
const statement: Statement = {
  company_id: 4, company_name: 'Acme, LLC', month: '2026-10', month_label: 'October 2026', status: 'sent', date_sent: '2026-11-01T09:00:00.000Z',
  worked: [{ ticket_id: 12, title: 'Fix the contact form', type_name: 'Incident/Bug', units: 15, amount: 1234.5, completed: true }],
  completed: [{ ticket_id: 12, title: 'Fix the contact form', date_completed: '2026-10-20T12:00:00.000Z' }],
  by_type: [{ type_id: 3, type_name: 'Incident/Bug', units: 15, amount: 1234.5 }],
  total_units: 15, total_amount: 1234.5,
  plan: { included_units: 100, rolled_over_units: 10, available_units: 110, used_units: 15, remaining_units: 95, overage_units: 0, percent_used: 13 },
  maintenance: [{ ticket_id: 50, title: 'Monthly updates', tasks: [{ instruction: 'Update plugins', done: true }, { instruction: 'Check backups', done: false }], done: 1 }],
  overdue: [{ ticket_id: 60, title: 'New page', date_due: '2026-10-25T12:00:00.000Z' }],
};

const render = () => renderWithPortal(<StatementDocument statement={statement} timeZone="UTC" />, { viewer: aClient() });

describe('the statement document', () => {
  it('names the completed, the maintenance and the overdue tickets in one sentence each', () => {
    render();
    expect(screen.getByRole('heading', { name: 'Statement for October 2026', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '#12 Fix the contact form' })[0]).toHaveAttribute('href', '/clients/4/tickets/12');
    expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '#12 Fix the contact form (10/20/2026)')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '#60 New page (due 10/25/2026)')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === '#50 Monthly updates: 1 of 2 done')).toBeInTheDocument();
    const checklist = screen.getByRole('list', { name: 'Checklist of Monthly updates' });
    expect(within(checklist).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['☑ Update plugins (done)', '☐ Check backups (not done)']);
    expect(screen.getByLabelText('Plan hours', { selector: 'dl' })).toHaveTextContent('Used01:30 (13 %)');
    expect(screen.getByRole('row', { name: 'Total' })).toHaveTextContent('$1,234.50');
  });

  describe('in German', () => {
    readIn('de', billingMessages);

    it('speaks German, with German dates and euros', () => {
      render();
      agencyCurrency('EUR');
      expect(screen.getByRole('heading', { name: 'Monatsübersicht für Oktober 2026', level: 1 })).toBeInTheDocument();
      for (const heading of ['Bearbeitete Tickets', 'Abgeschlossen', 'Zeit nach Typ', 'Planstunden', 'Erledigte Wartung', 'Überfällig']) {
        expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
      }
      expect(screen.getByText('Versendet')).toBeInTheDocument();
      const worked = screen.getByRole('table', { name: 'Bearbeitete Tickets' });
      expect(within(worked).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Ticket', 'Typ', 'Zeit', 'Wert']);
      expect(within(worked).getByRole('row', { name: 'Summe' })).toHaveTextContent('1.234,50 €');
      expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '#12 Fix the contact form (20.10.2026)')).toBeInTheDocument();
      expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '#60 New page (fällig am 25.10.2026)')).toBeInTheDocument();
      expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === '#50 Monthly updates: 1 von 2 erledigt')).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Checkliste zu Monthly updates' })).toHaveTextContent('☐ Check backups (nicht erledigt)');
      expect(screen.getByLabelText('Planstunden', { selector: 'dl' })).toHaveTextContent('Verbraucht01:30 (13 %)');
      expect(screen.getByLabelText('Planstunden', { selector: 'dl' })).toHaveTextContent('Übertragen01:00');
    });
  });
});
