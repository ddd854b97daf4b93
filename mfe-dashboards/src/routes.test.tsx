import { screen } from '@testing-library/react';
import { useSession } from '@portal/session';
import { adminContact } from './test-support/fixtures';
import { ok, renderRemote, type FakeApi } from './test-support/render-remote';

const emptyApi: FakeApi = ({ path }) => {
  if (path === '/staff/tickets' || path === '/company' || path === '/stats/tickets') return ok([]);
  if (path === '/contact/1/tickets' || path === '/contact/1/time') return ok([]);
  return undefined;
};

describe('dashboards remote', () => {
  beforeEach(() => useSession.getState().signOut());

  it.each([
    ['/admins', 'Admin Dashboard'],
    ['/admins/stats', 'Ticket Stats'],
    ['/agents', 'Agent Dashboard'],
    ['/agents/1/tickets', 'Agent Dashboard'],
    ['/clients', 'Client Dashboard'],
    ['/agreement', 'Maintenance Agreement'],
    ['/invoice', 'Invoice'],
  ])('%s shows the %s heading', async (path, heading) => {
    renderRemote(path, { contact: adminContact, api: emptyApi });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it("wraps its pages in the remote's build label", () => {
    renderRemote('/invoice', { contact: adminContact, api: emptyApi });
    expect(document.querySelector('[data-remote="dashboards"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('states the agreement rates from the domain constants', () => {
    renderRemote('/agreement', { contact: adminContact, api: emptyApi });
    expect(screen.getByText(/\$100\.00 per hour standard and \$50\.00 per hour for meetings/)).toBeInTheDocument();
    expect(screen.getByText(/first 14 days of each month/)).toBeInTheDocument();
    expect(screen.getByText(/30-day warranty/)).toBeInTheDocument();
  });

  it('shows its own not-found page for paths it does not own', () => {
    renderRemote('/agreement/extra', { contact: adminContact, api: emptyApi });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
