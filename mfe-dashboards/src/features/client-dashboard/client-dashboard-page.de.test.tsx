import { act, screen, waitFor, within } from '@testing-library/react';
import { aClient, aCompany, aCompanyTimeTotal, agencyCurrency, aTicketSummary, readIn, type PortalData } from '@portal/testing';
import { useSession } from '@portal/session';
import { dashboardsMessages } from '../../messages';
import { renderRemote } from '../../test-support/render-remote';

// What a German-speaking client reads on their dashboard (docs/product/languages.md): the remote's texts in German,
// dates and money as German writes them, in the agency's currency; ticket titles and status names stay as they are.

const client = aClient();
const acme = aCompany();

const backlog = aTicketSummary({ title: 'Add a careers page', status_id: 1, date_due: '2026-11-21T12:00:00.000Z' });
const done = aTicketSummary({ title: 'Replace the hero image', status_id: 5, date_completed: '2026-10-20T12:00:00.000Z', total_time: 25 });

function acmePortal(tickets = [backlog, done]): Partial<PortalData> {
  return {
    companies: [acme],
    tickets,
    companyTime: {
      4: { currenttime: aCompanyTimeTotal({ total_time: 25, value: 250 }), ytdtime: aCompanyTimeTotal({ total_time: 1234, value: 12340.5 }) },
    },
  };
}

const counter = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('counter-value');

describe('the client dashboard in German', () => {
  readIn('de', dashboardsMessages);

  it('names its parts in German, writes the totals in euros and the dates the German way', async () => {
    renderRemote('/clients/4', { viewer: client, api: acmePortal() });
    agencyCurrency('EUR');

    expect(await screen.findByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neues Ticket' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Aktiv')).toHaveTextContent('1'));
    await waitFor(() => expect(counter('Aktueller Monat')).toHaveTextContent('250,00 €'));
    await waitFor(() => expect(counter('Seit Jahresbeginn')).toHaveTextContent('12.340,50 €'));

    // The card: its due date in German; the column keeps the admin's status name.
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Fällig am 21.11.2026');

    const history = screen.getByRole('region', { name: 'Abgeschlossen' });
    expect(within(history).getByRole('heading', { name: 'Abgeschlossen' })).toBeInTheDocument();
    await waitFor(() => expect(within(history).getByRole('link', { name: 'Replace the hero image' })).toBeInTheDocument());
    expect(within(history).getByText('20.10.2026')).toBeInTheDocument();
    expect(within(history).getByTestId('history-progress')).toHaveTextContent('1 von 1 angezeigt');
    expect(screen.getByRole('region', { name: 'Unternehmensübersicht' })).toBeInTheDocument();
  });

  it('says in German that nothing is completed yet', async () => {
    renderRemote('/clients/4', { viewer: client, api: acmePortal([backlog]) });

    const history = await screen.findByRole('region', { name: 'Abgeschlossen' });
    expect(await within(history).findByText('Noch keine abgeschlossenen Tickets.')).toBeInTheDocument();
  });

  it('switches to German without a reload', async () => {
    act(() => useSession.getState().setLanguage('en'));
    renderRemote('/clients/4', { viewer: client, api: acmePortal() });
    expect(await screen.findByRole('region', { name: 'Completed' })).toBeInTheDocument();

    act(() => useSession.getState().setLanguage('de'));
    expect(await screen.findByRole('region', { name: 'Abgeschlossen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neues Ticket' })).toBeInTheDocument();
  });
});
