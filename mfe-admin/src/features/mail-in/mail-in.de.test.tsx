import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAIL_IN_REASONS, MESSAGES } from '@portal/domain';
import { aHeldMail, aMailInStatus, aTicketDetail, createMockApi, inGerman, readIn, type PortalData } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings → Mail in as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const PAGE = '/admins/settings/crm/mail-in';

const connected = () => aMailInStatus({
  configured: true, mailbox: 'mail.example.test:993/Support', connected: true, connected_at: '2026-11-19T08:00:00.000Z',
  last_fetch_at: '2026-11-19T09:45:00.000Z', last_error: null, last_error_at: null,
  counts: { note: 7, ticket: 3, held: 0, ignored: 11, attached: 2, dropped: 1 },
});

function open(seed: Partial<Pick<PortalData['mailIn'], 'status' | 'held'>> = {}) {
  const api = createMockApi({ tickets: [aTicketDetail()] });
  api.db.mailIn.status = seed.status ?? connected();
  api.db.mailIn.held = seed.held ?? [
    aHeldMail({ mail_in_id: 5, subject: 'Where is my invoice?', from_name: 'Sam Stranger', from_address: 'sam@elsewhere.test', ticket_id: null }),
    aHeldMail({ mail_in_id: 9, subject: '  ', from_name: null, from_address: 'agent@demo.test', reason: MAIL_IN_REASONS.senderNotVerified, verdict: 'dmarc=fail (mx.example.com)' }),
  ];
  return renderAdmin(PAGE, { api });
}

const row = (subject: string) => screen.findByRole('row', { name: subject });

describe('admin settings: mail in, in German', () => {
  it('names the status, the mailbox facts and each outcome in German, with the last fetch as Germans write it', async () => {
    open({ status: { ...connected(), sender_check: { on: true, trusted_authserv: ['mx.example.com'], verify_dkim: true } } });
    expect(await screen.findByRole('heading', { name: 'E-Mail-Eingang' })).toBeInTheDocument();
    const status = await screen.findByRole('region', { name: 'Status des E-Mail-Eingangs' });
    expect(await within(status).findByText('Verbunden')).toBeInTheDocument();
    expect(within(status).getByText(
      'Absender werden anhand der Authentication-Results von mx.example.com oder durch die portaleigene DKIM- und DMARC-Prüfung geprüft; E-Mails von nicht bestätigten Absendern werden zurückgehalten.',
    )).toBeInTheDocument();
    const mailbox = within(status).getByLabelText('Postfach');
    expect(Array.from(mailbox.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual(['Postfach', 'Letzter Abruf', 'Letzter Fehler']);
    expect(mailbox.querySelector('time[datetime="2026-11-19T09:45:00.000Z"]')?.textContent).toMatch(/^19\.11\.2026/);
    expect(within(mailbox).getByText('Keiner')).toBeInTheDocument();
    const counts = within(status).getByLabelText('Was aus den gelesenen E-Mails wurde');
    expect(Array.from(counts.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Einem Ticket hinzugefügt', '7'], ['Ticket eröffnet', '3'], ['Zurückgehalten', '2'],
      ['Ignoriert', '11'], ['Von einem Administrator angehängt', '2'], ['Von einem Administrator verworfen', '1'],
    ]);
  });

  it('says in German that mail in is not connected and senders are not verified', async () => {
    open({ status: { ...aMailInStatus(), sender_check: { on: false, trusted_authserv: [], verify_dkim: false } }, held: [] });
    const status = await screen.findByRole('region', { name: 'Status des E-Mail-Eingangs' });
    expect(await within(status).findByText('Nicht verbunden')).toBeInTheDocument();
    expect(within(status).getByText('Der E-Mail-Eingang ist nicht verbunden. Setzen Sie MAIL_IN_URL, damit das Support-Postfach gelesen wird.')).toBeInTheDocument();
    expect(within(status).getByText(/^Absender werden nicht geprüft: Jede E-Mail kann im Namen des Kontakts schreiben/)).toBeInTheDocument();
    expect(await screen.findByText('Keine zurückgehaltenen E-Mails.')).toBeInTheDocument();
  });

  it('lists the held mail under German headers, with the reason in German and German controls', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Zurückgehaltene E-Mails' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Von', 'Betreff', 'Empfangen', 'Grund', 'Aktionen']);
    const sam = await row('Where is my invoice?');
    expect(sam).toHaveTextContent('Der Absender ist kein Kontakt des Portals.');
    expect(within(sam).getByRole('button', { name: 'An Ticket anhängen: Where is my invoice?' })).toHaveTextContent('An Ticket anhängen');
    expect(within(sam).getByRole('button', { name: 'Verwerfen: Where is my invoice?' })).toHaveTextContent('Verwerfen');
    expect(within(sam).getByRole('link', { name: 'Original herunterladen: Where is my invoice?' })).toHaveTextContent('Original herunterladen');
    const unnamed = await row('(kein Betreff)');
    expect(unnamed).toHaveTextContent('Absender nicht bestätigt.');
    expect(unnamed).toHaveTextContent('dmarc=fail (mx.example.com)');
  });

  it('attaches in German: the field, its message, the internal-note hint and a refusal', async () => {
    open();
    fireEvent.click(within(await row('(kein Betreff)')).getByRole('button', { name: 'An Ticket anhängen: (kein Betreff)' }));
    let dialog = await screen.findByRole('dialog', { name: 'An Ticket anhängen' });
    expect(within(dialog).getByText('agent@demo.test: (kein Betreff)')).toBeInTheDocument();
    expect(within(dialog).getByText('Interne Notiz – nur das Team sieht sie')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: 'An Ticket anhängen: Where is my invoice?' }));
    dialog = await screen.findByRole('dialog', { name: 'An Ticket anhängen' });
    expect(within(dialog).getByText('Sam Stranger <sam@elsewhere.test>: Where is my invoice?')).toBeInTheDocument();
    const field = within(dialog).getByLabelText(/Ticketnummer/);
    const attach = within(dialog).getByRole('button', { name: 'Anhängen' });
    fireEvent.change(field, { target: { value: 'zwölf' } });
    expect(within(dialog).getByText('Geben Sie eine Ticketnummer ein.')).toBeVisible();
    expect(attach).toBeDisabled();
    fireEvent.change(field, { target: { value: '404' } });
    await act(async () => fireEvent.click(attach));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.ticketNotFound));
    expect(inGerman(MESSAGES.ticketNotFound)).not.toBe(MESSAGES.ticketNotFound);
  });

  it('asks in German before dropping a message', async () => {
    open();
    fireEvent.click(within(await row('Where is my invoice?')).getByRole('button', { name: 'Verwerfen: Where is my invoice?' }));
    const confirm = await screen.findByRole('alertdialog', { name: '„Where is my invoice?“ verwerfen?' });
    expect(confirm).toHaveTextContent('Diese Nachricht verwerfen? Sie bleibt gezählt und im Audit-Protokoll, kann aber keinem Ticket mehr angehängt werden.');
    expect(within(confirm).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Verwerfen' })));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Where is my invoice?' })).toBeNull());
  });
});
