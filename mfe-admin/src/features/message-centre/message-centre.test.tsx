import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, anAgent, aClient, apiPath, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';
import { MESSAGE_DRAFT_KEY } from './message-draft';

// jsdom has no layout; the message editor measures ranges when a token button focuses it.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;

const TEMPLATE = { id: 1, name: 'Welcome', subject: 'Hello {{companyName}}', message: 'Dear {{primaryFirst}},', date_created: '2026-11-01T00:00:00.000Z' };
const seed = () => ({
  templates: [TEMPLATE],
  companies: [aCompany(), aCompany({ company_id: 5, name: 'Beta Co', mode: 3 })],
  contacts: [anAdmin(), anAgent(), aClient(), aClient({ contact_id: 32, first_name: 'Bea', email: 'bea@demo.test', companies: [{ company_id: 5, name: 'Beta Co', title: null, primary: 1 }] })],
});

afterEach(() => sessionStorage.clear());

describe('the message centre', () => {
  it('finds clients by mode, unticks one, loads a template, adds a token and sends, then shows the progress', async () => {
    const view = renderAdmin('/admins/settings/crm/direct', { api: seed() });
    fireEvent.click(await screen.findByRole('button', { name: 'Find recipients' }));
    const list = await screen.findByRole('list', { name: 'Recipients' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('group', { name: 'Modes' })).getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Find recipients' }));
    expect(await screen.findByText('1 of 1 selected')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send Message' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: '1' } });
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Hello {{companyName}}');
    expect(within(screen.getByRole('group', { name: 'Tokens' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '{{companyName}}', '{{companyId}}', '{{primaryFirst}}', '{{primaryLast}}', '{{primaryEmail}}', '{{primaryPhone}}',
    ]);
    // Nobody has been in the message yet: the token goes at its end.
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.click(screen.getByRole('button', { name: '{{primaryPhone}}' }));
    await act(async () => fireEvent.click(send));

    expect(view.writes().at(-1)).toEqual({
      method: 'POST', url: '/api/sendmail',
      body: { subject: 'Hello {{companyName}}', message: 'Dear {{primaryFirst}},{{primaryPhone}}', kind: 'clients', recipients: [{ contact_id: 31, company_id: 4, ticket_ids: [] }] },
    });
    const progress = await screen.findByRole('region', { name: 'Send progress' });
    expect(await within(progress).findByText(/1 sent, 0 failed of 1/)).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Send progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(progress).getByText('sent')).toBeInTheDocument();
  });

  it('says a send is queued, not sent, while no mail server is set, and a banner names the missing setting', async () => {
    sessionStorage.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ subject: 'Winter hours', message: 'We close at noon.' }));
    renderAdmin('/admins/settings/crm/direct', { api: { ...seed(), mailServer: { smtp_configured: false } } });
    const banner = await screen.findByRole('alert', { name: 'Mail is not being sent' });
    expect(banner).toHaveTextContent('No mail server is set (SMTP_URL): every mail waits in the outbox, queued');
    fireEvent.click(await screen.findByRole('button', { name: 'Find recipients' }));
    await screen.findByRole('list', { name: 'Recipients' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' })));

    const progress = await screen.findByRole('region', { name: 'Send progress' });
    expect(await within(progress).findByText('Queued: 0 sent, 2 queued, 0 failed of 2')).toBeInTheDocument();
    expect(within(progress).getByRole('status')).toHaveTextContent('Queued, not sent: no mail server is set (SMTP_URL).');
    expect(within(progress).getAllByText('queued')).toHaveLength(2);
    expect(within(progress).queryByText('sent')).toBeNull();
  });

  it('asks for a contact type and a status for tickets', async () => {
    const view = renderAdmin('/admins/settings/crm/direct');
    fireEvent.change(await screen.findByLabelText('Recipients'), { target: { value: 'tickets' } });
    expect(screen.queryByRole('checkbox', { name: 'Complete' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Backlog' }));
    fireEvent.click(screen.getByRole('button', { name: 'Find recipients' }));
    expect(await screen.findByText(MESSAGES.chooseContactTypeAndStatus)).toBeInTheDocument();
    expect(view.writes()).toEqual([]);
  });

  it('needs a template name, and says when the template was not saved', async () => {
    renderAdmin('/admins/settings/crm/direct', { handlers: [http.post(apiPath('/sendmail/templates/:name'), () => errorAnswer(500, 'boom'))] });
    fireEvent.click(await screen.findByRole('button', { name: 'Save as template' }));
    expect(await screen.findByText(MESSAGES.enterTemplateName)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'News' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save as template' })));
    expect(await screen.findByText(MESSAGES.templateSaveFailed)).toBeInTheDocument();
  });
});
