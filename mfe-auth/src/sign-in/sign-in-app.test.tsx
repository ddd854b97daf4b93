import { act, fireEvent, screen } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { useSession } from '@portal/session';
import { anAgent, renderWithPortal } from '@portal/testing';
import { FRAME_TEXTS_BLOCK_ID } from '@portal/ui/prerendered-frame';
import { mountSignInPage, SignInPage } from './sign-in-app';

/** The page at `url` (with the router's `state`, as a reload keeps it), and where it sends the visitor. */
function renderSignIn(url = '/login', state: unknown = null, viewer?: Contact) {
  window.history.replaceState(state, '', url);
  const go = jest.fn<void, [string]>();
  const view = renderWithPortal(<SignInPage go={go} />, { route: url, viewer });
  const logins = () => view.requests().filter((r) => r.url === '/api/auth/login').map((r) => r.body);
  return { go, logins };
}

async function signIn(username = 'agent@demo.test', password = 'portal-demo') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

describe('the sign-in page of its own', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('signs in, hands the session to the app through the session store and loads the dashboard', async () => {
    const { go, logins } = renderSignIn();
    await signIn();

    expect(logins()).toEqual([{ username: 'agent@demo.test', password: 'portal-demo' }]);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, dashboard: '/agents' });
    expect(go).toHaveBeenCalledWith('/agents');
    // Still busy while the next page loads.
    expect(screen.getByRole('button', { name: /Signing in/ })).toHaveAttribute('data-loading');
  });

  it('forgets a session the store still holds: the server sends this page only without a session cookie', () => {
    // The kit puts the viewer in the session store before the page mounts.
    renderSignIn('/login', null, anAgent());
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('links to the other public pages with plain links: they load whole', () => {
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('loads a local redirect parameter, else the page the route guard had sent the visitor from, never another site', async () => {
    const first = renderSignIn('/login?redirect=%2Fagents%2F8%2Ftime');
    await signIn();
    expect(first.go).toHaveBeenCalledWith('/agents/8/time');
  });

  it("loads the page the visitor came from, kept in the router's state across a reload", async () => {
    const { go } = renderSignIn('/login', { usr: { from: '/agents/8/time' }, key: 'k', idx: 1 });
    await signIn();
    expect(go).toHaveBeenCalledWith('/agents/8/time');
  });

  it('ignores an unsafe redirect and loads the dashboard', async () => {
    const { go } = renderSignIn('/login?redirect=%2F%2Fevil.example%2Fx');
    await signIn();
    expect(go).toHaveBeenCalledWith('/agents');
  });

  it('shows the server message, keeps what was typed and goes nowhere on a wrong password', async () => {
    const { go } = renderSignIn();
    await signIn('agent@demo.test', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(screen.getByLabelText('Username')).toHaveValue('agent@demo.test');
    expect(useSession.getState().isLoggedIn).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });
});

describe("the sign-in page's frame", () => {
  afterEach(() => {
    act(() => useSession.getState().setLanguage('en'));
    document.body.innerHTML = '';
  });

  it("speaks the visitor's language, and follows the language picker: the shell that would draw it does not run here", async () => {
    // The frame as the shell's build writes it (shell/src/prerender.tsx): English, with its texts in every language.
    const texts = {
      en: { 'footer.copyright': '© 2026 Web Agency Support. All rights reserved.', 'logo.home': 'Support Portal home' },
      de: { 'footer.copyright': '© 2026 Web Agency Support. Alle Rechte vorbehalten.', 'logo.home': 'Support Portal – Startseite' },
    };
    document.body.innerHTML = `
      <header><a href="/login" aria-label="Support Portal home" data-portal-label="logo.home">Support Portal</a></header>
      <main><div data-portal-page=""></div></main>
      <footer><p data-portal-text="footer.copyright">© 2026 Web Agency Support. All rights reserved.</p></footer>
      <script type="application/json" id="${FRAME_TEXTS_BLOCK_ID}">${JSON.stringify(texts)}</script>`;
    useSession.getState().setLanguage('de');

    await act(() => mountSignInPage(document.querySelector<HTMLElement>('[data-portal-page]')!));

    expect(await screen.findByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeInTheDocument();
    expect(screen.getByText('© 2026 Web Agency Support. Alle Rechte vorbehalten.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support Portal – Startseite' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');

    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'en' } });
    expect(await screen.findByText('© 2026 Web Agency Support. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support Portal home' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  }, 30_000);
});
