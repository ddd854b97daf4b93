import { act, fireEvent, screen } from '@testing-library/react';
import { useSession } from '@portal/session';
import { anAgent, aSecurityState, createMockApi, readIn, renderWithPortal } from '@portal/testing';
import { authMessages } from '../../messages';
import { RemoteRoutes } from '../../routes';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));

// The picker's test starts in English and switches: English again after it.
afterEach(() => useSession.getState().setLanguage('en'));

describe('the login page in German', () => {
  describe('read in German', () => {
    readIn('de', authMessages);

    it('speaks German to a German reader, the server message included', async () => {
      const view = renderWithPortal(<RemoteRoutes />, { route: '/login' });

      expect(screen.getByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgotpassword');
      expect(screen.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute('href', '/register');
      expect(screen.getByRole('button', { name: 'Mit einem Passkey anmelden' })).toBeInTheDocument();
      expect(screen.getByLabelText('Sprache')).toHaveValue('de');

      fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: 'agent@demo.test' } });
      fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'wrong' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));
      // The API's text, through the product's table of fixed texts (@portal/i18n/message-text).
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(view.requests().filter((r) => r.url === '/api/auth/login')).toHaveLength(1);
      expect(screen.getByLabelText('Benutzername')).toHaveValue('agent@demo.test');
    });

    it('asks for the second factor in German, its own message for a blank code included', async () => {
      const agent = anAgent();
      const api = createMockApi({
        contacts: [agent],
        security: aSecurityState({ secondFactor: { [agent.contact_id]: ['totp', 'recovery'] }, recoveryCodes: ['AAAAA-BBBBB'] }),
      });
      renderWithPortal(<RemoteRoutes />, { route: '/login', api, stops: ['agents/*'] });
      fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: agent.email } });
      fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'portal-demo' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' })));

      expect(await screen.findByRole('heading', { name: 'Anmeldung in zwei Schritten' })).toBeInTheDocument();
      expect(screen.getByLabelText('Geben Sie den Code aus Ihrer Authenticator-App ein')).toBeInTheDocument();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' })));
      expect(await screen.findByRole('alert')).toHaveTextContent('Bitte geben Sie zuerst den Code ein.');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' })));
      expect(await screen.findByLabelText('Geben Sie einen Ihrer Wiederherstellungscodes ein')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Zurück zur Anmeldung' })).toBeInTheDocument();
    });
  });

  it('switches the page to the language picked below the form, at once and back', async () => {
    renderWithPortal(<RemoteRoutes />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    const picker = screen.getByLabelText('Language');
    expect([...(picker as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['English', 'Deutsch']);

    fireEvent.change(picker, { target: { value: 'de' } });
    expect(useSession.getState().language).toBe('de');
    expect(await screen.findByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(useSession.getState().language).toBe('en');
  });
});
