import { act, fireEvent, screen, within } from '@testing-library/react';
import { aContactTimeTotal, agencyCurrency, aListedTicket, anAdmin, anAgent, readIn, type PortalData } from '@portal/testing';
import { dashboardsMessages } from '../../messages';
import { renderRemote } from '../../test-support/render-remote';

// The staff dashboards in German (docs/product/languages.md): the remote's texts in German, money in the agency's currency.

describe('the staff dashboards in German', () => {
  readIn('de', dashboardsMessages);

  it("gives the admin's dashboard, its kanban and its list in German", async () => {
    const tickets = [
      aListedTicket({ title: 'Checkout button', status_id: 3, assignee_id: 2 }),
      aListedTicket({ title: 'Catalogue import', status_id: 3, assignee_id: 2, is_maintenance: 0 }),
    ];
    const listPrefs: PortalData['listPrefs'] = { 1: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [3], maintenanceOnly: true } };
    renderRemote('/admins', { viewer: anAdmin(), api: { tickets, listPrefs } });

    expect(await screen.findByRole('heading', { name: 'Admin-Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ticket-Statistik' })).toHaveAttribute('href', '/admins/stats');
    expect(screen.getByRole('link', { name: 'Bericht zu Reaktionszeiten' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gespeicherte Ansichten' })).toBeInTheDocument();
    const inProgress = await screen.findByRole('region', { name: 'In Bearbeitung' });
    expect(await within(inProgress).findByText('Checkout button')).toBeInTheDocument();
    // Maintenance Only hides the other one: said in German, with the way to show it.
    expect(screen.getByTestId('hidden-by-filters')).toHaveTextContent('1 von 2 angezeigt: Filter aktiv');
    expect(screen.getByRole('button', { name: 'Alle anzeigen' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Zeit bis zur Zuweisung' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Nur Wartung' })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Liste' })));
    expect(await screen.findByRole('combobox', { name: 'Sortieren nach' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Absteigend' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CSV exportieren' })).toBeInTheDocument();
  });

  it("gives the agent's dashboard in German, the pay in euros", async () => {
    const agent = anAgent();
    renderRemote('/agents', {
      viewer: agent,
      api: {
        tickets: [],
        contactTime: { 8: { currenttime: aContactTimeTotal({ pay: 120 }), ytdtime: aContactTimeTotal({ pay: 2400 }) } },
      },
    });
    agencyCurrency('EUR');

    expect(await screen.findByRole('heading', { name: 'Agenten-Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tickets' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Zeit' })).toBeInTheDocument();
    const pay = within(screen.getByRole('group', { name: 'Verdienst seit Jahresbeginn' })).getByTestId('counter-value');
    expect(await within(pay).findByText('2.400,00 €')).toBeInTheDocument();
  });
});
