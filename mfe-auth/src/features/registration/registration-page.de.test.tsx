import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMockApi, readIn, renderWithPortal } from '@portal/testing';
import { authMessages } from '../../messages';
import { RemoteRoutes } from '../../routes';
import { loadCompaniesStandIns, NEW_CONTACT } from '../../test-support/companies-stand-ins';

beforeAll(() => import('./registration-page'), 30_000);

readIn('de', authMessages);
afterEach(() => window.sessionStorage.clear());

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the registration wizard in German', () => {
  it('names its steps in German and registers the contacts in German', async () => {
    const api = createMockApi({ settings: { kickoff_url: null, support_email: 'help@portal.test' } });
    const view = renderWithPortal(<RemoteRoutes />, { route: '/register', api, loadRemote: loadCompaniesStandIns });

    expect(await screen.findByRole('heading', { name: 'Konto erstellen' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Schritte der Registrierung' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Unternehmensdaten', '2Kontakte', '3Einstellungen', '4Willkommen']);
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');

    // The embedded company form (the stand-in's own labels) gets its button's text from the wizard.
    fireEvent.change(await screen.findByLabelText('Company Name'), { target: { value: 'NeuCo' } });
    const url = screen.getByLabelText('Website URL');
    fireEvent.change(url, { target: { value: 'https://neuco.test' } });
    await act(async () => fireEvent.blur(url));
    await click('Kontakte hinzufügen');
    expect(screen.getByRole('list', { name: 'Schritte der Registrierung' }).querySelector('[aria-current="step"]')?.textContent).toBe('2Kontakte');
    expect(screen.getByRole('button', { name: 'Weiter zu den Einstellungen' })).toBeDisabled();
    await click('Add');
    await click('Weiter zu den Einstellungen');

    expect(await screen.findByRole('button', { name: 'Registrierung abschließen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zurück zu den Kontakten' })).toBeInTheDocument();
    await click('Save Preferences');
    await click('Registrierung abschließen');

    expect(await screen.findByRole('heading', { name: 'Willkommen, NeuCo!' })).toBeInTheDocument();
    expect(screen.getByText('Ihre Registrierung ist abgeschlossen. So geht es weiter:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'melden Sie sich im Portal an' })).toHaveAttribute('href', '/login');
    expect(await screen.findByText('Wir senden Ihnen per E-Mail einen Link, über den Sie einen Termin wählen können.')).toBeInTheDocument();
    expect(view.writes().filter((w) => w.url === '/api/auth/register')).toEqual([{
      method: 'POST',
      url: '/api/auth/register',
      body: {
        company: { name: 'NeuCo', url: 'https://neuco.test' },
        contacts: [NEW_CONTACT],
        prefs: { frequency: 'monthly', intensity: ['maintenance', 'security'] },
        language: 'de',
      },
    }]);
  });
});
