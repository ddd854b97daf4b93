import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, aCompany, aSecurityState, aTicket, anAdmin, anAgent, anOption, apiPath, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

const agents = () => [anAgent({ contact_id: 9, first_name: 'Zed', last_name: 'Zulu', phone: '555-010-0009' }), anAdmin(), anAgent(), aClient()];
/** Zed Zulu signs in with an authenticator app; nobody else has a second factor. */
const zedHasAnApp = () => aSecurityState({ secondFactor: { 9: ['totp', 'recovery'] } });

describe('Manage Agents', () => {
  it('lists the agents by contact id under column headers, with their tickets, time, mail and phone as named links', async () => {
    renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents() } });
    await screen.findByRole('row', { name: 'Zed Zulu' });
    const table = screen.getByRole('table', { name: 'Agents' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      ['ID', 'Name', 'Group', 'Pay rate', 'Two-factor', 'Work and contact', 'Actions'],
    );
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Ada Admin', 'Alan Agent', 'Zed Zulu']);
    const zed = screen.getByRole('row', { name: 'Zed Zulu' });
    const links: [string, string, string][] = [
      ['Tickets of Zed Zulu', 'Tickets', '/agents/9/tickets'], ['Time of Zed Zulu', 'Time', '/agents/9/time'],
      ['E-mail Zed Zulu', 'E-mail', 'mailto:agent@demo.test'], ['Call Zed Zulu', 'Call', 'tel:555-010-0009'],
    ];
    for (const [name, text, href] of links) {
      const link = within(zed).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveTextContent(text);
    }
  });

  it('offers Reset two-factor only for an agent who has a second factor', async () => {
    renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents(), security: zedHasAnApp() } });
    const zed = await screen.findByRole('row', { name: 'Zed Zulu' });
    expect(within(zed).getByRole('button', { name: 'Reset two-factor for Zed Zulu' })).toBeInTheDocument();
    expect(within(zed).getByRole('cell', { name: 'On' })).toBeInTheDocument();
    const alan = screen.getByRole('row', { name: 'Alan Agent' });
    expect(within(alan).queryByRole('button', { name: /^Reset two-factor/ })).toBeNull();
    expect(within(alan).getByRole('cell', { name: 'Off' })).toBeInTheDocument();
    expect(within(alan).getByRole('button', { name: 'Sign out everywhere for Alan Agent' })).toBeInTheDocument();
  });

  it('names each agent\'s group as the saved group list does', async () => {
    const saved = [{ id: 1, name: 'Owner' }, { id: 2, name: 'Lead', extra: 'dropped' }, { id: 5, name: 'Customer' }];
    renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents(), options: [anOption('group-defaults', saved)] } });
    expect(await screen.findByRole('row', { name: 'Ada Admin' })).toHaveTextContent('Owner');
    expect(screen.getByRole('row', { name: 'Alan Agent' })).toHaveTextContent('Lead');
  });

  it('names the groups by the built-in list when the saved one is empty', async () => {
    renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents(), options: [anOption('group-defaults', [])] } });
    expect(await screen.findByRole('row', { name: 'Alan Agent' })).toHaveTextContent('Senior Agent');
  });

  it('deletes an agent after the confirmation, and says when that failed', async () => {
    const view = renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Zed Zulu' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(/no company's default agent/);
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteAgent);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(view.writes()).toEqual([{ method: 'DELETE', url: '/api/contact/9', body: undefined }]);
    await screen.findByRole('row', { name: 'Alan Agent' });
    expect(screen.queryByRole('row', { name: 'Zed Zulu' })).toBeNull();

    view.unmount();
    renderAdmin('/admins/settings/crm/agents', { handlers: [http.delete(apiPath('/contact/:id'), () => errorAnswer(500, MESSAGES.unexpectedError))] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Alan Agent' }));
    const second = await screen.findByRole('alertdialog');
    await within(second).findByText(/Alan Agent is/);
    await act(async () => fireEvent.click(within(second).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText(MESSAGES.deleteAgentFailed)).toBeInTheDocument();
  });

  it('adds an agent with a masked phone, a group and a pay rate', async () => {
    const view = renderAdmin('/admins/settings/crm/agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Add agent' }));
    const form = screen.getByRole('form', { name: 'Add agent' });
    const submit = within(form).getByRole('button', { name: 'Add agent' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Nia' } });
    fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: 'New' } });
    fireEvent.change(within(form).getByLabelText(/E-mail/), { target: { value: 'nia@demo.test' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '(555) 123 4567' } });
    expect(within(form).getByLabelText('Phone')).toHaveValue('555-123-4567');
    fireEvent.change(within(form).getByLabelText('Group'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/Pay rate/), { target: { value: '45' } });
    await act(async () => fireEvent.click(submit));
    expect(await within(form).findByRole('status')).toHaveTextContent('set-password e-mail is on its way to nia@demo.test');
    expect(view.writes()).toEqual([{
      method: 'POST', url: '/api/contact',
      body: { first_name: 'Nia', last_name: 'New', email: 'nia@demo.test', phone: '555-123-4567', group_id: 2, pay_rate: 45 },
    }]);
    expect(await screen.findByRole('row', { name: 'Nia New' })).toHaveTextContent('$45.00/h');
  });

  it('says where the agent is named and what goes back to Backlog before deleting it', async () => {
    const companies = [
      aCompany({ company_id: 4, name: 'Acme, LLC', meta: [{ id: 1, meta_key: 'default_agent', meta_value: '9' }] }),
      aCompany({ company_id: 5, name: 'Globex', meta: [{ id: 2, meta_key: 'default_agent', meta_value: '9' }] }),
    ];
    const tickets = [aTicket({ ticket_id: 70, assignee_id: 9, status_id: 7 }), aTicket({ ticket_id: 71, assignee_id: 9, status_id: 5 })];
    renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents(), companies, tickets } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Zed Zulu' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText(/default agent of/)).toHaveTextContent(
      'Zed Zulu is the default agent of Acme, LLC and Globex. Deleting clears these. 1 open ticket goes back to Backlog, unassigned, with a note.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('row', { name: 'Zed Zulu' })).toBeInTheDocument();
  });

  it("edits an agent's pay rate from this month on, and refuses a rate that is not dollars and cents", async () => {
    const view = renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rate of Zed Zulu' }));
    const form = screen.getByRole('form', { name: 'Pay rate of Zed Zulu' });
    expect(form).toHaveTextContent('earlier months keep the rate they were paid at');
    const input = within(form).getByLabelText(/Pay rate/);
    const save = within(form).getByRole('button', { name: 'Save rate' });
    fireEvent.change(input, { target: { value: '4.567' } });
    expect(within(form).getByText(MESSAGES.invalidPayRate)).toBeVisible();
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: '50.50' } });
    await act(async () => fireEvent.click(save));
    expect(await within(form).findByRole('status')).toHaveTextContent("Zed Zulu's pay rate is now $50.50/h from");
    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/contact/9/pay_rate', body: { pay_rate: 50.5, time_zone: expect.any(String) } }]);
    expect(await screen.findByRole('row', { name: 'Zed Zulu' })).toHaveTextContent('$50.50/h');
  });

  it('keeps the typed rate and says why when the save fails', async () => {
    renderAdmin('/admins/settings/crm/agents', {
      api: { contacts: agents() },
      handlers: [http.put(apiPath('/contact/:id/pay_rate'), () => errorAnswer(409, MESSAGES.payRateNotSaved))],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rate of Alan Agent' }));
    const form = screen.getByRole('form', { name: 'Pay rate of Alan Agent' });
    fireEvent.change(within(form).getByLabelText(/Pay rate/), { target: { value: '61' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save rate' })));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.payRateNotSaved);
    expect(within(form).getByLabelText(/Pay rate/)).toHaveValue('61');
  });

  it("resets an agent's two-factor sign-in and signs them out everywhere, each after a confirmation", async () => {
    const view = renderAdmin('/admins/settings/crm/agents', { api: { contacts: agents(), security: zedHasAnApp() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor for Zed Zulu' }));
    const reset = await screen.findByRole('alertdialog', { name: 'Reset two-factor sign-in for Zed Zulu?' });
    expect(reset).toHaveTextContent('is told by mail');
    await act(async () => fireEvent.click(within(reset).getByRole('button', { name: 'Reset two-factor' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in for Zed Zulu was reset; Zed Zulu was told by mail.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-factor for Zed Zulu' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere for Zed Zulu' }));
    const end = await screen.findByRole('alertdialog', { name: 'Sign Zed Zulu out everywhere?' });
    fireEvent.click(within(end).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere for Zed Zulu' }));
    const again = await screen.findByRole('alertdialog', { name: 'Sign Zed Zulu out everywhere?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Sign out everywhere' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Zed Zulu was signed out of 1 session.');

    expect(view.writes()).toEqual([
      { method: 'POST', url: '/api/admin/contacts/9/second-factor/reset', body: undefined },
      { method: 'POST', url: '/api/admin/contacts/9/sessions/end', body: undefined },
    ]);
  });
});
