import { act, fireEvent, screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router-dom';
import { useSession } from '@portal/session';
import { anAgent, apiPath, http, renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { LoginPage } from './features/login/login-page';
import { RemoteRoutes } from './routes';

const agent = anAgent();

/** The remote at `route` over the kit's portal; the dashboards it sends to render a location marker. */
function renderAuth(route: InitialEntry, options: Pick<RenderWithPortalOptions, 'viewer' | 'handlers'> = {}) {
  const view = renderWithPortal(<RemoteRoutes />, { route, stops: ['agents/*', 'clients/*'], ...options });
  const logins = () => view.requests().filter((r) => r.url === '/api/auth/login').map((r) => r.body);
  return { ...view, logins };
}

async function signIn(username = 'agent@demo.test', password = 'portal-demo') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

describe('login screen', () => {
  it('shows the heading, both fields, the button and both links, inside the remote label', () => {
    renderAuth('/');

    expect(screen.getByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(document.querySelector('[data-remote="auth"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('signs in and goes to the dashboard', async () => {
    const { logins } = renderAuth('/login');
    await signIn();

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
    expect(logins()).toEqual([{ username: 'agent@demo.test', password: 'portal-demo' }]);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, dashboard: '/agents' });
  });

  it('goes to a local redirect parameter after sign-in', async () => {
    renderAuth('/login?redirect=%2Fagents%2F8%2Ftime');
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents\/8\/time$/);
  });

  it('goes to the page the user came from', async () => {
    renderAuth({ pathname: '/login', state: { from: '/clients/4' } });
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/clients\/4$/);
  });

  it('ignores an unsafe redirect and goes to the dashboard', async () => {
    renderAuth('/login?redirect=%2F%2Fevil.example%2Fx');
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });

  it('shows the server message in a red alert and keeps what was typed', async () => {
    renderAuth('/login');
    await signIn('agent@demo.test', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(screen.getByLabelText('Username')).toHaveValue('agent@demo.test');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    expect(useSession.getState().isLoggedIn).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the button as busy while signing in', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    // Holds the sign-in until released, then lets the mock API answer it.
    renderAuth('/login', { handlers: [http.post(apiPath('/auth/login'), async () => { await held; })] });
    await signIn();

    expect(screen.getByRole('button', { name: /Signing in/ })).toHaveAttribute('data-loading');
    await act(async () => release());
    expect(await screen.findByTestId('where')).toHaveTextContent('/agents');
  });

  // In the portal the login page stays mounted while the navigation to the dashboard is in its
  // transition (rendered alone here, it stays mounted anyway); a Sign Out then must find the form.
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

  it('sends a signed-in user straight to the dashboard', async () => {
    renderAuth('/', { viewer: agent });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });

  it('shows its own not-found page for a path it does not have', () => {
    renderAuth('/registration');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
