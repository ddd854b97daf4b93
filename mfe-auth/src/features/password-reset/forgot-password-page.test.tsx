import { act, fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { apiPath, createMockApi, errorAnswer, http, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

async function requestReset(email: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' })));
}

describe('forgot password', () => {
  it('mails a reset link and tells the user to check the inbox', async () => {
    const api = createMockApi();
    const view = renderWithPortal(<RemoteRoutes />, { route: '/forgotpassword', api });

    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    await requestReset(' client@demo.test ');

    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(screen.getByRole('status')).toHaveTextContent('client@demo.test');
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/auth/forgot', body: { email: 'client@demo.test' } }]);
    expect(api.db.outbox).toEqual([expect.objectContaining({ to: 'client@demo.test', kind: 'reset' })]);
  });

  it('says an unknown address is not found and keeps it to correct', async () => {
    renderWithPortal(<RemoteRoutes />, { route: '/forgotpassword' });
    await requestReset('nobody@demo.test');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.contactNotFoundTryAgain);
    expect(screen.getByLabelText(/Email/)).toHaveValue('nobody@demo.test');
  });

  it("shows the server's message when rate limited", async () => {
    renderWithPortal(<RemoteRoutes />, {
      route: '/forgotpassword',
      handlers: [http.post(apiPath('/auth/forgot'), () => errorAnswer(429, MESSAGES.tooManyRequests))],
    });
    await requestReset('client@demo.test');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyRequests);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('links back to sign in', () => {
    renderWithPortal(<RemoteRoutes />, { route: '/forgotpassword' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
