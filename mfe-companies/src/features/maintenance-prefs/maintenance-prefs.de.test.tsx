import { act, fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { agencyCurrency, inGerman, readIn, renderWithPortal } from '@portal/testing';
import { MaintenancePrefs } from '../../maintenance-prefs';
import { companiesMessages } from '../../messages';

readIn('de', companiesMessages);

describe('the exposed MaintenancePrefs in German', () => {
  it("offers the choices in German and shows the plan's cost in German format, in the agency's currency", async () => {
    const saved: unknown[] = [];
    renderWithPortal(<MaintenancePrefs value={{ frequency: 'quarterly', intensity: ['maintenance', 'security'] }} onSave={(prefs) => void saved.push(prefs)} />);
    agencyCurrency('EUR');

    expect(screen.getByRole('group', { name: 'Häufigkeit' })).toBeInTheDocument();
    for (const name of ['Monatlich', 'Vierteljährlich', 'Halbjährlich']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Wartung (Core-, Plugin- und Theme-Updates)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sicherheit (Überwachung, Härtung und Backups)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Performance/ })).not.toBeChecked();

    expect(screen.getByText('Vierteljährliche Wartung: Wartung, Sicherheit')).toBeInTheDocument();
    expect(screen.getByText('Geschätzte Kosten: 75,00 € pro Quartal')).toBeInTheDocument();
    expect(screen.getByText(inGerman(MESSAGES.setupMayAddTime))).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Halbjährlich' }));
    expect(await screen.findByText('Geschätzte Kosten: 150,00 € pro Halbjahr')).toBeInTheDocument();
    expect(screen.getByText(inGerman(MESSAGES.semiAnnualNotRecommended))).toBeInTheDocument();
  });

  it('says what to choose while no intensity is chosen', () => {
    renderWithPortal(<MaintenancePrefs value={{ frequency: 'monthly', intensity: [] }} onSave={() => undefined} />);
    expect(screen.getByText('Wählen Sie eine Häufigkeit und mindestens einen Umfang, um die Kosten zu sehen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einstellungen speichern' })).toBeDisabled();
  });

  it('says the plan was saved in German', async () => {
    renderWithPortal(<MaintenancePrefs onSave={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' })));
    expect(await screen.findByText('Einstellungen gespeichert.')).toBeInTheDocument();
  });
});
