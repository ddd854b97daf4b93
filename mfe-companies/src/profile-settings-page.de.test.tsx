import { fireEvent, screen, within } from '@testing-library/react';
import { anAdmin, readIn } from '@portal/testing';
import { renderProfile } from './test-support/render-profile';
import { companiesMessages } from './messages';

readIn('de', companiesMessages);
afterEach(() => window.sessionStorage.clear());

describe('company profile settings in German', () => {
  it("gives an admin the company's heading, tabs and info tab in German", async () => {
    renderProfile('/clients/4/info', anAdmin());
    expect(await screen.findByRole('heading', { name: 'Profileinstellungen von Acme, LLC' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Profileinstellungen' })).getAllByRole('link');
    expect(tabs.map((link) => link.textContent)).toEqual(['Unternehmensdaten', 'Kontakte', 'Einstellungen', 'Zuweisungen', 'Löschen']);
    expect(screen.getByRole('link', { name: 'Dashboard von Acme, LLC' })).toHaveAttribute('href', '/clients/4');
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Leistungen' })).toBeInTheDocument();
    expect(screen.getByText('Standard-Bearbeiter zuweisen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unternehmensdaten aktualisieren' })).toBeInTheDocument();
    const planHours = within(await screen.findByRole('form', { name: 'Einstellungen der Planstunden' }));
    expect(planHours.getByRole('checkbox', { name: 'Planstunden für dieses Unternehmen' })).toBeInTheDocument();
    expect(planHours.getByRole('textbox', { name: 'Inklusivstunden pro Monat' })).toBeInTheDocument();
    expect(planHours.getByRole('button', { name: 'Planstunden speichern' })).toBeInTheDocument();
  });

  it('explains the delete tab in German and asks for the word DELETE', async () => {
    renderProfile('/clients/4/delete', anAdmin());
    expect(await screen.findByText(/^Beim Löschen des Unternehmens Acme, LLC werden/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Unternehmen löschen' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Geben Sie zur Bestätigung DELETE ein'), { target: { value: 'DELETE' } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(await screen.findByRole('alertdialog', { name: 'Acme, LLC löschen?' })).toBeInTheDocument();
  });
});
