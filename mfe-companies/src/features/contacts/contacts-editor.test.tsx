import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MESSAGES, REGISTRATION_NEW_CONTACT_DRAFT_KEY, type ContactDraft } from '@portal/domain';
import { aClient, aSecurityState, anAdmin, apiPath, errorAnswer, renderWithPortal } from '@portal/testing';
import { ContactsEditor } from './contacts-editor';

function fillNew(fields: Partial<Record<'Title' | 'First Name' | 'Last Name' | 'Email' | 'Phone', string>>) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(`New contact ${label}`), { target: { value } });
  }
}

const complete = { Title: 'Designer', 'First Name': 'Erin', 'Last Name': 'Evans', Email: 'erin@acme.test', Phone: '5557771234' };

afterEach(() => window.sessionStorage.clear());

describe("a company's contacts", () => {
  it('says what keeps Add disabled: the empty fields by name, a bad or used e-mail at its field', async () => {
    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toHaveAccessibleDescription('The Title, First Name, Last Name, Email and Phone fields are required.');

    fillNew({ Title: 'Designer', 'First Name': 'Erin' });
    expect(add).toBeDisabled();
    expect(screen.getByText('The Last Name, Email and Phone fields are required.')).toBeInTheDocument();

    // A bad e-mail is named while the phone is still empty, and the line says the phone is missing.
    fillNew({ 'Last Name': 'Evans', Email: 'erin@acme' });
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('New contact Email')).toHaveAttribute('aria-invalid', 'true');
    expect(add).toHaveAccessibleDescription('The Phone field is required.');

    fillNew({ Email: 'client@demo.test' });
    expect(screen.getByText(MESSAGES.emailAlreadyUsed)).toBeInTheDocument();
    fillNew({ Email: 'erin@acme.test', Phone: '5557771234' });
    expect(add).toBeEnabled();
    expect(screen.queryByText(/fields? (is|are) required/)).toBeNull();
    expect(screen.queryByText(MESSAGES.emailAlreadyUsed)).toBeNull();
  });

  it('says which field is empty on a row being edited, as on the add row', async () => {
    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    const cell = await screen.findByRole('cell', { name: 'client@demo.test' });
    const name = within(cell.closest('tr') as HTMLElement).getByRole('button', { name: /^Edit / }).getAttribute('aria-label')!.slice('Edit '.length);
    fireEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
    fireEvent.change(screen.getByLabelText(`${name} Title`), { target: { value: 'Owner' } });
    fireEvent.change(screen.getByLabelText(`${name} Phone`), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription('The Phone field is required.');
  });

  it('keeps the half-typed new contact across a reload, per company, until it is added', async () => {
    const first = renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    fillNew({ Title: 'Designer', 'First Name': 'Erin', Phone: '555777' });
    first.unmount();

    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    expect(screen.getByLabelText('New contact First Name')).toHaveValue('Erin');
    expect(screen.getByLabelText('New contact Phone')).toHaveValue('555-777');
    fillNew({ 'Last Name': 'Evans', Email: 'erin@acme.test', Phone: '5557771234' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(await screen.findByRole('cell', { name: 'erin@acme.test' })).toBeInTheDocument();
    expect(screen.getByLabelText('New contact First Name')).toHaveValue('');
    expect(window.sessionStorage.getItem('portal.company.4.new-contact')).toBeNull();
  });

  it('formats the phone while typing and keeps Add disabled until the contact is valid', async () => {
    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    const add = screen.getByRole('button', { name: 'Add' });
    fillNew({ ...complete, Email: 'erin@acme' });
    expect(screen.getByLabelText('New contact Phone')).toHaveValue('555-777-1234');
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(add).toBeDisabled();
    fillNew({ Email: 'client@demo.test' });
    expect(screen.getByText(MESSAGES.emailAlreadyUsed)).toBeInTheDocument();
    fillNew({ Email: 'erin@acme.test', Phone: '555-777' });
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(add).toBeDisabled();
  });

  it('adds a contact, edits it with the pencil and removes it after the confirmation', async () => {
    const view = renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    fillNew(complete);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(await screen.findByRole('cell', { name: 'erin@acme.test' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Invitation sent to erin@acme.test.');
    expect(view.writes()[0]).toEqual({
      method: 'POST', url: '/api/company/4/contacts',
      body: { title: 'Designer', first_name: 'Erin', last_name: 'Evans', email: 'erin@acme.test', phone: '555-777-1234', primary: 0 },
    });
    expect(screen.getByLabelText('New contact Email')).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Erin Evans' }));
    fireEvent.change(screen.getByLabelText('Erin Evans Title'), { target: { value: 'Lead Designer' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByRole('cell', { name: 'Lead Designer' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Erin Evans' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove Erin Evans from this company? The contact stays in the system.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'erin@acme.test' })).toBeNull());
    expect(view.writes().map((w) => `${w.method} ${w.url}`)).toEqual([
      'POST /api/company/4/contacts', 'PUT /api/company/4/contacts/32', 'DELETE /api/company/4/contacts/32',
    ]);
  });

  it('refuses to remove or demote the last primary contact, saying why, without asking the API', async () => {
    const view = renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient() });
    const cell = await screen.findByRole('cell', { name: 'client@demo.test' });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Primary')).toBeInTheDocument();
    const name = within(row).getByRole('button', { name: /^Remove / }).getAttribute('aria-label')!.slice('Remove '.length);

    fireEvent.click(within(row).getByRole('button', { name: `Remove ${name}` }));
    expect(await screen.findByText(MESSAGES.lastPrimaryContact)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${name} Primary`) }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.lastPrimaryContact)).toBeInTheDocument();
    expect(view.writes()).toEqual([]);
  });

  it('says the same for an address someone has elsewhere as for a new one, and adds nobody', async () => {
    const api = { contacts: [anAdmin(), aClient()] };
    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: aClient(), api });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    fillNew({ ...complete, Email: 'admin@demo.test' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to admin@demo.test.');
    expect(screen.queryByRole('cell', { name: 'admin@demo.test' })).toBeNull();
    expect(screen.queryByText(MESSAGES.emailAlreadyUsed)).toBeNull();
  });

  it('shows the server message and keeps the typed contact when adding fails', async () => {
    renderWithPortal(<ContactsEditor companyId={4} />, {
      viewer: aClient(), handlers: [http.post(apiPath('/company/:id/contacts'), () => errorAnswer(500, MESSAGES.unexpectedError))],
    });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    fillNew(complete);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(await screen.findByText(MESSAGES.unexpectedError)).toBeInTheDocument();
    expect(screen.getByLabelText('New contact First Name')).toHaveValue('Erin');
  });

  it('gives an admin a password-reset button per row', async () => {
    const view = renderWithPortal(<ContactsEditor companyId={4} canSendReset />, { viewer: anAdmin() });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send password reset to Cora Client' })));
    expect(await screen.findByText('A password reset link was sent to client@demo.test.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/contact/31/sendresetcode', body: undefined }]);
  });

  it("gives an admin Reset two-factor and Sign out everywhere per contact, each after a confirmation", async () => {
    const security = aSecurityState({ secondFactor: { 31: ['passkey', 'recovery'] } });
    const view = renderWithPortal(<ContactsEditor companyId={4} canManageAccountSecurity />, { viewer: anAdmin(), api: { security } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor for Cora Client' }));
    const reset = await screen.findByRole('alertdialog', { name: 'Reset two-factor sign-in for Cora Client?' });
    expect(reset).toHaveTextContent('is told by mail');
    await act(async () => fireEvent.click(within(reset).getByRole('button', { name: 'Reset two-factor' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in for Cora Client was reset; Cora Client was told by mail.');
    // Nothing left to reset: the list is read again and the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-factor for Cora Client' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere for Cora Client' }));
    const end = await screen.findByRole('alertdialog', { name: 'Sign Cora Client out everywhere?' });
    await act(async () => fireEvent.click(within(end).getByRole('button', { name: 'Sign out everywhere' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Cora Client was signed out of 1 session.');
    expect(view.writes()).toEqual([
      { method: 'POST', url: '/api/admin/contacts/31/second-factor/reset', body: undefined },
      { method: 'POST', url: '/api/admin/contacts/31/sessions/end', body: undefined },
    ]);
  });

  it('offers an admin no Reset two-factor for a contact without a second factor', async () => {
    renderWithPortal(<ContactsEditor companyId={4} canManageAccountSecurity />, { viewer: anAdmin() });
    await screen.findByRole('button', { name: 'Sign out everywhere for Cora Client' });
    expect(screen.queryByRole('button', { name: /^Reset two-factor for / })).toBeNull();
  });

  it('shows no account-security buttons without the permission', async () => {
    renderWithPortal(<ContactsEditor companyId={4} canSendReset />, { viewer: anAdmin() });
    await screen.findByRole('button', { name: 'Send password reset to Cora Client' });
    expect(screen.queryByRole('button', { name: /^Reset two-factor for / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sign out everywhere for / })).toBeNull();
  });

  it("edits the caller's list without a company (the registration wizard)", async () => {
    let list: ContactDraft[] = [];
    const view = renderWithPortal(<ContactsEditor contacts={list} onChange={(next) => (list = next)} />);
    fillNew(complete);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(list).toEqual([{ title: 'Designer', first_name: 'Erin', last_name: 'Evans', email: 'erin@acme.test', phone: '555-777-1234', primary: 0 }]);
    expect(view.writes()).toEqual([]);
  });

  it("keeps the registration wizard's half-typed contact where the wizard forgets it", async () => {
    const first = renderWithPortal(<ContactsEditor contacts={[]} onChange={() => undefined} />);
    fillNew({ Title: 'Owner', Email: 'nia@newco.test' });
    expect(JSON.parse(window.sessionStorage.getItem(REGISTRATION_NEW_CONTACT_DRAFT_KEY) ?? 'null')).toMatchObject({ title: 'Owner', email: 'nia@newco.test' });
    first.unmount();

    renderWithPortal(<ContactsEditor contacts={[]} onChange={() => undefined} />);
    expect(screen.getByLabelText('New contact Title')).toHaveValue('Owner');
    expect(screen.getByLabelText('New contact Email')).toHaveValue('nia@newco.test');
  });
});
