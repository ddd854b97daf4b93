import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, aCompany, createMockApi, renderWithPortal } from '@portal/testing';
import { MaintenancePrefs } from './maintenance-prefs';

describe('maintenance preferences', () => {
  it("shows the saved plan's cost and saves a new one to the company", async () => {
    const api = createMockApi({
      companies: [aCompany({ meta: [{ id: 1, meta_key: 'maintenance_prefs', meta_value: '{"frequency":"monthly","intensity":["updates"]}' }] })],
    });
    const view = renderWithPortal(<MaintenancePrefs companyId={4} />, { viewer: aClient(), api });
    expect(await screen.findByText('Estimated cost: $20.00 per month')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.setupMayAddTime)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Security/ }));
    expect(await screen.findByText('Estimated cost: $75.00 per quarter')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Semiannually' }));
    expect(await screen.findByText(MESSAGES.semiAnnualNotRecommended)).toBeInTheDocument();
    expect(screen.getByText('Estimated cost: $150.00 per 6 months')).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' })));
    expect(await screen.findByText('Preferences saved.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{
      method: 'PUT', url: '/api/company/4/meta/maintenance_prefs',
      body: { company_id: 4, meta_key: 'maintenance_prefs', meta_value: '{"frequency":"semiannually","intensity":["maintenance","security"]}' },
    }]);
  });

  it('hides the cost and disables saving without an intensity', async () => {
    renderWithPortal(<MaintenancePrefs companyId={4} />, { viewer: aClient() });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Maintenance/ }));
    await waitFor(() => expect(screen.queryByText(/Estimated cost/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
  });

  it("hands the caller's plan back without a company (the registration wizard)", async () => {
    const saved: unknown[] = [];
    const view = renderWithPortal(<MaintenancePrefs onSave={(prefs) => void saved.push(prefs)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' })));
    expect(saved).toEqual([{ frequency: 'monthly', intensity: ['maintenance'] }]);
    expect(view.writes()).toEqual([]);
  });
});
