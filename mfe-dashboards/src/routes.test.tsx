import { screen } from '@testing-library/react';
import { anAdmin } from '@portal/testing';
import { renderRemote } from './test-support/render-remote';

const admin = anAdmin();

describe('dashboards remote', () => {
  it.each([
    ['/admins', 'Admin Dashboard'],
    ['/admins/stats', 'Ticket Stats'],
    ['/agents', 'Agent Dashboard'],
    ['/agents/1/tickets', 'Agent Dashboard'],
    ['/clients', 'Client Dashboard'],
    ['/agreement', 'Maintenance Agreement'],
    ['/invoice', 'Invoice'],
  ])('%s shows the %s heading', async (path, heading) => {
    renderRemote(path, { viewer: admin });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it("wraps its pages in the remote's build label", () => {
    renderRemote('/invoice', { viewer: admin });
    expect(document.querySelector('[data-remote="dashboards"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('states the agreement rates from the domain constants', () => {
    renderRemote('/agreement', { viewer: admin });
    expect(screen.getByText(/\$100\.00 per hour standard and \$50\.00 per hour for meetings/)).toBeInTheDocument();
    expect(screen.getByText(/first 14 days of each month/)).toBeInTheDocument();
    expect(screen.getByText(/30-day warranty/)).toBeInTheDocument();
  });

  it('shows its own not-found page for paths it does not own', () => {
    renderRemote('/agreement/extra', { viewer: admin });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
