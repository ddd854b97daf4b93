import { act, fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import {
  apiPath, createMockApi, errorAnswer, http, renderWithPortal, type OneTimeCode, type RenderWithPortalOptions,
} from '@portal/testing';
import { RemoteRoutes } from '../../routes';

// The page is lazily loaded by routes.tsx: its module is loaded once here, so a cold first import does not eat
// into the first test's wait for the page.
beforeAll(() => import('./reset-password-page'), 30_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const code = (name: string, contactId = 31, ageMs = 0): OneTimeCode => ({
  code: name, contact_id: contactId, date_created: new Date(Date.now() - ageMs).toISOString(),
});

function renderReset(resetCode = 'good', handlers: RenderWithPortalOptions['handlers'] = []) {
  const api = createMockApi({
    resetCodes: [code('good'), code('old', 31, 2 * DAY_MS), code('gone', 999)],
    settings: { kickoff_url: null, support_email: 'help@portal.test' },
  });
  const view = renderWithPortal(<RemoteRoutes />, {
    route: `/resetpassword/${resetCode}`, api, handlers,
  });
  return { ...view, api };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Save Password' });

describe('reset password', () => {
  it('greets the contact and hints the rules; Save waits for both', async () => {
    renderReset();
    expect(await screen.findByText(/Hi Cora/)).toBeInTheDocument();

    expect(screen.getByText('Need 8 more')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordNoMatch)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    type('New Password', 'secret');
    expect(screen.getByText('Need 2 more')).toBeInTheDocument();
    type('Confirm Password', 'secret');
    expect(screen.getByText(MESSAGES.passwordConfirmed)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    type('New Password', 'secret-1');
    expect(screen.getByText(MESSAGES.passwordGood)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordNoMatch)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    type('Confirm Password', 'secret-1');
    expect(save()).toBeEnabled();
  });

  it('saves the password, then offers Sign in', async () => {
    const { writes, api } = renderReset();
    await screen.findByText(/Hi Cora/);
    type('New Password', 'secret-12');
    type('Confirm Password', 'secret-12');
    await act(async () => fireEvent.click(save()));

    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(writes()).toEqual([{ method: 'POST', url: '/api/auth/reset', body: { code: 'good', password: 'secret-12', confirm: 'secret-12' } }]);
    expect(api.db.resetCodes.map((c) => c.code)).not.toContain('good');
  });

  it.each([
    ['an unknown code', 'nope', MESSAGES.resetCodeInvalid],
    ['an expired code', 'old', MESSAGES.resetCodeExpired],
    ['a contact that is gone', 'gone', MESSAGES.contactNoLongerActive],
  ])('shows the problem screen for %s with its exact cause, Try Again and support', async (_case, resetCode, cause) => {
    renderReset(resetCode);

    expect(await screen.findByRole('heading', { name: MESSAGES.resetCodeProblem })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(cause);
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/forgotpassword');
    expect(await screen.findByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:help@portal.test');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('shows the problem screen when the code is used up while the form is open', async () => {
    const { api } = renderReset();
    await screen.findByText(/Hi Cora/);
    api.db.resetCodes = [];
    type('New Password', 'secret-12');
    type('Confirm Password', 'secret-12');
    await act(async () => fireEvent.click(save()));

    expect(await screen.findByRole('heading', { name: MESSAGES.resetCodeProblem })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resetCodeInvalid);
  });

  it('does not blame the code for a server failure', async () => {
    const view = renderReset('good', [http.get(apiPath('/auth/reset/:code'), () => errorAnswer(500, MESSAGES.unexpectedError))]);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unexpectedError);
    expect(screen.queryByRole('heading', { name: MESSAGES.resetCodeProblem })).toBeNull();
    expect(view.requests().filter((r) => r.url === '/api/auth/reset/good')).toHaveLength(1);
  });
});
