import { screen } from '@testing-library/react';
import { anAdmin } from '@portal/testing';
import { renderRemote } from './test-support/render-remote';

const admin = anAdmin();

describe('dashboards remote', () => {
  it.each([
    ['/admins', 'Admin Dashboard'],
    ['/admins/stats', 'Ticket Stats'],
    ['/admins/stats/response-times', 'Response times report'],
    ['/agents', 'Agent Dashboard'],
    ['/agents/1/tickets', 'Agent Dashboard'],
    ['/clients', 'Client Dashboard'],
  ])('%s shows the %s heading', async (path, heading) => {
    renderRemote(path, { viewer: admin });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it("wraps its pages in the remote's build label", async () => {
    renderRemote('/admins', { viewer: admin });
    await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 });
    expect(document.querySelector('[data-remote="dashboards"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('shows its own not-found page for paths it does not own (the agreement and /invoice belong to billing now)', () => {
    renderRemote('/agreement', { viewer: admin });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
