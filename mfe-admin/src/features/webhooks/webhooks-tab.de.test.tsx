import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@portal/contract';
import { WEBHOOK_MESSAGES } from '@portal/domain';
import { apiPath, http, HttpResponse, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings → Webhooks as a German admin reads it: the table, "Webhook hinzufügen" with the signing secret, a
// disabled endpoint's reason, and the delivery log with its statuses, attempts and German dates.

readIn('de', adminMessages);
afterEach(() => window.sessionStorage.clear());

const aWebhook = (fields: Partial<Webhook> = {}): Webhook => ({
  id: 1, url: 'https://hooks.example.com/portal', events: ['ticket.created', 'time.logged'], company_id: null, company_name: null, format: 'json',
  urgent_only: true, staff_only: false, active: true, disabled_reason: null, failing_since: null, date_created: '2026-12-01T10:00:00.000Z', ...fields,
});
const aDelivery = (fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 7, event_id: 'evt_abc', type: 'ticket.created', ticket_id: 42, status: 'delivered', attempts: 1, last_status_code: 200, last_answer: 'thanks',
  last_error: null, date_created: '2026-11-21T10:00:00.000Z', date_delivered: '2026-11-21T10:00:01.000Z', next_attempt_at: null, ...fields,
});

function webhookApi(initial: Webhook[], deliveries: WebhookDelivery[] = []) {
  const state = { webhooks: [...initial] };
  return [
    http.get(apiPath('/webhooks'), () => HttpResponse.json(state.webhooks)),
    http.get(apiPath('/webhook-settings'), () => HttpResponse.json({ allowed_hosts: '' })),
    http.get(apiPath('/webhooks/:id/deliveries'), () => HttpResponse.json(deliveries)),
    http.post(apiPath('/webhooks'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const made = aWebhook({ id: 2, url: String(body.url), events: body.events as string[] });
      state.webhooks.push(made);
      return HttpResponse.json({ ...made, secret: 'whsec_shown_once' }, { status: 201 });
    }),
  ];
}

describe('the Webhooks tab in German', () => {
  it('says there are none yet, and adds one in the German dialog, showing its signing secret once', async () => {
    renderAdmin('/admins/settings/webhooks', { handlers: webhookApi([]) });
    expect(await screen.findByText('Noch keine Webhooks.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Zugelassene private Hosts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hosts speichern' })).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Webhook hinzufügen' })));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook hinzufügen' });
    expect(within(dialog).getByRole('group', { name: 'Ereignisse' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Ticket erstellt' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Unternehmen' })).toHaveDisplayValue('Alle');
    expect(within(dialog).getByRole('checkbox', { name: 'Nur fürs Team (mit internen Notizen)' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), { target: { value: 'https://chat.example.com/hook' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Zeit erfasst' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' })));

    const secret = await screen.findByRole('status');
    expect(secret).toHaveTextContent('Signaturschlüssel für https://chat.example.com/hook');
    expect(secret).toHaveTextContent('Kopieren Sie ihn jetzt: Er wird nicht noch einmal angezeigt.');
    expect(within(secret).getByRole('link', { name: 'So prüfen Sie eine Zustellung' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Webhooks' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['URL', 'Ereignisse', 'Unternehmen', 'Format', 'Status', '']);
    expect(within(table).getByText('Ticket erstellt, Zeit erfasst')).toBeInTheDocument();
    expect(within(table).getByText('Nur dringende Tickets')).toBeInTheDocument();
    expect(within(table).getByText('Aktiv')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fertig' })));
    expect(screen.queryByText('whsec_shown_once')).not.toBeInTheDocument();
  });

  it('says in German why an endpoint was disabled, and offers Aktivieren', async () => {
    renderAdmin('/admins/settings/webhooks', { handlers: webhookApi([aWebhook({ active: false, disabled_reason: WEBHOOK_MESSAGES.disabledAfterFailures })]) });
    expect(await screen.findByText('Deaktiviert: Die Zustellungen sind 24 Stunden lang fehlgeschlagen.')).toBeInTheDocument();
    const actions = screen.getByLabelText('Aktionen für https://hooks.example.com/portal');
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Zustellungen', 'Aktivieren', 'Test senden', 'Bearbeiten', 'Signaturschlüssel erneuern', 'Entfernen',
    ]);
  });

  it('lists the deliveries with German statuses, attempts and dates', async () => {
    renderAdmin('/admins/settings/webhooks', {
      handlers: webhookApi([aWebhook()], [
        aDelivery(),
        aDelivery({ id: 6, event_id: 'evt_old', type: 'ticket.note_added', status: 'pending', attempts: 3, last_status_code: 500, last_answer: 'no: 500', date_delivered: null }),
        aDelivery({ id: 5, event_id: 'evt_new', type: 'webhook.test', ticket_id: null, status: 'pending', attempts: 0, last_status_code: null, last_answer: null, date_delivered: null }),
      ]),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Zustellungen' })));
    const section = await screen.findByRole('region', { name: 'Zustellungen an https://hooks.example.com/portal' });
    const log = await within(section).findByRole('table', { name: 'Zustellungen' });
    expect(within(log).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Ereignis', 'Status', 'Zeitpunkt', 'Antwort', '']);
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Ticket erstellt #42');
    expect(rows[0]).toHaveTextContent('Zugestellt');
    expect(rows[0]).toHaveTextContent(/21\.11\.2026, \d{1,2}:\d{2}/);
    expect(rows[1]).toHaveTextContent('Notiz hinzugefügt #42');
    expect(rows[1]).toHaveTextContent('Ausstehend (3 Versuche)');
    expect(rows[2]).toHaveTextContent('Test');
    expect(rows[2]).toHaveTextContent('Noch nicht gesendet');
    expect(within(rows[1]!).getByRole('button', { name: 'Erneut zustellen' })).toBeInTheDocument();
  });
});
