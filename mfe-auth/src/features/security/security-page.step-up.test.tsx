import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import { aClient, aSecurityOverview, aSecurityState, createMockApi, renderWithPortal, type SecurityState } from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// docs/product/accounts-and-roles.md#sensitive-changes: after the sign-in's first 10 minutes the API answers
// `reauth_required`; the page asks for the password in a dialog and makes the change once it is given.

beforeAll(() => import('./security-page'), 30_000);

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const browserRegistration = startRegistration as jest.MockedFunction<typeof startRegistration>;
beforeAll(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
afterAll(() => jest.restoreAllMocks());

function renderStale(security: Partial<SecurityState> = {}) {
  const api = createMockApi({ security: aSecurityState({ steppedUp: false, ...security }) });
  const view = renderWithPortal(<RemoteRoutes />, { route: '/security', viewer: aClient(), api, stops: ['agents', 'clients'] });
  const posted = (url: string) => view.requests().filter((r) => r.method === 'POST' && r.url === `/api${url}`).map((r) => r.body);
  return { ...view, api, posted };
}

const section = (name: string) => screen.findByRole('region', { name });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const stepUpDialog = () => screen.findByRole('dialog', { name: 'Confirm it is you' });

describe('Security page: the password asked again', () => {
  it('asks in a labelled modal dialog; a wrong one keeps it and what was typed; the right one goes on', async () => {
    const { posted } = renderStale();
    const app = await section('Authenticator app');
    await click(within(app).getByRole('button', { name: 'Set up' }));

    const dialog = await stepUpDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Enter your password again to change this.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Your password');
    expect(within(app).queryByText('JBSWY3DPEHPK3PXP')).toBeNull();

    fireEvent.change(field, { target: { value: 'wrong' } });
    await click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('wrong');

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'portal-demo' } });
    await click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(app).findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(posted('/account/security/confirm')).toEqual([{ password: 'wrong' }, { password: 'portal-demo' }]);
  });

  it('cancelled, says why and keeps the typed passkey name', async () => {
    browserRegistration.mockReset();
    renderStale();
    const passkeys = await section('Passkeys');
    await click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    fireEvent.change(within(passkeys).getByLabelText('Passkey name'), { target: { value: 'Work laptop' } });
    await click(within(passkeys).getByRole('button', { name: 'Create passkey' }));

    const dialog = await stepUpDialog();
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(passkeys).findByRole('alert')).toHaveTextContent('Enter your password again to change this.');
    expect(within(passkeys).getByLabelText('Passkey name')).toHaveValue('Work laptop');
    expect(browserRegistration).not.toHaveBeenCalled();
  });

  it('makes new recovery codes once the password is given', async () => {
    const { posted } = renderStale({ overview: aSecurityOverview({ totp: { enabled: true, date_enabled: null } }), recoveryCodes: ['AAAAA-AAAAA'] });
    const recovery = await section('Recovery codes');
    await click(within(recovery).getByRole('button', { name: 'Make new codes' }));
    await click(within(await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' })).getByRole('button', { name: 'Make new codes' }));

    const dialog = await stepUpDialog();
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'portal-demo' } });
    await click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(posted('/account/security/recovery-codes')).toHaveLength(2);
  });
});
