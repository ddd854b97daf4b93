import { act, fireEvent, screen } from '@testing-library/react';
import { SECURITY_MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';
import { anAgent, aSecurityState, apiPath, createMockApi, errorAnswer, http, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// Too many wrong codes lock an account's second step for a while (docs/product/accounts-and-roles.md#account-security):
// the API answers 429 with the catalogue's message, and the sign-in page shows it as it shows any other refusal.

const agent = anAgent();

function renderLogin(handlers: ReturnType<typeof http.post>[]) {
  const api = createMockApi({ contacts: [agent], security: aSecurityState({ secondFactor: { [agent.contact_id]: ['totp'] } }) });
  return renderWithPortal(<RemoteRoutes />, { route: '/login', api, handlers });
}

async function typePassword() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: agent.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'portal-demo' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
}

describe('a locked second step', () => {
  it('shows the lock on the code step and keeps the code typed', async () => {
    renderLogin([http.post(apiPath('/auth/login/second-factor'), () => errorAnswer(429, SECURITY_MESSAGES.secondFactorLocked))]);
    await typePassword();
    fireEvent.change(await screen.findByLabelText('Enter the code from your authenticator app'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));

    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.secondFactorLocked);
    expect(screen.getByLabelText('Enter the code from your authenticator app')).toHaveValue('123456');
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('shows the lock on the password step while it lasts', async () => {
    renderLogin([http.post(apiPath('/auth/login'), () => errorAnswer(429, SECURITY_MESSAGES.secondFactorLocked))]);
    await typePassword();

    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.secondFactorLocked);
    expect(useSession.getState().isLoggedIn).toBe(false);
  });
});
