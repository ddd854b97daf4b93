import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAIL_IN_REASONS, MAIL_IN_STATUS_LABELS, MESSAGES } from '@portal/domain';
import {
  aHeldMail, aMailInStatus, aTicketDetail, anAgent, apiPath, createMockApi, errorAnswer, http, type PortalData,
} from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';
import { CONFIRM_DROP_TEXT } from './held-mail-list';
import { EVERY_MAIL_HELD_TEXT, NOT_CONFIGURED_TEXT, SENDERS_NOT_VERIFIED_TEXT } from './mail-in-status-panel';

const PAGE = '/admins/settings/crm/mail-in';

const connected = () => aMailInStatus({
  configured: true, mailbox: 'mail.example.test:993/Support', connected: true, connected_at: '2026-11-19T08:00:00.000Z',
  last_fetch_at: '2026-11-19T09:45:00.000Z', last_error: null, last_error_at: null,
  counts: { note: 7, ticket: 3, held: 0, ignored: 11, attached: 2, dropped: 1 },
});

const strangers = () => [
  aHeldMail({ mail_in_id: 5, subject: 'Where is my invoice?', from_name: 'Sam Stranger', from_address: 'sam@elsewhere.test', ticket_id: null }),
  aHeldMail({
    mail_in_id: 6, subject: 'Re: [#12] Fix the contact form', from_name: null, from_address: 'old@acme.test', reason: MAIL_IN_REASONS.inactiveSender, ticket_id: 12,
  }),
];

function open(seed: Partial<Pick<PortalData['mailIn'], 'status' | 'held'>> = {}, options: Parameters<typeof renderAdmin>[1] = {}) {
  const api = createMockApi({ tickets: [aTicketDetail()] });
  api.db.mailIn.status = seed.status ?? connected();
  api.db.mailIn.held = seed.held ?? strangers();
  api.db.mailIn.raw = { 5: 'From: sam@elsewhere.test\r\n\r\nHello' };
  return renderAdmin(PAGE, { api, ...options });
}

const row = (subject: string) => screen.findByRole('row', { name: subject });

describe('admin settings: mail in', () => {
  it('is a CRM section named Mail in, with its heading', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Mail in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mail in' })).toHaveAttribute('href', PAGE);
    expect(screen.getByRole('link', { name: 'Mail in' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a connected mailbox, its last fetch and the count of each outcome', async () => {
    open();
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText('Connected')).toBeInTheDocument();
    expect(within(status).queryByText(NOT_CONFIGURED_TEXT)).toBeNull();
    expect(within(status).getByText('mail.example.test:993/Support')).toBeInTheDocument();
    expect(status.querySelector('time[datetime="2026-11-19T09:45:00.000Z"]')).not.toBeNull();
    expect(within(status).getByText('None')).toBeInTheDocument();
    const counts = within(status).getByLabelText('What became of the mail read');
    const pairs = Array.from(counts.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      [MAIL_IN_STATUS_LABELS.note, '7'], [MAIL_IN_STATUS_LABELS.ticket, '3'], [MAIL_IN_STATUS_LABELS.held, '2'],
      [MAIL_IN_STATUS_LABELS.ignored, '11'], [MAIL_IN_STATUS_LABELS.attached, '2'], [MAIL_IN_STATUS_LABELS.dropped, '1'],
    ]);
    expect(pairs.map(([label]) => label)).toEqual([
      'Added to a ticket', 'Opened a ticket', 'Held', 'Ignored', 'Attached by an admin', 'Dropped by an admin',
    ]);
  });

  it('says mail in is not connected when MAIL_IN_URL is not set', async () => {
    open({ status: aMailInStatus(), held: [] });
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText('Not connected')).toBeInTheDocument();
    expect(within(status).getByText(NOT_CONFIGURED_TEXT)).toBeInTheDocument();
    expect(within(status).queryByText('Mailbox')).toBeNull();
  });

  it('shows the last error of a mailbox that lost its connection', async () => {
    open({ status: { ...connected(), connected: false, last_error: 'Invalid credentials (Failure)', last_error_at: '2026-11-19T10:00:00.000Z' } });
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText('Not connected')).toBeInTheDocument();
    expect(within(status).getByText('Invalid credentials (Failure)')).toBeInTheDocument();
    expect(status.querySelector('time[datetime="2026-11-19T10:00:00.000Z"]')).not.toBeNull();
  });

  it('says plainly that senders are not verified when the check is off', async () => {
    open({ status: { ...connected(), sender_check: { on: false, trusted_authserv: [], verify_dkim: false } } });
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText(SENDERS_NOT_VERIFIED_TEXT)).toBeInTheDocument();
    expect(SENDERS_NOT_VERIFIED_TEXT).toMatch(/^Senders are not verified/);
    expect(within(status).queryByText(EVERY_MAIL_HELD_TEXT)).toBeNull();
  });

  it('says every mail is held, and why, when the check is on with nothing to verify with', async () => {
    open({ status: { ...connected(), sender_check: { on: true, trusted_authserv: [], verify_dkim: false } } });
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText(EVERY_MAIL_HELD_TEXT)).toBeInTheDocument();
    expect(EVERY_MAIL_HELD_TEXT).toMatch(/MAIL_IN_TRUSTED_AUTHSERV.*MAIL_IN_VERIFY_DKIM=1/);
    expect(within(status).queryByText(SENDERS_NOT_VERIFIED_TEXT)).toBeNull();
  });

  it('names whose word a sender is verified on', async () => {
    open({ status: { ...connected(), sender_check: { on: true, trusted_authserv: ['mx.example.com'], verify_dkim: true } } });
    const status = await screen.findByRole('region', { name: 'Mail in status' });
    expect(await within(status).findByText(
      "Senders are verified by the Authentication-Results of mx.example.com or the portal's own DKIM and DMARC check; mail from an unverified sender is held.",
    )).toBeInTheDocument();
    expect(within(status).queryByText(EVERY_MAIL_HELD_TEXT)).toBeNull();
    expect(within(status).queryByText(SENDERS_NOT_VERIFIED_TEXT)).toBeNull();
  });

  it('shows a message held as not verified with its verdict', async () => {
    open({ held: [aHeldMail({
      mail_in_id: 9, subject: 'New bank details', from_address: 'agent@demo.test', reason: MAIL_IN_REASONS.senderNotVerified, verdict: 'dmarc=fail (mx.example.com)',
    })] });
    const held = await row('New bank details');
    expect(held).toHaveTextContent(MAIL_IN_REASONS.senderNotVerified);
    expect(held).toHaveTextContent('dmarc=fail (mx.example.com)');
    expect(within(held).getByRole('button', { name: /Attach to ticket/ })).toBeInTheDocument();
  });

  it('lists the held mail: from, subject, received, the reason, and a link to the original', async () => {
    const view = open();
    const table = await screen.findByRole('table', { name: 'Held mail' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['From', 'Subject', 'Received', 'Reason', 'Actions']);
    const sam = await row('Where is my invoice?');
    expect(sam).toHaveTextContent('Sam Stranger');
    expect(sam).toHaveTextContent('sam@elsewhere.test');
    expect(sam).toHaveTextContent(MAIL_IN_REASONS.unknownSender);
    expect(sam.querySelector(`time[datetime="${aHeldMail().date_received}"]`)).not.toBeNull();
    expect(await row('Re: [#12] Fix the contact form')).toHaveTextContent(MAIL_IN_REASONS.inactiveSender);

    const download = within(sam).getByRole('link', { name: /Download original/ });
    expect(download).toHaveTextContent('Download original');
    expect(download).toHaveAttribute('href', `${view.client.mailIn.rawUrl(5)}`);
    expect(download.getAttribute('href')).toMatch(/\/api\/mail-in\/5\/raw$/);
    for (const control of [...within(sam).getAllByRole('button'), download]) {
      expect(control.getAttribute('aria-label') ?? control.textContent).toContain(control.textContent);
    }
  });

  it('says so when nothing is held', async () => {
    open({ held: [] });
    expect(await screen.findByText('No held mail.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Held mail' })).toBeNull();
  });

  it('attaches a held message to the ticket typed, and takes it off the list', async () => {
    const view = open();
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: /Attach to ticket/ }));
    const dialog = await screen.findByRole('dialog');
    // Modal: the page beneath is hidden from assistive technology and focus stays in the dialog.
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Held mail' })).toBeNull());
    const field = within(dialog).getByLabelText(/Ticket number/);
    const attach = within(dialog).getByRole('button', { name: 'Attach' });
    expect(attach).toBeDisabled();
    fireEvent.change(field, { target: { value: '12' } });
    await act(async () => fireEvent.click(attach));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Where is my invoice?' })).toBeNull());
    expect(screen.getByRole('row', { name: 'Re: [#12] Fix the contact form' })).toBeInTheDocument();
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/mail-in/5/attach', body: { ticket_id: 12, internal: false } }]);
    expect(view.api.db.activity).toEqual([expect.objectContaining({ ticket_id: 12, source: 'mail', internal: false })]);
    const counts = screen.getByLabelText('What became of the mail read');
    await waitFor(() => expect(within(counts).getByText(MAIL_IN_STATUS_LABELS.attached).nextElementSibling).toHaveTextContent('3'));
  });

  it('lets the admin attach as a reply or an internal note, starting on Internal note for a sender not verified', async () => {
    const view = open({ held: [
      aHeldMail({ mail_in_id: 9, subject: 'New bank details', reason: MAIL_IN_REASONS.senderNotVerified, verdict: 'dmarc=fail (mx.example.com)', ticket_id: 12 }),
      ...strangers(),
    ] });
    fireEvent.click(within(await row('New bank details')).getByRole('button', { name: /Attach to ticket/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radiogroup', { name: 'Who sees this note' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Internal note' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Reply' })).not.toBeChecked();
    expect(within(dialog).getByText('Internal note — only staff see this')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A sender who was verified but is not a contact: Reply first; the admin makes it internal.
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: /Attach to ticket/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Reply' })).toBeChecked();
    expect(within(dialog).queryByText('Internal note — only staff see this')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Internal note' }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Internal note' })).toBeChecked());
    fireEvent.change(within(dialog).getByLabelText(/Ticket number/), { target: { value: '12' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(view.writes()).toEqual([
      { method: 'POST', url: '/api/mail-in/9/attach', body: { ticket_id: 12, internal: true } },
      { method: 'POST', url: '/api/mail-in/5/attach', body: { ticket_id: 12, internal: true } },
    ]);
    expect(view.api.db.activity.map((note) => note.internal)).toEqual([true, true]);
  });

  it('offers the ticket the mail named', async () => {
    open();
    fireEvent.click(within(await row('Re: [#12] Fix the contact form')).getByRole('button', { name: /Attach to ticket/ }));
    expect(within(await screen.findByRole('dialog')).getByLabelText(/Ticket number/)).toHaveValue('12');
  });

  it('keeps the dialog and what was typed when the API refuses, with its message', async () => {
    const view = open();
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: /Attach to ticket/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Ticket number/), { target: { value: '404' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' })));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.ticketNotFound);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText(/Ticket number/)).toHaveValue('404');
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/mail-in/5/attach', body: { ticket_id: 404, internal: false } }]);
    // Still listed (hidden from assistive technology while the dialog is open).
    expect(screen.getByRole('row', { name: 'Where is my invoice?', hidden: true })).toBeInTheDocument();
  });

  it('drops a held message after the confirmation', async () => {
    const view = open();
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: /Drop/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(CONFIRM_DROP_TEXT);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Drop' })));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Where is my invoice?' })).toBeNull());
    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/mail-in/5/drop', body: undefined }]);
    expect(screen.getByRole('row', { name: 'Re: [#12] Fix the contact form' })).toBeInTheDocument();
  });

  it('keeps a message whose drop failed, and says why', async () => {
    open({}, { handlers: [http.post(apiPath('/mail-in/:id/drop'), () => errorAnswer(500, MESSAGES.unexpectedError))] });
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: /Drop/ }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Drop' })));
    expect(await screen.findByText(MESSAGES.unexpectedError)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Where is my invoice?' })).toBeInTheDocument();
  });

  it('tells a non-admin they are not authorised and reads nothing', async () => {
    const view = open({}, { viewer: anAgent() });
    expect(await screen.findByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mail in' })).toBeNull();
    expect(view.requests().filter((r) => r.url.startsWith('/api/mail-in'))).toEqual([]);
  });
});
