import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MaintenanceSchedule } from '@portal/contract';
import { DEFAULT_MAINTENANCE_TEMPLATES } from '@portal/domain';
import { aCompany, createMockApi, recordedWrites } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Maintenance (docs/product/maintenance.md).

jest.setTimeout(20_000);

const acme: MaintenanceSchedule = {
  company_id: 7, company_name: 'Acme, LLC', plan: 'Monthly: updates, security ($50.00 per month)', frequency: 'monthly', intensity: ['maintenance', 'security'], cost: 50,
  period_start: '2026-12', period_end: '2026-12', next_run: '2027-01-01T00:00:00.000Z', current_ran: false, last_run: null, paused: false,
};

function openTab() {
  const api = createMockApi({ companies: [aCompany({ company_id: 7, name: 'Acme, LLC' })], maintenanceSchedules: [acme] });
  return { ...renderAdmin('/admins/settings/maintenance', { api }), api };
}

const row = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Maintenance clients' });
  return within(table).getByRole('row', { name: new RegExp(name) });
};
const rowNow = (name: string) => within(screen.getByRole('table', { name: 'Maintenance clients' })).getByRole('row', { name: new RegExp(name) });

describe('maintenance in Admin Settings', () => {
  it('lists each maintenance client with its plan, next run, last ticket and schedule; Run now opens the period once', async () => {
    const { api } = openTab();
    expect(screen.getByRole('link', { name: 'Maintenance' })).toHaveAttribute('aria-current', 'page');
    const acmeRow = await row('Acme, LLC');
    expect(acmeRow).toHaveTextContent('Monthly: maintenance, security ($50.00 per month)');
    expect(acmeRow).toHaveTextContent('None yet');
    expect(acmeRow).toHaveTextContent('Active');

    await act(async () => fireEvent.click(within(acmeRow).getByRole('button', { name: 'Run now Acme, LLC' })));
    const link = await waitFor(() => within(rowNow('Acme, LLC')).getByRole('link', { name: /December 2026/ }));
    const ticketId = api.db.tickets.find((t) => t.title === 'Maintenance: December 2026')!.ticket_id;
    expect(link).toHaveAttribute('href', `/clients/7/tickets/${ticketId}`);

    await act(async () => fireEvent.click(within(rowNow('Acme, LLC')).getByRole('button', { name: 'Run now Acme, LLC' })));
    await waitFor(() => expect(recordedWrites().filter((w) => w.url.endsWith('/run'))).toHaveLength(2));
    expect(api.db.tickets.filter((t) => t.title.startsWith('Maintenance:'))).toHaveLength(1);
  });

  it('pauses and resumes a schedule', async () => {
    const { api } = openTab();
    const pause = within(await row('Acme, LLC')).getByRole('button', { name: 'Pause Acme, LLC' });
    await act(async () => fireEvent.click(pause));
    await waitFor(() => expect(rowNow('Acme, LLC')).toHaveTextContent('Paused'));
    expect(api.db.maintenanceSchedules[0]!.paused).toBe(true);
    await act(async () => fireEvent.click(within(rowNow('Acme, LLC')).getByRole('button', { name: 'Resume Acme, LLC' })));
    await waitFor(() => expect(rowNow('Acme, LLC')).toHaveTextContent('Active'));
  });

  it('edits the task lists per intensity: saved trimmed, empty lines dropped', async () => {
    const { api } = openTab();
    const form = await screen.findByRole('form', { name: 'Maintenance tasks' });
    const security = await within(form).findByRole('textbox', { name: 'Security' });
    expect(security).toHaveValue(DEFAULT_MAINTENANCE_TEMPLATES.security.join('\n'));
    fireEvent.change(security, { target: { value: '  Run a malware scan \n\nCheck the SSL certificate' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved.');
    expect(api.db.maintenanceTasks.security).toEqual(['Run a malware scan', 'Check the SSL certificate']);
    expect(security).toHaveValue('Run a malware scan\nCheck the SSL certificate');
  });

  it('shows the server’s refusal of a list too long', async () => {
    openTab();
    const form = await screen.findByRole('form', { name: 'Maintenance tasks' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Performance' }), { target: { value: Array.from({ length: 51 }, (_, i) => `Task ${i}`).join('\n') } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(await within(form).findByText('A list holds at most 50 tasks.')).toBeInTheDocument();
  });
});
