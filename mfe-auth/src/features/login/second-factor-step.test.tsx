import { act, fireEvent, screen } from '@testing-library/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { useSession } from '@portal/session';
import { MOCK_TOTP_CODE, anAgent, aSecurityState, createMockApi, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const browserPasskey = startAuthentication as jest.MockedFunction<typeof startAuthentication>;

const agent = anAgent();
const passkeyAnswer = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

/** The login page over a mock API in which the agent has these second factors. */
function renderLogin(methods: ('totp' | 'passkey' | 'recovery')[], recoveryCodes: string[] = []) {
  const api = createMockApi({
    contacts: [agent],
    security: aSecurityState({ secondFactor: { [agent.contact_id]: methods }, recoveryCodes, passkeyContactId: agent.contact_id }),
  });
  const view = renderWithPortal(<RemoteRoutes />, { route: '/login?redirect=%2Fagents%2F8%2Ftime', stops: ['agents/*'], api });
  const posted = (url: string) => view.requests().filter((r) => r.url === `/api${url}`).map((r) => r.body);
  return { ...view, posted };
}

async function typePassword() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: agent.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'portal-demo' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

async function enter(label: string | RegExp, code: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: code } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
}

describe('the second sign-in step', () => {
  beforeEach(() => browserPasskey.mockReset());

  it('asks for the app code after the password and signs in with it, going where sign-in goes', async () => {
    const { posted } = renderLogin(['totp', 'recovery'], ['AAAAA-BBBBB']);
    await typePassword();

    const field = await screen.findByLabelText('Enter the code from your authenticator app');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(useSession.getState().isLoggedIn).toBe(false);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    await enter('Enter the code from your authenticator app', MOCK_TOTP_CODE);

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents\/8\/time$/);
    expect(posted('/auth/login/second-factor')).toEqual([{ method: 'totp', code: MOCK_TOTP_CODE }]);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, dashboard: '/agents' });
  });

  it("shows the server's message for a wrong code and keeps the code typed", async () => {
    renderLogin(['totp']);
    await typePassword();
    await enter('Enter the code from your authenticator app', '000000');

    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Please try again.');
    expect(screen.getByLabelText('Enter the code from your authenticator app')).toHaveValue('000000');
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('signs in with a recovery code instead', async () => {
    const { posted } = renderLogin(['totp', 'recovery'], ['AAAAA-BBBBB']);
    await typePassword();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' })));
    await enter('Enter one of your recovery codes', 'aaaaa-bbbbb');

    expect(await screen.findByTestId('where')).toHaveTextContent('/agents/8/time');
    expect(posted('/auth/login/second-factor')).toEqual([{ method: 'recovery', code: 'aaaaa-bbbbb' }]);
  });

  it("uses the account's passkey as the second step", async () => {
    browserPasskey.mockResolvedValue(passkeyAnswer as never);
    const { posted } = renderLogin(['totp', 'passkey']);
    await typePassword();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' })));

    expect(await screen.findByTestId('where')).toHaveTextContent('/agents/8/time');
    expect(browserPasskey).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: expect.any(String) }) });
    expect(posted('/auth/passkey/verify')).toEqual([{ response: passkeyAnswer }]);
  });

  it('says so when the browser passkey prompt is cancelled, and stays on the step', async () => {
    browserPasskey.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    renderLogin(['passkey']);
    await typePassword();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' })));

    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not used: the request was cancelled or timed out.');
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('goes back to the password step', async () => {
    renderLogin(['totp']);
    await typePassword();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Back to sign in' })));

    expect(screen.getByLabelText('Username')).toHaveValue(agent.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe('signing in with a passkey instead of the password', () => {
  beforeEach(() => browserPasskey.mockReset());

  it('asks the browser for a discoverable passkey and signs in', async () => {
    browserPasskey.mockResolvedValue(passkeyAnswer as never);
    const { posted } = renderLogin([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' })));

    expect(await screen.findByTestId('where')).toHaveTextContent('/agents/8/time');
    expect(posted('/auth/login')).toEqual([]);
    expect(posted('/auth/passkey/verify')).toEqual([{ response: passkeyAnswer }]);
  });
});
