import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, REGISTRATION_NEW_CONTACT_DRAFT_KEY } from '@portal/domain';
import {
  aCompany, apiPath, createMockApi, errorAnswer, http, LocationMarker, renderWithPortal, type MockApi, type RenderWithPortalOptions,
} from '@portal/testing';
import { RemoteRoutes } from '../../routes';
import { loadCompaniesStandIns, NEW_CONTACT } from '../../test-support/companies-stand-ins';
import { REGISTRATION_DRAFT_KEY } from './hooks/use-registration-draft';

// The page is lazily loaded by routes.tsx: its module is loaded once here, so a cold first import does not eat
// into the first test's wait for the page.
beforeAll(() => import('./registration-page'), 30_000);

/** The browser's own Back and Forward, beside the page. */
function BrowserButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>Browser back</button>
      <button type="button" onClick={() => navigate(1)}>Browser forward</button>
      <LocationMarker />
    </>
  );
}

function renderWizard(options: { api?: MockApi; handlers?: RenderWithPortalOptions['handlers']; route?: string } = {}) {
  const api = options.api ?? createMockApi({ companies: [aCompany({ url: 'https://acme.test' })] });
  const view = renderWithPortal(
    <><RemoteRoutes /><BrowserButtons /></>,
    { route: options.route ?? '/register', api, handlers: options.handlers, loadRemote: loadCompaniesStandIns },
  );
  const registrations = () => view.writes().filter((w) => w.url === '/api/auth/register');
  return { ...view, registrations };
}

const stepName = () => screen.getByRole('list', { name: 'Registration steps' }).querySelector('[aria-current="step"]')?.textContent;

async function fillCompany(name: string, url: string) {
  fireEvent.change(await screen.findByLabelText('Company Name'), { target: { value: name } });
  const urlField = screen.getByLabelText('Website URL');
  fireEvent.change(urlField, { target: { value: url } });
  await act(async () => fireEvent.blur(urlField));
}

async function click(name: string) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
}

/** Company Info, one contact, saved preferences: the wizard at Complete Registration. */
async function reachPreferences() {
  await fillCompany('NewCo', 'https://newco.test');
  await click('Add Contacts');
  await click('Add');
  await click('Set Preferences');
  await screen.findByText(/^Frequency:/);
}

afterEach(() => window.sessionStorage.clear());

describe('registration wizard', () => {
  it('starts at Company Info with the embedded company form asking for name and url only', async () => {
    renderWizard();

    // The page loads when opened (routes.tsx).
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Registration steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Company Info', '2Contacts', '3Preferences', '4Welcome']);
    expect(stepName()).toBe('1Company Info');
    const form = await screen.findByRole('form', { name: 'Company info' });
    expect(form).toHaveAttribute('data-with-description', 'false');
    expect(within(form).getByRole('button', { name: 'Add Contacts' })).toBeInTheDocument();
  });

  it('says a taken URL as the user leaves the field and again on Add Contacts, without writing anything', async () => {
    const { writes, requests } = renderWizard();

    await fillCompany('Acme again', 'www.ACME.test/');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.companyUrlExists);

    await click('Add Contacts');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.companyUrlExists);
    expect(stepName()).toBe('1Company Info');
    expect(requests().filter((r) => r.url.startsWith('/api/company/search'))).toHaveLength(2);
    expect(writes()).toEqual([]);
  });

  it('needs a contact to go on, and goes back to Company Info with what was typed', async () => {
    renderWizard();
    await fillCompany('NewCo', 'https://newco.test');
    await click('Add Contacts');

    expect(stepName()).toBe('2Contacts');
    expect(screen.getByRole('button', { name: 'Set Preferences' })).toBeDisabled();
    await click('Add');
    expect(screen.getByRole('button', { name: 'Set Preferences' })).toBeEnabled();
    await click('Remove Nia');
    expect(screen.getByRole('button', { name: 'Set Preferences' })).toBeDisabled();

    await click('Back to Company Info');
    expect(await screen.findByLabelText('Company Name')).toHaveValue('NewCo');
    expect(screen.getByLabelText('Website URL')).toHaveValue('https://newco.test');
  });

  it('enables Complete Registration once the preferences are saved, then writes everything in one call and welcomes', async () => {
    const api = createMockApi({ settings: { kickoff_url: 'https://cal.example/kickoff', support_email: 'help@portal.test' } });
    const { writes } = renderWizard({ api });
    await reachPreferences();

    expect(stepName()).toBe('3Preferences');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeDisabled();
    expect(writes()).toEqual([]);
    await click('Quarterly');
    await click('Save Preferences');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
    await click('Complete Registration');

    expect(await screen.findByRole('heading', { name: 'Welcome, NewCo!' })).toBeInTheDocument();
    expect(stepName()).toBe('4Welcome');
    expect(writes()).toEqual([{
      method: 'POST',
      url: '/api/auth/register',
      body: {
        company: { name: 'NewCo', url: 'https://newco.test' },
        contacts: [NEW_CONTACT],
        prefs: { frequency: 'quarterly', intensity: ['maintenance', 'security'] },
      },
    }]);
    expect(api.db.contacts.find((c) => c.email === NEW_CONTACT.email)?.companies).toEqual([
      { company_id: expect.any(Number), name: 'NewCo', title: 'Owner', primary: 1 },
    ]);
    for (const step of ['Check your inbox', 'Log in', 'Submit a kickoff-meeting ticket', 'Gather your access details', 'Schedule your kickoff meeting']) {
      expect(screen.getByText(step)).toBeInTheDocument();
    }
    expect(screen.getByText(/FTP/)).toHaveTextContent('WordPress');
    expect(screen.getByRole('link', { name: 'log in to the portal' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('link', { name: 'Pick a time for your kickoff meeting' })).toHaveAttribute('href', 'https://cal.example/kickoff');
    expect(window.sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
  });

  it('says the kickoff link comes by mail when the server has none', async () => {
    renderWizard({ api: createMockApi() });
    await reachPreferences();
    await click('Save Preferences');
    await click('Complete Registration');

    expect(await screen.findByText('We will e-mail you a link to pick a time for it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /kickoff/ })).toBeNull();
  });

  it('keeps a company name typed but not yet submitted across a reload', async () => {
    const first = renderWizard();
    fireEvent.change(await screen.findByLabelText('Company Name'), { target: { value: 'Half-typed Co' } });
    first.unmount();

    renderWizard();
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Half-typed Co');
  });

  it('keeps the draft across a remount (a reload), at the step it was on', async () => {
    const first = renderWizard();
    await fillCompany('NewCo', 'https://newco.test');
    await click('Add Contacts');
    await click('Add');
    first.unmount();

    renderWizard();
    expect(stepName()).toBe('2Contacts');
    expect(await screen.findByText('Nia Ng')).toBeInTheDocument();
    await click('Back to Company Info');
    expect(await screen.findByLabelText('Company Name')).toHaveValue('NewCo');
  });

  it('puts each step in the browser history: Back and Forward move between steps, not off the wizard', async () => {
    renderWizard();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/register?step=1'));
    await reachPreferences();
    expect(screen.getByTestId('where')).toHaveTextContent('/register?step=3');

    await click('Browser back');
    expect(stepName()).toBe('2Contacts');
    expect(screen.getByText('Nia Ng')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/register?step=2');
    await click('Browser back');
    expect(stepName()).toBe('1Company Info');
    expect(await screen.findByLabelText('Company Name')).toHaveValue('NewCo');
    await click('Browser forward');
    await click('Browser forward');
    expect(stepName()).toBe('3Preferences');

    // The wizard's own Back is a step too: the browser's Back then returns to Preferences.
    await click('Back to Contacts');
    expect(stepName()).toBe('2Contacts');
    await click('Browser back');
    expect(stepName()).toBe('3Preferences');
  });

  it('shows the furthest step the draft allows when the address asks for a later one', async () => {
    renderWizard({ route: '/register?step=3' });
    expect(stepName()).toBe('1Company Info');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/register?step=1'));
    await fillCompany('NewCo', 'https://newco.test');
    await click('Add Contacts');
    expect(stepName()).toBe('2Contacts');
    await click('Browser back');
    await click('Browser forward');
    expect(stepName()).toBe('2Contacts');
  });

  it('says on step 3 that the preferences must be saved before Complete Registration unlocks', async () => {
    renderWizard();
    await reachPreferences();
    const complete = screen.getByRole('button', { name: 'Complete Registration' });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription(MESSAGES.savePreferencesFirst);
    expect(screen.getByText(MESSAGES.savePreferencesFirst)).toBeVisible();
    await click('Save Preferences');
    expect(complete).toBeEnabled();
    expect(screen.queryByText(MESSAGES.savePreferencesFirst)).toBeNull();
  });

  it('keeps the step in the address across a reload and forgets the half-typed contact once registered', async () => {
    const first = renderWizard();
    await reachPreferences();
    window.sessionStorage.setItem(REGISTRATION_NEW_CONTACT_DRAFT_KEY, JSON.stringify({ title: 'Half', first_name: 'Typed' }));
    first.unmount();

    renderWizard({ route: '/register?step=3' });
    expect(stepName()).toBe('3Preferences');
    await screen.findByText(/^Frequency:/);
    await click('Save Preferences');
    await click('Complete Registration');
    expect(await screen.findByRole('heading', { name: 'Welcome, NewCo!' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(REGISTRATION_NEW_CONTACT_DRAFT_KEY)).toBeNull();
  });

  it.each([
    ['the server\'s message', errorAnswer(409, MESSAGES.emailAlreadyUsed), MESSAGES.emailAlreadyUsed],
    ['the fallback of a server failure', errorAnswer(500, MESSAGES.unexpectedError), MESSAGES.unexpectedError],
  ])('keeps every field when the registration fails and shows %s in a banner', async (_case, answer, message) => {
    const { registrations } = renderWizard({ handlers: [http.post(apiPath('/auth/register'), () => answer)] });
    await reachPreferences();
    await click('Save Preferences');
    await click('Complete Registration');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(stepName()).toBe('3Preferences');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
    expect(registrations()).toHaveLength(1);
    await click('Back to Contacts');
    expect(screen.getByText('Nia Ng')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(REGISTRATION_DRAFT_KEY) ?? '{}')).toMatchObject({
      company: { name: 'NewCo', url: 'https://newco.test' }, contacts: [NEW_CONTACT],
    });
    await waitFor(() => expect(registrations()).toHaveLength(1));
  });
});
