import { screen } from '@testing-library/react';
import { aSecurityState, createMockApi, readIn, renderWithPortal } from '@portal/testing';
import { authMessages } from '../../messages';
import { RemoteRoutes } from '../../routes';

// The pages the mailed links open, in German.
beforeAll(() => Promise.all([import('./verify-email-page'), import('../email-change/email-change-page')]), 30_000);

readIn('de', authMessages);

describe('the mailed links in German', () => {
  it('says the address is verified', async () => {
    const api = createMockApi({ verifyCodes: [{ code: 'v1', contact_id: 31, date_created: new Date().toISOString() }] });
    renderWithPortal(<RemoteRoutes />, { route: '/verifyemail/v1', api });

    expect(await screen.findByRole('heading', { name: 'Danke, Cora! Ihre E-Mail-Adresse ist bestätigt.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it('says the change was undone and every session signed out', async () => {
    const change = { contact_id: 31, old_email: 'client@demo.test', new_email: 'taken@evil.test' };
    const api = createMockApi({ security: aSecurityState({ emailChanges: [{ code: 'u1', purpose: 'undo', ...change }] }) });
    renderWithPortal(<RemoteRoutes />, { route: '/emailchange/undo/u1', api });

    expect(await screen.findByRole('heading', { name: 'Ihre E-Mail-Adresse ist wieder client@demo.test' })).toBeInTheDocument();
    expect(screen.getByText(/^Alle Sitzungen Ihres Kontos wurden abgemeldet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neues Passwort festlegen' })).toHaveAttribute('href', '/forgotpassword');
  });
});
