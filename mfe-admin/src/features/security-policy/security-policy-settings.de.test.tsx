import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, SECURITY_MESSAGES } from '@portal/domain';
import { apiPath, aSecurityState, errorAnswer, http, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// The staff two-factor policy as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const PATH = '/admins/settings/security';
const policySwitch = () => screen.findByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für Mitarbeiter verlangen' });

describe('the staff two-factor policy in German', () => {
  it('names the setting in German, explains it and confirms a change', async () => {
    renderAdmin(PATH, { api: { security: aSecurityState() } });
    expect(await screen.findByRole('heading', { name: 'Anmeldesicherheit' })).toBeInTheDocument();
    const toggle = await policySwitch();
    expect(screen.getByText(/^Administratoren und Bearbeiter ohne Authenticator-App oder Passkey/)).toHaveTextContent(/Kunden sind nicht betroffen\.$/);
    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByRole('status')).toHaveTextContent('Mitarbeiter müssen sich jetzt mit einem zweiten Faktor anmelden.');
    const again = await policySwitch();
    await act(async () => fireEvent.click(again));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Mitarbeiter können sich jetzt auch ohne zweiten Faktor anmelden.'));
    await waitFor(async () => expect(await policySwitch()).not.toBeChecked());
  });

  it('says in German why a save failed', async () => {
    renderAdmin(PATH, {
      api: { security: aSecurityState() },
      handlers: [http.put(apiPath('/admin/security-policy'), () => errorAnswer(500, MESSAGES.unexpectedError))],
    });
    const toggle = await policySwitch();
    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.unexpectedError));
    expect(inGerman(MESSAGES.unexpectedError)).not.toBe(MESSAGES.unexpectedError);
    await waitFor(async () => expect(await policySwitch()).not.toBeChecked());
  });

  it.each([
    ['in English (a mock that does not translate)', () => SECURITY_MESSAGES.policyNeedsOwnFactor],
    ['in German (as the API answers a German reader)', () => inGerman(SECURITY_MESSAGES.policyNeedsOwnFactor)],
  ])('sends an admin without a second factor of their own to the Security page, the refusal answered %s', async (_answered, answer) => {
    const refusalText = answer();
    renderAdmin(PATH, {
      api: { security: aSecurityState() },
      handlers: [http.put(apiPath('/admin/security-policy'), () => errorAnswer(409, refusalText))],
    });
    const toggle = await policySwitch();
    await act(async () => fireEvent.click(toggle));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(
      'Richten Sie zuerst für sich selbst die Zwei-Faktor-Anmeldung ein: Sonst würden Sie sich mit dieser Vorgabe ebenfalls aussperren.',
    );
    expect(within(refusal).getByRole('link', { name: 'Zur Seite „Sicherheit“' })).toHaveAttribute('href', '/security');
    await waitFor(async () => expect(await policySwitch()).not.toBeChecked());
  });
});
