import { screen, waitFor } from '@testing-library/react';
import { STEP_UP_MESSAGES } from '@portal/domain';
import { aSecurityState, createMockApi, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';
import { EMAIL_UNDONE_TEXT } from './email-change-page';

// docs/product/accounts-and-roles.md#sensitive-changes: the links an e-mail change mails.
beforeAll(() => import('./email-change-page'), 30_000);

const change = { contact_id: 31, old_email: 'client@demo.test', new_email: 'taken@evil.test' };

describe('e-mail change links', () => {
  it('undo puts the old address back once and says every session was signed out', async () => {
    const api = createMockApi({ security: aSecurityState({ emailChanges: [{ code: 'u1', purpose: 'undo', ...change }] }) });
    const view = renderWithPortal(<RemoteRoutes />, { route: '/emailchange/undo/u1', api });

    expect(await screen.findByRole('heading', { name: 'Your e-mail address is client@demo.test again' })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_UNDONE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a new password' })).toHaveAttribute('href', '/forgotpassword');
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/auth/email-change/undo/u1', body: undefined }]);
  });

  it('confirm makes the change', async () => {
    const api = createMockApi({ security: aSecurityState({ emailChanges: [{ code: 'c1', purpose: 'confirm', ...change }] }) });
    renderWithPortal(<RemoteRoutes />, { route: '/emailchange/confirm/c1', api });
    expect(await screen.findByRole('heading', { name: /Your e-mail address is now taken@evil\.test\./ })).toBeInTheDocument();
  });

  it('names the problem of a link that does not work', async () => {
    const view = renderWithPortal(<RemoteRoutes />, { route: '/emailchange/undo/used' });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(STEP_UP_MESSAGES.emailLinkInvalid);
    await waitFor(() => expect(view.writes()).toHaveLength(1));
  });
});
