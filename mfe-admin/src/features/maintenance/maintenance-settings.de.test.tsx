import { act, fireEvent, screen, within } from '@testing-library/react';
import type { MaintenanceSchedule } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { aCompany, createMockApi, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Maintenance as a German admin reads it (docs/product/languages.md).

jest.setTimeout(20_000);
readIn('de', adminMessages);

const schedule = (company_id: number, company_name: string, more: Partial<MaintenanceSchedule> = {}): MaintenanceSchedule => ({
  company_id, company_name, plan: 'Monthly: updates, security ($50.00 per month)', frequency: 'monthly', intensity: ['maintenance', 'security'], cost: 50,
  period_start: '2026-12', period_end: '2026-12', next_run: '2027-01-15T12:00:00.000Z', current_ran: false, last_run: null, paused: false, ...more,
});

function openTab(schedules: MaintenanceSchedule[]) {
  const api = createMockApi({
    companies: schedules.map((s) => aCompany({ company_id: s.company_id, name: s.company_name })), maintenanceSchedules: schedules,
  });
  return renderAdmin('/admins/settings/maintenance', { api });
}

describe('maintenance in Admin Settings, in German', () => {
  it('names the columns, the schedule and the actions in German, with the dates and periods as Germans write them', async () => {
    openTab([
      schedule(7, 'Acme, LLC'),
      schedule(8, 'Beta GmbH', { frequency: 'quarterly', paused: true, last_run: { period_start: '2026-10', period_end: '2026-12', ticket_id: 41 } }),
      schedule(9, 'Gamma AG', { frequency: 'semiannually', last_run: { period_start: '2026-07', period_end: '2026-12', ticket_id: null } }),
      schedule(10, 'Delta KG', { last_run: { period_start: '2026-11', period_end: '2026-11', ticket_id: 40 } }),
    ]);
    expect(screen.getByRole('link', { name: 'Wartung' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Wartung' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Wartungskunden' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      ['Unternehmen', 'Plan', 'Nächste Ausführung', 'Letztes Ticket', 'Zeitplan', 'Aktionen'],
    );
    const acme = within(table).getByRole('row', { name: /Acme/ });
    expect(acme).toHaveTextContent('15.1.2027');
    expect(acme).toHaveTextContent(/Monatlich: Wartung, Sicherheit \(50,00\s\$ pro Monat\)/);
    expect(within(table).getByRole('row', { name: /Beta/ })).toHaveTextContent(/Vierteljährlich: Wartung, Sicherheit \(50,00\s\$ pro Quartal\)/);
    expect(acme).toHaveTextContent('Noch keines');
    expect(acme).toHaveTextContent('Aktiv');
    expect(within(acme).getByRole('button', { name: 'Acme, LLC pausieren' })).toHaveTextContent('Pausieren');
    expect(within(acme).getByRole('button', { name: 'Acme, LLC jetzt ausführen' })).toHaveTextContent('Jetzt ausführen');

    const beta = within(table).getByRole('row', { name: /Beta/ });
    expect(within(beta).getByRole('link', { name: '4. Quartal 2026 (#41)' })).toBeInTheDocument();
    expect(beta).toHaveTextContent('Pausiert');
    expect(within(beta).getByRole('button', { name: 'Beta GmbH fortsetzen' })).toHaveTextContent('Fortsetzen');
    expect(within(table).getByRole('row', { name: /Gamma/ })).toHaveTextContent('2. Halbjahr 2026');
    expect(within(within(table).getByRole('row', { name: /Delta/ })).getByRole('link', { name: 'November 2026 (#40)' })).toBeInTheDocument();
  });

  it('says in German that there are no maintenance clients yet, and names the task lists in German', async () => {
    openTab([]);
    expect(await screen.findByText('Noch keine Wartungskunden.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Wartungsaufgaben' });
    for (const name of ['Wartung', 'Sicherheit', 'Performance']) expect(within(form).getByRole('textbox', { name })).toBeInTheDocument();
    expect(within(form).getAllByText('Eine Aufgabe pro Zeile, höchstens 50.')).toHaveLength(3);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Sicherheit' }), { target: { value: 'Malware-Scan' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Speichern' })));
    expect(await within(form).findByRole('status')).toHaveTextContent('Gespeichert.');
  });

  it('shows the server’s refusal of a list too long in German', async () => {
    openTab([]);
    const form = await screen.findByRole('form', { name: 'Wartungsaufgaben' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Performance' }), { target: { value: Array.from({ length: 51 }, (_, i) => `Aufgabe ${i}`).join('\n') } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Speichern' })));
    expect(await within(form).findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.maintenanceTooManyTasks));
  });
});
