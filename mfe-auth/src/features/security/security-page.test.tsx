import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import { useSession } from '@portal/session';
import {
  MOCK_TOTP_CODE, aClient, anAgent, aPasskey, aSecurityOverview, aSecurityState, aSession, createMockApi, renderWithPortal,
  type SecurityState,
} from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// The page is lazily loaded by routes.tsx: its module is loaded once here, so a cold first import does not eat
// into the first test's wait for the page.
beforeAll(() => import('./security-page'), 30_000);

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const browserRegistration = startRegistration as jest.MockedFunction<typeof startRegistration>;

// jsdom draws nothing: the QR code's canvas has no 2D context here (the journey sees it drawn).
beforeAll(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
afterAll(() => jest.restoreAllMocks());

const client = aClient();
const agent = anAgent();

function renderSecurity(security: Partial<SecurityState> = {}, viewer = client) {
  const api = createMockApi({ security: aSecurityState(security) });
  const view = renderWithPortal(<RemoteRoutes />, { route: '/security', viewer, api, stops: ['agents', 'clients'] });
  const posted = (method: string, url: string) => view.requests().filter((r) => r.method === method && r.url === `/api${url}`).map((r) => r.body);
  return { ...view, posted };
}

const section = (name: string) => screen.findByRole('region', { name });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

describe('Security page: authenticator app', () => {
  it('sets up the app: shows the QR code and the secret, and keeps a wrong code with the message', async () => {
    renderSecurity();
    const app = await section('Authenticator app');
    await click(within(app).getByRole('button', { name: 'Set up' }));

    expect(await within(app).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(within(app).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const field = within(app).getByLabelText('Code from the app');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    fireEvent.change(field, { target: { value: '111111' } });
    await click(within(app).getByRole('button', { name: 'Turn on' }));
    expect(await within(app).findByRole('alert')).toHaveTextContent('That code is not right. Please try again.');
    expect(within(app).getByLabelText('Code from the app')).toHaveValue('111111');
  });

  it('turns the app on with the first code and shows the recovery codes once', async () => {
    const { posted } = renderSecurity();
    const app = await section('Authenticator app');
    await click(within(app).getByRole('button', { name: 'Set up' }));
    fireEvent.change(await within(app).findByLabelText('Code from the app'), { target: { value: MOCK_TOTP_CODE } });
    await click(within(app).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(codes).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'portal-recovery-codes.txt');
    expect(within(app).getByText('On')).toBeInTheDocument();
    expect(within(app).queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
    expect(posted('POST', '/account/security/totp/confirm')).toEqual([{ code: MOCK_TOTP_CODE }]);

    await click(within(codes).getByRole('button', { name: 'I have saved these codes' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).toBeNull();
    expect(await within(await section('Recovery codes')).findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
  });

  it('turns the app off after the password; a wrong password keeps the dialog and what was typed', async () => {
    const { posted } = renderSecurity({
      overview: aSecurityOverview({ totp: { enabled: true, date_enabled: '2026-11-01T10:00:00.000Z' }, recovery_codes: { remaining: 8 } }),
    });
    const app = await section('Authenticator app');
    await click(within(app).getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong' } });
    await click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('wrong');

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'portal-demo' } });
    await click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(app).findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(posted('DELETE', '/account/security/totp')).toEqual([{ password: 'wrong' }, { password: 'portal-demo' }]);
  });
});

describe('Security page: passkeys', () => {
  beforeEach(() => browserRegistration.mockReset());

  it('lists passkeys and adds one under a name with the browser, showing the first recovery codes', async () => {
    const made = { id: 'new', rawId: 'new', type: 'public-key', response: {}, clientExtensionResults: {} };
    browserRegistration.mockResolvedValue(made as never);
    const { posted } = renderSecurity();
    const passkeys = await section('Passkeys');
    await click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    fireEvent.change(within(passkeys).getByLabelText('Passkey name'), { target: { value: 'Work laptop' } });
    await click(within(passkeys).getByRole('button', { name: 'Create passkey' }));

    expect(await within(passkeys).findByRole('cell', { name: 'Work laptop' })).toBeInTheDocument();
    expect(within(passkeys).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(browserRegistration).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: expect.any(String) }) });
    expect(posted('POST', '/account/security/passkeys')).toEqual([{ name: 'Work laptop', response: made }]);
    expect(await screen.findByRole('region', { name: 'Your recovery codes' })).toBeInTheDocument();
  });

  it('keeps the name and says why when the browser makes no passkey', async () => {
    browserRegistration.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    renderSecurity();
    const passkeys = await section('Passkeys');
    await click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    fireEvent.change(within(passkeys).getByLabelText('Passkey name'), { target: { value: 'Phone' } });
    await click(within(passkeys).getByRole('button', { name: 'Create passkey' }));

    expect(await within(passkeys).findByRole('alert')).toHaveTextContent('The passkey was not used: the request was cancelled or timed out.');
    expect(within(passkeys).getByLabelText('Passkey name')).toHaveValue('Phone');
  });

  it('removes a passkey after the password', async () => {
    renderSecurity({
      overview: aSecurityOverview({ passkeys: [aPasskey({ id: 3, name: 'MacBook' }), aPasskey({ id: 4, name: 'YubiKey' })], recovery_codes: { remaining: 10 } }),
    });
    const passkeys = await section('Passkeys');
    await click(within(passkeys).getByRole('button', { name: 'Remove passkey YubiKey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey YubiKey?' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'portal-demo' } });
    await click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(passkeys).queryByRole('cell', { name: 'YubiKey' })).toBeNull());
    expect(within(passkeys).getByRole('cell', { name: 'MacBook' })).toBeInTheDocument();
  });
});

describe('Security page: recovery codes', () => {
  it('shows how many are left and makes new ones after a confirmation, shown once', async () => {
    renderSecurity({
      overview: aSecurityOverview({ totp: { enabled: true, date_enabled: null } }),
      recoveryCodes: ['AAAAA-AAAAA', 'BBBBB-BBBBB', 'CCCCC-CCCCC'],
    });
    const recovery = await section('Recovery codes');
    expect(await within(recovery).findByText(/3 of 10 recovery codes left/)).toBeInTheDocument();
    await click(within(recovery).getByRole('button', { name: 'Make new codes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' });
    await click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(await within(recovery).findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
  });

  it('offers none before a factor is on', async () => {
    renderSecurity();
    const recovery = await section('Recovery codes');
    expect(within(recovery).getByText(/You get recovery codes when you turn on/)).toBeInTheDocument();
    expect(within(recovery).queryByRole('button', { name: 'Make new codes' })).toBeNull();
  });
});

describe('Security page: sessions', () => {
  const sessions = [
    aSession({ id: 1, current: true }),
    aSession({ id: 2, current: false, browser: 'Firefox 133', system: 'Windows', address: '10.0.0.7' }),
    aSession({ id: 3, current: false, browser: 'Safari 18', system: 'iOS', address: '10.0.0.8' }),
  ];

  it('lists the sessions with this one marked, and signs out one other session', async () => {
    const { posted } = renderSecurity({ sessions });
    const list = await section('Where you are signed in');
    const current = await within(list).findByRole('row', { name: 'Chrome 131 on Linux' });
    expect(within(current).getByText('This session')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(within(list).getByRole('row', { name: 'Firefox 133 on Windows' })).toHaveTextContent('10.0.0.7');

    await click(within(list).getByRole('button', { name: 'Sign out Firefox 133 on Windows, 10.0.0.7' }));

    expect(await within(list).findByRole('status')).toHaveTextContent('Signed out Firefox 133 on Windows.');
    await waitFor(() => expect(within(list).queryByRole('row', { name: 'Firefox 133 on Windows' })).toBeNull());
    expect(posted('DELETE', '/account/sessions/2')).toHaveLength(1);
  });

  it('signs out everywhere else', async () => {
    renderSecurity({ sessions });
    const list = await section('Where you are signed in');
    await click(await within(list).findByRole('button', { name: 'Sign out everywhere else' }));

    expect(await within(list).findByRole('status')).toHaveTextContent('Signed out 2 other sessions.');
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    expect(within(list).getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });
});

describe('Security page: the staff policy', () => {
  beforeEach(() => browserRegistration.mockReset());

  it('explains the requirement, shows only enrolment, and lets the user continue once enrolled', async () => {
    renderSecurity({ policy: { require_staff_second_factor: true } }, agent);
    act(() => useSession.getState().setEnrolRequired(true));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your administrator requires two-factor sign-in. Set up an authenticator app or a passkey to continue.',
    );
    expect(screen.queryByRole('region', { name: 'Where you are signed in' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recovery codes' })).toBeNull();

    const app = await section('Authenticator app');
    await click(within(app).getByRole('button', { name: 'Set up' }));
    fireEvent.change(await within(app).findByLabelText('Code from the app'), { target: { value: MOCK_TOTP_CODE } });
    await click(within(app).getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(useSession.getState().enrolRequired).toBe(false));
    expect(screen.queryByText(/Your administrator requires/)).toBeNull();
    expect(await screen.findByRole('region', { name: 'Your recovery codes' })).toBeInTheDocument();
    await click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });
});
