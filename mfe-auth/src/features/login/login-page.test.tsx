import { act, fireEvent, screen } from '@testing-library/react';
import { useSession } from '@portal/session';
import { renderWithPortal } from '@portal/testing';
import { LoginPage } from './login-page';

async function signIn() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'agent@demo.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'portal-demo' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

describe('LoginPage', () => {
  // In the portal the page stays mounted while the navigation to the dashboard is in its
  // transition; a Sign Out then must find the form, not the finished sign-in's redirect.
  it('shows the form again when the session ends while the page is still mounted', async () => {
    renderWithPortal(<LoginPage />, { route: '/login' });
    await signIn();
    expect(useSession.getState().isLoggedIn).toBe(true);
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();

    act(() => useSession.getState().signOut());

    expect(screen.getByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
