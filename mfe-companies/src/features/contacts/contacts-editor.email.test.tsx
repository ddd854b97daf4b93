import { act, fireEvent, screen, within } from '@testing-library/react';
import { STEP_UP_MESSAGES } from '@portal/domain';
import { aClient, anAdmin, anAgent, aSecurityState, createMockApi, renderWithPortal } from '@portal/testing';
import { ContactsEditor } from './contacts-editor';

// docs/product/accounts-and-roles.md#sensitive-changes: a primary contact's change of a co-contact's e-mail
// waits for the new address; one's own asks for the password again after the sign-in's first 10 minutes.

const cora = aClient({ companies: [{ company_id: 4, name: 'Acme, LLC', title: 'Owner', primary: 1 }] });
const dana = aClient({
  contact_id: 40, first_name: 'Dana', last_name: 'Doe', email: 'dana@acme.test', companies: [{ company_id: 4, name: 'Acme, LLC', title: 'Web Editor', primary: 0 }],
});
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

function editEmail(name: string, email: string) {
  fireEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
  fireEvent.change(screen.getByLabelText(`${name} Email`), { target: { value: email } });
}

describe("a company's contacts: e-mail changes", () => {
  it("keeps a co-contact's address until the new one confirms it, and says so", async () => {
    const api = createMockApi({ contacts: [anAdmin(), anAgent(), cora, dana] });
    renderWithPortal(<ContactsEditor companyId={4} />, { viewer: cora, api });
    await screen.findByRole('cell', { name: 'dana@acme.test' });
    editEmail('Dana Doe', 'mine@attacker.test');
    await save();

    expect(await screen.findByRole('status')).toHaveTextContent(STEP_UP_MESSAGES.emailPending);
    expect(screen.getByRole('cell', { name: 'dana@acme.test' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'mine@attacker.test' })).toBeNull();
    expect(api.db.security.emailChanges.map((c) => c.purpose).sort()).toEqual(['confirm', 'undo']);
  });

  it('asks for the password before changing one\'s own address, then saves it', async () => {
    const api = createMockApi({ contacts: [anAdmin(), anAgent(), cora, dana], security: aSecurityState({ steppedUp: false }) });
    const view = renderWithPortal(<ContactsEditor companyId={4} />, { viewer: cora, api });
    await screen.findByRole('cell', { name: 'client@demo.test' });
    editEmail('Cora Client', 'cora@acme.test');
    await save();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'portal-demo' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));

    expect(await screen.findByRole('cell', { name: 'cora@acme.test' })).toBeInTheDocument();
    expect(view.writes().map((w) => `${w.method} ${w.url}`)).toEqual([
      'PUT /api/company/4/contacts/31', 'POST /api/account/security/confirm', 'PUT /api/company/4/contacts/31',
    ]);
  });
});
