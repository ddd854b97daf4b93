import { act, fireEvent, screen, within } from '@testing-library/react';
import { aClient, aFailedMail, anAdmin, aSentMessage, aSentRecipient, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// The message centre's Sent tab as a German admin reads it (docs/product/languages.md, docs/product/messaging.md#sent-messages).

readIn('de', adminMessages);
afterEach(() => sessionStorage.clear());

const SENT = '/admins/settings/crm/direct?view=sent';
const failedRecipient = aSentRecipient({
  recipient_id: 2, contact_id: 32, name: 'Bea Client', email: 'bea@demo.test', status: 'sent', result: 'failed', result_error: '550 Mailbox unavailable',
});
const seed = () => ({
  contacts: [anAdmin(), aClient(), aClient({ contact_id: 32, first_name: 'Bea', email: 'bea@demo.test' })],
  messages: [aSentMessage({ message_id: 3, subject: 'Autumn news', recipients: [aSentRecipient(), failedRecipient] })],
  failedMail: [aFailedMail({ id: 77, to_address: 'gone@elsewhere.test', subject: 'Your reset code' })],
});
/** A date and time as German writes it, on whatever clock the test runs. */
const GERMAN_DATE_TIME = /^\d{2}\.\d{2}\.2026, \d{1,2}:\d{2}$/;

describe('the Sent tab in German', () => {
  it('lists the sends with German columns, counts and date, and re-sends to the failed recipients', async () => {
    renderAdmin(SENT, { api: seed() });
    expect(await screen.findByRole('heading', { name: 'Gesendete Nachrichten' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gesendete Nachrichten' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Gesendet', 'Von', 'Betreff', 'Empfänger', 'Ergebnis', 'Aktionen',
    ]);
    const row = within(table).getByRole('row', { name: 'Autumn news' });
    expect(row.querySelector('time')?.textContent).toMatch(GERMAN_DATE_TIME);
    expect(within(row).getByText('1 gesendet')).toBeInTheDocument();
    expect(within(row).getByText('1 fehlgeschlagen')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Empfänger: Autumn news' }));
    const recipients = await screen.findByRole('region', { name: 'Empfänger von Autumn news' });
    expect(await within(recipients).findByRole('listitem', { name: 'Bea Client: fehlgeschlagen' })).toBeInTheDocument();
    expect(within(recipients).getByRole('listitem', { name: 'Cora Client: gesendet' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(recipients).getByRole('button', { name: 'Fehlgeschlagene erneut senden (1)' })));
    expect(await within(recipients).findByText('Erneut an 1 Empfänger gesendet.')).toBeInTheDocument();
    expect(await within(row).findByText('2 gesendet')).toBeInTheDocument();
  });

  it('lists failed mail in German and re-queues one', async () => {
    renderAdmin(SENT, { api: seed() });
    expect(await screen.findByRole('heading', { name: 'Fehlgeschlagene E-Mails' })).toBeInTheDocument();
    const failed = await screen.findByRole('table', { name: 'Fehlgeschlagene E-Mails' });
    expect(within(failed).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'An', 'Betreff', 'Eingereiht', 'Letzter Fehler', 'Aktionen',
    ]);
    const mail = within(failed).getByRole('row', { name: 'Your reset code an gone@elsewhere.test' });
    expect(mail.querySelector('time')?.textContent).toMatch(GERMAN_DATE_TIME);
    expect(within(mail).getByText('(24 Versuche)')).toBeInTheDocument();

    await act(async () => fireEvent.click(within(mail).getByRole('button', { name: 'Wieder einreihen: Your reset code an gone@elsewhere.test' })));
    expect(await screen.findByText('Die E-Mail an gone@elsewhere.test ist wieder in der Warteschlange.')).toBeInTheDocument();
    expect(await screen.findByText('Keine fehlgeschlagenen E-Mails.')).toBeInTheDocument();
  });

  it('says in German when nothing was sent', async () => {
    renderAdmin(SENT);
    expect(await screen.findByText('Noch keine Nachrichten gesendet.')).toBeInTheDocument();
    expect(await screen.findByText('Keine fehlgeschlagenen E-Mails.')).toBeInTheDocument();
  });
});
