import { act, fireEvent, screen, within } from '@testing-library/react';
import { anOption, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// The defaults tab as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const typesCard = () => screen.findByRole('region', { name: 'Tickettypen' });

describe('the defaults tab in German', () => {
  it('names the groups, the lists, their columns and colours in German', async () => {
    renderAdmin('/admins/settings/defaults');
    expect(await screen.findByRole('heading', { name: 'Optionen für Kontakte und Kunden' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ticket-Optionen' })).toBeInTheDocument();
    for (const name of ['Gruppen', 'Kundenmodi', 'Kundenleistungen', 'Prioritäten', 'Tickettypen', 'Statuswerte']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const priorities = screen.getByRole('region', { name: 'Prioritäten' });
    const table = await within(priorities).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['ID', 'Name', 'Farbe', '']);
    expect(within(priorities).getByRole('row', { name: /Urgent/ })).toHaveTextContent('Rot');
    const colour = within(priorities).getByRole('combobox', { name: 'Farbe' });
    expect(within(colour).getAllByRole('option').map((option) => option.textContent)).toEqual(['Rot', 'Orange', 'Grün', 'Blau']);
    expect(within(priorities).getByRole('form', { name: 'Zu „Prioritäten“ hinzufügen' })).toBeInTheDocument();
  });

  it('says in German why an item cannot be added or deleted, and saves', async () => {
    renderAdmin('/admins/settings/defaults', {
      api: {
        options: [anOption('type-defaults', [{ id: 1, name: 'Question' }, { id: 2, name: 'Chore' }, { id: 6, name: 'Meeting' }])],
        optionUsage: { 'type-defaults': { 1: 1, 2: 3 } },
      },
    });
    const card = await typesCard();
    expect(await within(card).findByText('„Chore“ kann nicht gelöscht werden: 3 Tickets verwenden diesen Eintrag.')).toBeInTheDocument();
    expect(within(card).getByText('„Question“ kann nicht gelöscht werden: 1 Ticket verwendet diesen Eintrag.')).toBeInTheDocument();
    expect(within(card).getByText('Meetings werden zum Meeting-Stundensatz abgerechnet.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Meeting löschen' })).toBeDisabled();

    const add = within(card).getByRole('button', { name: 'Hinzufügen' });
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: 'Audit' } });
    fireEvent.change(within(card).getByLabelText('ID'), { target: { value: '2' } });
    expect(within(card).getByText('Die ID 2 ist bereits in der Liste.')).toBeInTheDocument();
    fireEvent.change(within(card).getByLabelText('ID'), { target: { value: '0' } });
    expect(within(card).getByText('Die ID muss eine ganze Zahl größer als 0 sein.')).toBeInTheDocument();
    expect(add).toBeDisabled();
    fireEvent.change(within(card).getByLabelText('ID'), { target: { value: '7' } });
    fireEvent.click(add);
    expect(await within(card).findByText('Audit')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Speichern' })));
    expect(await within(card).findByText('Gespeichert.')).toBeInTheDocument();
  });
});
