import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { createMockApi, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// The page is lazily loaded by routes.tsx: its module is loaded once here, so a cold first import does not eat
// into the first test's wait for the page.
beforeAll(() => import('./verify-email-page'), 30_000);

const fresh = new Date().toISOString();

describe('verify e-mail', () => {
  it('verifies once on load and says so in a heading', async () => {
    const api = createMockApi({ verifyCodes: [{ code: 'v1', contact_id: 31, date_created: fresh }] });
    const view = renderWithPortal(<RemoteRoutes />, { route: '/verifyemail/v1', api });

    expect(await screen.findByRole('heading', { name: 'Thanks, Cora! Your e-mail address is verified.' })).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/auth/verify/v1', body: undefined }]);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('names the problem of a code that does not work', async () => {
    const view = renderWithPortal(<RemoteRoutes />, { route: '/verifyemail/used' });

    expect(await screen.findByRole('heading', { name: 'We could not verify your e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verificationCodeInvalid);
    await waitFor(() => expect(view.writes()).toHaveLength(1));
  });
});
