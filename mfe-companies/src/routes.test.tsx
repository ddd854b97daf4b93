import { screen } from '@testing-library/react';
import { anAdmin, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from './routes';

describe('the companies remote', () => {
  it('owns the profile settings tabs and shows not-found elsewhere', async () => {
    const view = renderWithPortal(<RemoteRoutes />, { viewer: anAdmin(), route: '/clients/4/prefs' });
    expect(await screen.findByRole('heading', { name: 'Acme, LLC Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preferences' })).toHaveAttribute('aria-current', 'page');
    view.unmount();
    renderWithPortal(<RemoteRoutes />, { viewer: anAdmin(), route: '/clients/4/elsewhere' });
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
