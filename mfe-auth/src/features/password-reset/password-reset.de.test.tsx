import { act, fireEvent, screen } from '@testing-library/react';
import { createMockApi, readIn, renderWithPortal, type OneTimeCode } from '@portal/testing';
import { authMessages } from '../../messages';
import { RemoteRoutes } from '../../routes';

beforeAll(() => import('./reset-password-page'), 30_000);

readIn('de', authMessages);

describe('forgot password in German', () => {
  it('asks for the address and confirms the mail in German', async () => {
    renderWithPortal(<RemoteRoutes />, { route: '/forgotpassword' });

    expect(screen.getByRole('heading', { name: 'Passwort vergessen?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    fireEvent.change(screen.getByLabelText(/E-Mail/), { target: { value: 'client@demo.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link anfordern' })));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Bitte prüfen Sie Ihr Postfach');
    expect(status).toHaveTextContent('Wir haben einen Link zum Zurücksetzen Ihres Passworts an client@demo.test gesendet.');
  });
});

describe('reset password in German', () => {
  const code = (name: string): OneTimeCode => ({ code: name, contact_id: 31, date_created: new Date().toISOString() });

  it('greets, hints and saves in German', async () => {
    const api = createMockApi({ resetCodes: [code('good')] });
    renderWithPortal(<RemoteRoutes />, { route: '/resetpassword/good', api });

    expect(await screen.findByText('Hallo Cora, wählen Sie ein Passwort mit mindestens 8 Zeichen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeInTheDocument();
    expect(screen.getByText('Noch 8 Zeichen')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'secret' } });
    expect(screen.getByText('Noch 2 Zeichen')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'secret-12' } });
    fireEvent.change(screen.getByLabelText('Passwort bestätigen'), { target: { value: 'secret-12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' })));

    expect(await screen.findByRole('heading', { name: 'Ihr Passwort ist festgelegt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
  });

  it('offers Try Again in German on a code problem', async () => {
    renderWithPortal(<RemoteRoutes />, { route: '/resetpassword/nope', api: createMockApi({ resetCodes: [] }) });
    expect(await screen.findByRole('link', { name: 'Erneut versuchen' })).toHaveAttribute('href', '/forgotpassword');
  });
});
