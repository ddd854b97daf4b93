import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, anAgent, aClient, apiPath, errorAnswer, http, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';
import { MESSAGE_DRAFT_KEY } from './message-draft';

// The message centre's Compose tab as a German admin reads it (docs/product/languages.md, docs/product/messaging.md).

// jsdom has no layout; the message editor measures ranges when a token button focuses it.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;

// A busy machine renders the editor slowly (as in the other admin tests).
jest.setTimeout(20_000);

readIn('de', adminMessages);
afterEach(() => sessionStorage.clear());

const DIRECT = '/admins/settings/crm/direct';
const TEMPLATE = { id: 1, name: 'Welcome', subject: 'Hello {{companyName}}', message: 'Dear {{primaryFirst}},', date_created: '2026-11-01T00:00:00.000Z' };
const seed = () => ({
  templates: [TEMPLATE],
  companies: [aCompany(), aCompany({ company_id: 5, name: 'Beta Co', mode: 3 })],
  contacts: [anAdmin(), anAgent(), aClient(), aClient({ contact_id: 32, first_name: 'Bea', email: 'bea@demo.test', companies: [{ company_id: 5, name: 'Beta Co', title: null, primary: 1 }] })],
});

describe('the message centre in German', () => {
  it('names the form, its filters and the template controls in German', async () => {
    renderAdmin(DIRECT, { api: seed() });
    expect(await screen.findByRole('heading', { name: 'Direktnachrichten' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Verfassen' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Gesendet' })).toBeInTheDocument();
    const kind = screen.getByRole('combobox', { name: 'Empfänger' });
    expect(within(kind).getAllByRole('option').map((option) => option.textContent)).toEqual(['Kontakte', 'Kunden', 'Bearbeiter', 'Tickets']);
    expect(screen.getByRole('group', { name: 'Modi' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Leistungen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Unternehmen' })).toHaveDisplayValue('Alle Unternehmen');
    expect(await screen.findByRole('combobox', { name: 'Vorlage' })).toHaveDisplayValue('Vorlage wählen…');
    expect(screen.getByRole('group', { name: 'Platzhalter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name der Vorlage')).toBeInTheDocument();
  });

  it('counts the chosen recipients and shows the progress in German', async () => {
    renderAdmin(DIRECT, { api: seed() });
    fireEvent.click(await screen.findByRole('button', { name: 'Empfänger suchen' }));
    const list = await screen.findByRole('list', { name: 'Empfänger' });
    fireEvent.click(within(list).getAllByRole('checkbox')[1]!);
    expect(await screen.findByText('1 von 2 ausgewählt')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Nachricht senden' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Vorlage'), { target: { value: '1' } });
    expect(screen.getByLabelText(/Betreff/)).toHaveValue('Hello {{companyName}}');
    await screen.findByRole('textbox', { name: 'Nachricht' });
    await act(async () => fireEvent.click(send));

    const progress = await screen.findByRole('region', { name: 'Sendefortschritt' });
    expect(await within(progress).findByText('Versendet: 1 gesendet, 0 fehlgeschlagen (von 1)')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Sendefortschritt' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(progress).getByRole('listitem', { name: /: gesendet$/ })).toHaveTextContent('gesendet');
    expect(screen.getByRole('button', { name: 'Neue Nachricht' })).toBeInTheDocument();
  });

  it('warns in German while no mail server is set, and says why the mail is queued', async () => {
    sessionStorage.setItem(MESSAGE_DRAFT_KEY, JSON.stringify({ subject: 'Winter hours', message: 'We close at noon.' }));
    renderAdmin(DIRECT, { api: { ...seed(), mailServer: { smtp_configured: false } } });
    const banner = await screen.findByRole('alert', { name: 'E-Mails werden nicht versendet' });
    expect(banner).toHaveTextContent(
      'Es ist kein Mailserver eingerichtet (SMTP_URL): Jede E-Mail bleibt im Postausgang eingereiht, und niemand erhält sie, bis SMTP_URL einen Mailserver angibt und das Portal neu gestartet wird.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Empfänger suchen' }));
    await screen.findByRole('list', { name: 'Empfänger' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' })));

    const progress = await screen.findByRole('region', { name: 'Sendefortschritt' });
    expect(await within(progress).findByText('Eingereiht: 0 gesendet, 2 eingereiht, 0 fehlgeschlagen (von 2)')).toBeInTheDocument();
    expect(within(progress).getByRole('status')).toHaveTextContent('Eingereiht, nicht gesendet: Es ist kein Mailserver eingerichtet (SMTP_URL).');
    expect(within(progress).getAllByText('eingereiht')).toHaveLength(2);
  });

  it('asks in German for a contact type and a status for tickets, and says when no recipient matches', async () => {
    renderAdmin(DIRECT, { api: { ...seed(), contacts: [anAdmin()] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Empfänger suchen' }));
    expect(await screen.findByText('Zu diesen Filtern passen keine Empfänger.')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Empfänger' }), { target: { value: 'tickets' } });
    const contactType = screen.getByRole('combobox', { name: 'Kontaktart' });
    expect(within(contactType).getAllByRole('option').map((option) => option.textContent)).toEqual(['Bitte wählen…', 'Anfragende Person', 'Bearbeiter']);
    expect(screen.getByRole('group', { name: 'Ticketstatus' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Empfänger suchen' }));
    expect(await screen.findByText(inGerman(MESSAGES.chooseContactTypeAndStatus))).toBeInTheDocument();
  });

  it('asks in German for a template name, and says so when the template was saved or not', async () => {
    let fail = false;
    renderAdmin(DIRECT, { handlers: [http.post(apiPath('/sendmail/templates/:name'), () => (fail ? errorAnswer(500, 'boom') : undefined))] });
    expect(await screen.findByRole('combobox', { name: 'Vorlage' })).toHaveDisplayValue('Noch keine Vorlagen');
    fireEvent.click(await screen.findByRole('button', { name: 'Als Vorlage speichern' }));
    expect(await screen.findByText(inGerman(MESSAGES.enterTemplateName))).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name der Vorlage'), { target: { value: 'News' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Als Vorlage speichern' })));
    expect(await screen.findByText('Vorlage „News“ gespeichert.')).toBeInTheDocument();

    fail = true;
    fireEvent.change(screen.getByLabelText('Name der Vorlage'), { target: { value: 'News' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Als Vorlage speichern' })));
    expect(await screen.findByText(inGerman(MESSAGES.templateSaveFailed))).toBeInTheDocument();
  });
});
