import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, aCompany, anAdmin, anAgent, createMockApi } from '@portal/testing';
import { renderProfile } from './test-support/render-profile';

afterEach(() => window.sessionStorage.clear());

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Profile settings' })).getAllByRole('link').map((link) => link.textContent);

describe('company profile settings: the gate and the tabs', () => {
  it('gives an admin the five tabs, delete last, under the company heading', async () => {
    renderProfile('/clients/4/info', anAdmin());
    expect(screen.getByText(MESSAGES.loadingCompanyInfo)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme, LLC Profile Settings' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Info', 'Contacts', 'Preferences', 'Assignments', 'Delete']);
    expect(screen.getByRole('link', { name: 'Acme, LLC dashboard' })).toHaveAttribute('href', '/clients/4');
  });

  it('gives the primary client and an agent the three shared tabs only', async () => {
    renderProfile('/clients/4/info', aClient());
    await screen.findByRole('heading', { name: 'Acme, LLC Profile Settings' });
    expect(tabNames()).toEqual(['Info', 'Contacts', 'Preferences']);
    expect(screen.queryByRole('radio', { name: 'Active' })).toBeNull();
  });

  it('refuses a client who is not a primary contact, and an admin tab to an agent', async () => {
    const notPrimary = aClient({ companies: [{ company_id: 4, name: 'Acme, LLC', title: null, primary: 0 }] });
    const view = renderProfile('/clients/4/info', notPrimary);
    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    view.unmount();
    renderProfile('/clients/4/delete', anAgent());
    expect(screen.getByText(MESSAGES.notAuthorized)).toBeInTheDocument();
  });
});

describe('info tab', () => {
  it('saves the name, url and description of the primary client', async () => {
    const view = renderProfile('/clients/4/info', aClient());
    const name = await screen.findByPlaceholderText('Acme, LLC');
    fireEvent.change(name, { target: { value: 'Acme Anvils, LLC' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' })));
    expect(await screen.findByText('Company info saved.')).toBeInTheDocument();
    expect(view.writes()).toEqual([
      { method: 'PUT', url: '/api/company/4', body: { name: 'Acme Anvils, LLC', url: 'https://ACME.example', description: 'Anvils' } },
    ]);
  });

  it('keeps what was typed and says why when both fields are not filled', async () => {
    const view = renderProfile('/clients/4/info', aClient());
    const url = await screen.findByLabelText(/Website URL/);
    fireEvent.change(url, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' }));
    expect(await screen.findByText(MESSAGES.fillAllFields)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Acme, LLC')).toHaveValue('Acme, LLC');
    expect(view.writes()).toEqual([]);
  });

  it('asks an admin before a status that closes tickets, and sends nothing when dismissed', async () => {
    const view = renderProfile('/clients/4/info', anAdmin());
    const closed = await screen.findByRole('radio', { name: 'Closed' });
    // The radio group reports its change a frame later: let it land before saving.
    await act(async () => {
      fireEvent.click(closed);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Saving Closed cancels the company's open tickets");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(view.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' }));
    // The form checks its fields before it saves (react-hook-form submits asynchronously): the dialog comes a tick later.
    const again = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Save Closed' })));
    await waitFor(() => expect(view.writes()).toHaveLength(1));
    expect(view.writes()[0]?.body).toMatchObject({ mode: 4, services: [], default_agent: null });
  });

  it('saves a URL typed without a scheme as https:// and shows it so; names an invalid one and sends nothing', async () => {
    const view = renderProfile('/clients/4/info', aClient());
    const url = await screen.findByLabelText(/Website URL/);
    fireEvent.change(url, { target: { value: 'acme dot example' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCompanyUrl);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(view.writes()).toEqual([]);

    fireEvent.change(url, { target: { value: 'www.acme-anvils.example' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' })));
    expect(await screen.findByText('Company info saved.')).toBeInTheDocument();
    expect(view.writes()).toEqual([
      { method: 'PUT', url: '/api/company/4', body: { name: 'Acme, LLC', url: 'https://www.acme-anvils.example', description: 'Anvils' } },
    ]);
    expect(url).toHaveValue('https://www.acme-anvils.example');
  });

  it('keeps a description typed but not saved across a reload, says so, and forgets it once saved', async () => {
    const key = 'portal.company.4.info';
    const first = renderProfile('/clients/4/info', aClient());
    fireEvent.change(await screen.findByPlaceholderText('Acme, LLC'), { target: { value: 'Acme Anvils' } });
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? 'null')).toEqual({ name: 'Acme Anvils', url: 'https://ACME.example', description: 'Anvils' });
    first.unmount();

    // As a reload finds it after typing in the description's editor.
    window.sessionStorage.setItem(key, JSON.stringify({ name: 'Acme Anvils', url: 'https://ACME.example', description: 'Anvils, *rockets* too' }));
    const view = renderProfile('/clients/4/info', aClient());
    expect(await screen.findByRole('textbox', { name: 'Description: Uses markdown' })).toHaveTextContent('Anvils, *rockets* too');
    expect(screen.getByPlaceholderText('Acme, LLC')).toHaveValue('Acme Anvils');
    expect(screen.getByText(/What you typed before the page was reloaded is shown/)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' })));
    expect(await screen.findByText('Company info saved.')).toBeInTheDocument();
    expect(view.writes()[0]?.body).toEqual({ name: 'Acme Anvils', url: 'https://ACME.example', description: 'Anvils, *rockets* too' });
    expect(window.sessionStorage.getItem(key)).toBeNull();
    expect(screen.queryByText(/What you typed before the page was reloaded is shown/)).toBeNull();
  });

  it("shows the server's refusal of a URL another company has", async () => {
    const api = createMockApi({ companies: [aCompany(), aCompany({ company_id: 9, name: 'Globex', url: 'globex.example' })] });
    renderProfile('/clients/4/info', aClient(), { api });
    const url = await screen.findByLabelText(/Website URL/);
    fireEvent.change(url, { target: { value: 'https://www.globex.example/' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Company Info' })));
    expect(await screen.findByText(MESSAGES.companyUrlExists)).toBeInTheDocument();
    expect(screen.getByLabelText(/Website URL/)).toHaveValue('https://www.globex.example/');
  });
});
