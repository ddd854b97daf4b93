import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, aFailedMail, anAdmin, apiPath, aSentMessage, aSentRecipient, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';
import { MESSAGE_DRAFT_KEY } from './message-draft';

// The message centre's draft and its Sent tab (docs/product/messaging.md#message-centre, #sent-messages, #failed-mail).

const DIRECT = '/admins/settings/crm/direct';
const failedRecipient = aSentRecipient({
  recipient_id: 2, contact_id: 32, name: 'Bea Client', email: 'bea@demo.test', status: 'sent', result: 'failed', result_error: '550 Mailbox unavailable',
});
const seed = () => ({
  contacts: [anAdmin(), aClient(), aClient({ contact_id: 32, first_name: 'Bea', email: 'bea@demo.test' })],
  messages: [aSentMessage({ message_id: 3, subject: 'Autumn news', recipients: [aSentRecipient(), failedRecipient] })],
  failedMail: [aFailedMail({ id: 77, to_address: 'gone@elsewhere.test', subject: 'Your reset code' })],
});

afterEach(() => sessionStorage.clear());

describe('the message centre draft', () => {
  it('keeps the subject and message through a reload, and forgets them once sent', async () => {
    const first = renderAdmin(DIRECT);
    fireEvent.change(await screen.findByLabelText(/Subject/), { target: { value: 'Winter hours' } });
    first.unmount();

    renderAdmin(DIRECT);
    expect(await screen.findByLabelText(/Subject/)).toHaveValue('Winter hours');
    expect(JSON.parse(sessionStorage.getItem(MESSAGE_DRAFT_KEY) ?? '{}')).toEqual({ subject: 'Winter hours', message: '' });
  });

  it('is cleared by a send, and kept when the send fails', async () => {
    sessionStorage.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ subject: 'Winter hours', message: 'We close at noon.' }));
    let fail = true;
    renderAdmin(DIRECT, {
      handlers: [http.post(apiPath('/sendmail'), () => (fail ? errorAnswer(500, MESSAGES.unexpectedError) : undefined))],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Find recipients' }));
    await screen.findByRole('list', { name: 'Recipients' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' })));
    expect(await screen.findByText(MESSAGES.unexpectedError)).toBeInTheDocument();
    expect(sessionStorage.getItem(MESSAGE_DRAFT_KEY)).not.toBeNull();

    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' })));
    expect(await screen.findByRole('region', { name: 'Send progress' })).toBeInTheDocument();
    expect(sessionStorage.getItem(MESSAGE_DRAFT_KEY)).toBeNull();
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Winter hours');
  });
});

describe('the Sent tab', () => {
  it('lists each send with who sent it and its results, and re-sends to the failed recipients only', async () => {
    const view = renderAdmin(`${DIRECT}?view=sent`, { api: seed() });
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    const row = within(table).getByRole('row', { name: 'Autumn news' });
    expect(within(row).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(row).getByText('1 sent')).toBeInTheDocument();
    expect(within(row).getByText('1 failed')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Recipients: Autumn news' }));
    const recipients = await screen.findByRole('region', { name: 'Recipients of Autumn news' });
    const bea = await within(recipients).findByRole('listitem', { name: 'Bea Client: failed' });
    expect(within(bea).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(recipients).getByRole('listitem', { name: 'Cora Client: sent' })).toBeInTheDocument();

    await act(async () => fireEvent.click(within(recipients).getByRole('button', { name: 'Re-send to failed (1)' })));
    expect(await within(recipients).findByText('Re-sent to 1 recipient.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/sendmail/3/resend', body: undefined }]);
    expect(await within(recipients).findByRole('listitem', { name: 'Bea Client: sent' })).toBeInTheDocument();
    expect(within(recipients).queryByRole('button', { name: /Re-send to failed/ })).toBeNull();
    expect(await within(row).findByText('2 sent')).toBeInTheDocument();
  });

  it('lists failed outbox mail and re-queues one', async () => {
    const view = renderAdmin(`${DIRECT}?view=sent`, { api: seed() });
    const failed = await screen.findByRole('table', { name: 'Failed mail' });
    const mail = within(failed).getByRole('row', { name: 'Your reset code to gone@elsewhere.test' });
    expect(within(mail).getByText(/550 5.1.1 Recipient address rejected/)).toBeInTheDocument();

    await act(async () => fireEvent.click(within(mail).getByRole('button', { name: 'Re-queue: Your reset code to gone@elsewhere.test' })));
    expect(await screen.findByText('The mail to gone@elsewhere.test is back in the queue.')).toBeInTheDocument();
    expect(await screen.findByText('No failed mail.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/mail-outbox/77/requeue', body: undefined }]);
  });

  it('opens from the Compose tab and says when there is nothing sent', async () => {
    renderAdmin(DIRECT);
    const sent = await screen.findByRole('tab', { name: 'Sent' });
    await act(async () => fireEvent.click(sent));
    expect(sent).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No messages sent yet.')).toBeInTheDocument();
    expect(await screen.findByText('No failed mail.')).toBeInTheDocument();
  });
});
