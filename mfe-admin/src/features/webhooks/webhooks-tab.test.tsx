import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@portal/contract';
import { apiPath, http, HttpResponse } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings → Webhooks (docs/product/integrations.md#webhooks) over MSW: the table, "Add webhook" with the secret
// shown once, a disabled endpoint with its reason and Enable, and the delivery log with Redeliver.

const aWebhook = (fields: Partial<Webhook> = {}): Webhook => ({
  id: 1, url: 'https://hooks.example.com/portal', events: ['ticket.created'], company_id: null, company_name: null, format: 'json', urgent_only: false,
  staff_only: false, active: true, disabled_reason: null, failing_since: null, date_created: '2026-12-01T10:00:00.000Z', ...fields,
});
const aDelivery = (fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 7, event_id: 'evt_abc', type: 'ticket.created', ticket_id: 42, status: 'delivered', attempts: 1, last_status_code: 200, last_answer: 'thanks',
  last_error: null, date_created: '2026-12-01T10:00:00.000Z', date_delivered: '2026-12-01T10:00:01.000Z', next_attempt_at: null, ...fields,
});

function webhookApi(initial: Webhook[], deliveries: WebhookDelivery[] = []) {
  const state = { webhooks: [...initial], posted: [] as { url: string; body: unknown }[] };
  const handlers = [
    http.get(apiPath('/webhooks'), () => HttpResponse.json(state.webhooks)),
    http.get(apiPath('/webhook-settings'), () => HttpResponse.json({ allowed_hosts: '' })),
    http.get(apiPath('/webhooks/:id/deliveries'), () => HttpResponse.json(deliveries)),
    http.post(apiPath('/webhooks'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.posted.push({ url: '/webhooks', body });
      const made = aWebhook({ id: 2, url: String(body.url), events: body.events as string[], format: body.format as Webhook['format'] });
      state.webhooks.push(made);
      return HttpResponse.json({ ...made, secret: 'whsec_shown_once' }, { status: 201 });
    }),
    http.post(apiPath('/webhooks/:id/enable'), ({ params }) => {
      state.posted.push({ url: `/webhooks/${String(params.id)}/enable`, body: null });
      state.webhooks = state.webhooks.map((w) => (w.id === Number(params.id) ? { ...w, active: true, disabled_reason: null } : w));
      return HttpResponse.json(state.webhooks.find((w) => w.id === Number(params.id)));
    }),
    http.post(apiPath('/webhooks/:id/deliveries/:delivery/redeliver'), ({ params }) => {
      state.posted.push({ url: `/webhooks/${String(params.id)}/deliveries/${String(params.delivery)}/redeliver`, body: null });
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
  ];
  return { state, handlers };
}

describe('the Webhooks tab', () => {
  it('adds a webhook with its events, format and filters, and shows the signing secret once', async () => {
    const { state, handlers } = webhookApi([aWebhook()]);
    renderAdmin('/admins/settings/webhooks', { handlers });
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText('https://hooks.example.com/portal')).toBeInTheDocument();
    expect(within(table).getByText('Ticket created')).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add webhook' })));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), { target: { value: 'https://chat.example.com/hook' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Time logged' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Urgent tickets only' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'slack' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    expect(await screen.findByText('whsec_shown_once')).toBeInTheDocument();
    expect(state.posted).toEqual([{
      url: '/webhooks',
      body: { url: 'https://chat.example.com/hook', events: ['ticket.created', 'time.logged'], company_id: null, format: 'slack', urgent_only: true, staff_only: false },
    }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(screen.queryByText('whsec_shown_once')).not.toBeInTheDocument();
  });

  it('shows why an endpoint was disabled, and Enable turns it back on', async () => {
    const reason = 'Disabled: its deliveries failed for 24 hours.';
    const { state, handlers } = webhookApi([aWebhook({ active: false, disabled_reason: reason })]);
    renderAdmin('/admins/settings/webhooks', { handlers });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enable' })));
    expect(state.posted).toEqual([{ url: '/webhooks/1/enable', body: null }]);
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it("lists an endpoint's deliveries with their answer, and Redeliver sends one again", async () => {
    const { state, handlers } = webhookApi([aWebhook()], [
      aDelivery(),
      aDelivery({ id: 6, event_id: 'evt_old', type: 'ticket.note_added', status: 'pending', attempts: 3, last_status_code: 500, last_answer: 'no: 500' }),
    ]);
    renderAdmin('/admins/settings/webhooks', { handlers });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' })));
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Ticket created #42');
    expect(rows[0]).toHaveTextContent('Delivered');
    expect(rows[0]).toHaveTextContent('200 thanks');
    expect(rows[1]).toHaveTextContent('Note added #42');
    expect(rows[1]).toHaveTextContent('Pending (3 attempts)');
    expect(rows[1]).toHaveTextContent('500 no: 500');
    await act(async () => fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Redeliver' })));
    expect(state.posted).toEqual([{ url: '/webhooks/1/deliveries/6/redeliver', body: null }]);
  });
});
