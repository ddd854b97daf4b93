import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Contact } from '@portal/contract';
import { useSession } from '@portal/session';
import { PortalProvider } from '@portal/ui';
import { RemoteRoutes } from './routes';

const admin: Contact = {
  contact_id: 7, title: null, first_name: 'Ada', last_name: 'Admin', email: 'admin@demo.test', phone: null,
  group_id: 1, company_id: null, companies: [], meta: [],
};

function renderAt(path: string) {
  return render(
    <PortalProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<RemoteRoutes />} />
        </Routes>
      </MemoryRouter>
    </PortalProvider>,
  );
}

describe('dashboards remote', () => {
  beforeEach(() => useSession.getState().signIn({ contact: admin, dashboard: '/admins' }));

  it.each([
    ['/admins', 'Admin Dashboard'],
    ['/admins/stats', 'Admin Dashboard'],
    ['/agents', 'Agent Dashboard'],
    ['/agents/7/tickets', 'Agent Dashboard'],
    ['/clients', 'Client Dashboard'],
    ['/clients/4', 'Client Dashboard'],
    ['/invoice', 'Invoice'],
  ])('%s shows the %s heading', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it("greets the signed-in user by name, inside the remote's build label", () => {
    renderAt('/agents');
    expect(screen.getByText('Signed in as Ada Admin')).toBeInTheDocument();
    expect(document.querySelector('[data-remote="dashboards"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('shows its own not-found page for paths it does not own', () => {
    renderAt('/agreement/extra');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
