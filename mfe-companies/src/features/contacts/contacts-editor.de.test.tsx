import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, type ContactDraft } from '@portal/domain';
import { inGerman, readIn, renderWithPortal } from '@portal/testing';
import { ContactsEditor } from '../../contacts-editor';
import { companiesMessages } from '../../messages';

readIn('de', companiesMessages);
afterEach(() => window.sessionStorage.clear());

const erin: ContactDraft = { title: 'Designerin', first_name: 'Erin', last_name: 'Evans', email: 'erin@acme.test', phone: '555-777-1234', primary: 0 };
const fillNew = (fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) fireEvent.change(screen.getByLabelText(`Neuer Kontakt: ${label}`), { target: { value } });
};

describe('the exposed ContactsEditor in German (the registration wizard)', () => {
  it('names its columns and inputs in German and says which fields keep Hinzufügen disabled', () => {
    renderWithPortal(<ContactsEditor contacts={[]} onChange={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Kontakte' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Position', 'Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Hauptkontakt', 'Aktionen',
    ]);
    expect(screen.getByText('Noch keine Kontakte. Fügen Sie mindestens einen hinzu.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Hinzufügen' });
    expect(add).toHaveAccessibleDescription('Bitte füllen Sie die Felder Position, Vorname, Nachname, E-Mail und Telefon aus.');

    fillNew({ Position: 'Inhaberin', Vorname: 'Nia', Nachname: 'Nowak', 'E-Mail': 'nia@newco' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Bitte füllen Sie das Feld Telefon aus.');
    expect(screen.getByText(inGerman(MESSAGES.invalidEmail))).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Neuer Kontakt: Hauptkontakt' })).toBeInTheDocument();
  });

  it('asks in German before removing a contact from the list', async () => {
    const lists: ContactDraft[][] = [];
    renderWithPortal(<ContactsEditor contacts={[erin]} onChange={(next) => lists.push(next)} />);
    expect(screen.getByRole('button', { name: 'Erin Evans bearbeiten' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erin Evans entfernen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Kontakt entfernen' });
    expect(dialog).toHaveTextContent('Möchten Sie Erin Evans wirklich aus diesem Unternehmen entfernen? Der Kontakt bleibt im System erhalten.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' })));
    expect(lists).toEqual([[]]);
  });
});
