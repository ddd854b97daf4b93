import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Contact } from '@portal/contract';
import { ApiClientProvider, createApiClient } from '@portal/api-client';
import { useSession } from '@portal/session';
import { PortalProvider } from '@portal/ui';
import { RemoteRoutes } from './routes';

const agent: Contact = {
  contact_id: 8, title: null, first_name: 'Alan', last_name: 'Agent', email: 'agent@demo.test', phone: null,
  group_id: 2, company_id: null, companies: [], meta: [],
};

type Answer = { status: number; body: unknown };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAuth(entry: string | { pathname: string; state: unknown }, answer: (body: unknown) => Answer | Promise<Answer>) {
  const requests: unknown[] = [];
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as unknown;
    requests.push(body);
    const { status, body: out } = await answer(body);
    return { ok: status < 300, status, text: async () => JSON.stringify(out) } as Response;
  }) as typeof globalThis.fetch;
  render(
    <PortalProvider>
      <ApiClientProvider client={createApiClient({ fetch })}>
        <SWRConfig value={{ provider: () => new Map() }}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="agents/*" element={<Where />} />
              <Route path="clients/*" element={<Where />} />
              <Route path="*" element={<RemoteRoutes />} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </ApiClientProvider>
    </PortalProvider>,
  );
  return { requests };
}

async function signIn(username = 'agent@demo.test', password = 'portal-demo') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

const ok = (): Answer => ({ status: 200, body: { contact: agent, dashboard: '/agents' } });

describe('login screen', () => {
  beforeEach(() => useSession.getState().signOut());

  it('shows the heading, both fields, the button and both links, inside the remote label', () => {
    renderAuth('/', ok);

    expect(screen.getByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(document.querySelector('[data-remote="auth"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('signs in and goes to the dashboard', async () => {
    const { requests } = renderAuth('/login', ok);
    await signIn();

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
    expect(requests).toEqual([{ username: 'agent@demo.test', password: 'portal-demo' }]);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, dashboard: '/agents' });
  });

  it('goes to a local redirect parameter after sign-in', async () => {
    renderAuth('/login?redirect=%2Fagents%2F8%2Ftime', ok);
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents\/8\/time$/);
  });

  it('goes to the page the user came from', async () => {
    renderAuth({ pathname: '/login', state: { from: '/clients/4' } }, ok);
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/clients\/4$/);
  });

  it('ignores an unsafe redirect and goes to the dashboard', async () => {
    renderAuth('/login?redirect=%2F%2Fevil.example%2Fx', ok);
    await signIn();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });

  it('shows the server message in a red alert and keeps what was typed', async () => {
    renderAuth('/login', () => ({ status: 401, body: { statusCode: 401, error: 'Invalid username or password.' } }));
    await signIn('agent@demo.test', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(screen.getByLabelText('Username')).toHaveValue('agent@demo.test');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    expect(useSession.getState().isLoggedIn).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the button as busy while signing in', async () => {
    let release: (answer: Answer) => void = () => undefined;
    renderAuth('/login', () => new Promise<Answer>((resolve) => { release = resolve; }));
    await signIn();

    expect(screen.getByRole('button', { name: /Sign/ })).toHaveAttribute('data-loading');
    await act(async () => release(ok()));
    expect(await screen.findByTestId('where')).toHaveTextContent('/agents');
  });

  it('sends a signed-in user straight to the dashboard', async () => {
    useSession.getState().signIn({ contact: agent, dashboard: '/agents' });
    renderAuth('/', ok);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });

  it('shows its own not-found page for pages it does not have yet', () => {
    renderAuth('/register', ok);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
