import { PRIORITY, TYPE } from '@portal/domain';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { startWebhookReceiver } from '../test-support/webhook-receiver';

// The admins' webhooks (docs/product/integrations.md#webhooks): only admins list and change them, the signing secret
// is answered once and never stored in the clear, every change is audited, the delivery log pages, Redeliver sends
// the same event again, "Send test" reaches one endpoint, Enable brings a disabled one back, and the allowed private
// hosts are the admins' to set.

let cast: DemoCast;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  cast = await openDemoCast({ webhookAllowedHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await cast.t.close();
  await receiver.close();
});
beforeEach(() => receiver.reset());

const save = (fields: Record<string, unknown> = {}) => ({ url: receiver.url(), events: ['ticket.created'], ...fields });
const create = async (fields: Record<string, unknown> = {}) => {
  const res = await cast.call('POST', '/api/webhooks', cast.cookies.admin, save(fields));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; secret: string };
};
const newTicket = (title: string) => cast.call('POST', '/api/ticket', cast.cookies.admin, {
  type_id: TYPE.question, title, description: 'Something.', priority_id: PRIORITY.medium, company_id: cast.ids.acme, estimate_required: 0,
});
const audit = (action: string) => cast.t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

test('only admins see and change webhooks', async () => {
  const { id } = await create();
  for (const cookie of [cast.cookies.agent, cast.cookies.client]) {
    expect((await cast.call('GET', '/api/webhooks', cookie)).statusCode).toBe(403);
    expect((await cast.call('POST', '/api/webhooks', cookie, save())).statusCode).toBe(403);
    expect((await cast.call('PUT', `/api/webhooks/${id}`, cookie, save())).statusCode).toBe(403);
    expect((await cast.call('DELETE', `/api/webhooks/${id}`, cookie)).statusCode).toBe(403);
    expect((await cast.call('GET', `/api/webhooks/${id}/deliveries`, cookie)).statusCode).toBe(403);
    expect((await cast.call('PUT', '/api/webhook-settings', cookie, { allowed_hosts: '10.0.0.1' })).statusCode).toBe(403);
  }
  expect((await cast.call('GET', '/api/webhooks')).statusCode).toBe(401);
});

test('the secret is answered once, stored sealed, and the creation audited without it', async () => {
  const { id, secret } = await create({ company_id: cast.ids.acme, format: 'slack', urgent_only: true });
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  const list = (await cast.call('GET', '/api/webhooks', cast.cookies.admin)).json() as Record<string, unknown>[];
  const listed = list.find((w) => w.id === id)!;
  expect(listed).toMatchObject({ url: receiver.url(), company_name: 'Acme, LLC', format: 'slack', urgent_only: true, active: true });
  expect(listed).not.toHaveProperty('secret');
  const row = await cast.t.app.repos.webhooks.find(id);
  expect(row!.secret).not.toContain(secret);
  const entries = (await audit('webhook.created')).filter((e) => e.entity_id === id);
  expect(entries).toHaveLength(1);
  expect(JSON.stringify(entries[0])).not.toContain(secret);
});

test('a bad URL, no events or a private address is refused with a message', async () => {
  const bad = await cast.call('POST', '/api/webhooks', cast.cookies.admin, save({ url: 'ftp://example.com' }));
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error).toBe('Enter an http or https URL.');
  const none = await cast.call('POST', '/api/webhooks', cast.cookies.admin, save({ events: [] }));
  expect(none.statusCode).toBe(400);
  for (const url of ['http://169.254.169.254/latest/meta-data', 'http://localhost:8080/', 'http://[::1]/', 'http://10.1.2.3/']) {
    const refused = await cast.call('POST', '/api/webhooks', cast.cookies.admin, save({ url }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/private/);
  }
});

test('changing, rotating and removing are audited', async () => {
  const { id, secret } = await create();
  const changed = await cast.call('PUT', `/api/webhooks/${id}`, cast.cookies.admin, save({ events: ['ticket.created', 'time.logged'] }));
  expect(changed.statusCode).toBe(200);
  expect(changed.json().events).toEqual(['ticket.created', 'time.logged']);
  const rotated = await cast.call('POST', `/api/webhooks/${id}/secret`, cast.cookies.admin);
  expect(rotated.json().secret).not.toBe(secret);
  expect((await audit('webhook.updated')).filter((e) => e.entity_id === id).length).toBeGreaterThanOrEqual(2);
  expect((await cast.call('DELETE', `/api/webhooks/${id}`, cast.cookies.admin)).statusCode).toBe(200);
  expect((await audit('webhook.deleted')).filter((e) => e.entity_id === id)).toHaveLength(1);
  expect((await cast.call('DELETE', `/api/webhooks/${id}`, cast.cookies.admin)).statusCode).toBe(404);
});

test('the delivery log pages, and Redeliver sends the same event id again (audited)', async () => {
  const { id } = await create({ url: receiver.url('/log') });
  for (let i = 0; i < 3; i++) expect((await newTicket(`Logged ${i}`)).statusCode).toBe(201);
  await cast.t.app.jobs.runWebhooks();
  const page = (await cast.call('GET', `/api/webhooks/${id}/deliveries`, cast.cookies.admin)).json() as { id: number; status: string; event_id: string }[];
  expect(page).toHaveLength(3);
  expect(page.every((d) => d.status === 'delivered')).toBe(true);
  const older = (await cast.call('GET', `/api/webhooks/${id}/deliveries?before=${page[0]!.id}`, cast.cookies.admin)).json();
  expect(older).toHaveLength(2);

  const again = await cast.call('POST', `/api/webhooks/${id}/deliveries/${page[0]!.id}/redeliver`, cast.cookies.admin);
  expect(again.statusCode).toBe(202);
  await cast.t.app.jobs.runWebhooks();
  const ids = receiver.received.filter((r) => r.path === '/log').map((r) => r.headers['portal-delivery']);
  expect(ids).toHaveLength(4);
  expect(ids[3]).toBe(page[0]!.event_id);
  expect((await audit('webhook.redelivered')).filter((e) => e.entity_id === id)).toHaveLength(1);
});

test('"Send test" reaches that endpoint only', async () => {
  const one = await create({ url: receiver.url('/one') });
  await create({ url: receiver.url('/two') });
  expect((await cast.call('POST', `/api/webhooks/${one.id}/test`, cast.cookies.admin)).statusCode).toBe(202);
  await cast.t.app.jobs.runWebhooks();
  const tests = receiver.received.filter((r) => JSON.parse(r.body).type === 'webhook.test');
  expect(tests.map((r) => r.path)).toEqual(['/one']);
});

test('a disabled endpoint shows why and sends nothing; Enable sends its pending deliveries', async () => {
  const { id } = await create({ url: receiver.url('/disabled') });
  expect((await newTicket('Before it was disabled')).statusCode).toBe(201);
  await cast.t.app.repos.webhooks.disable(cast.t.app.db, id, 'Disabled: its deliveries failed for 24 hours.');
  await cast.t.app.jobs.runWebhooks();
  // What happens while it is disabled waits for it too.
  expect((await newTicket('While disabled')).statusCode).toBe(201);
  await cast.t.app.jobs.runWebhooks();
  expect(receiver.received.filter((r) => r.path === '/disabled')).toHaveLength(0);
  const listed = ((await cast.call('GET', '/api/webhooks', cast.cookies.admin)).json() as { id: number }[]).find((w) => w.id === id);
  expect(listed).toMatchObject({ active: false, disabled_reason: 'Disabled: its deliveries failed for 24 hours.' });
  const enabled = await cast.call('POST', `/api/webhooks/${id}/enable`, cast.cookies.admin);
  expect(enabled.json()).toMatchObject({ active: true, disabled_reason: null });
  await cast.t.app.jobs.runWebhooks();
  expect(receiver.received.filter((r) => r.path === '/disabled').map((r) => JSON.parse(r.body).data.ticket.title)).toEqual(['Before it was disabled', 'While disabled']);
});

test('the allowed private hosts are saved by admins and let a private host through', async () => {
  const saved = await cast.call('PUT', '/api/webhook-settings', cast.cookies.admin, { allowed_hosts: 'hooks.internal.test\n, 10.0.0.9 ' });
  expect(saved.json()).toEqual({ allowed_hosts: 'hooks.internal.test\n10.0.0.9' });
  expect((await cast.call('GET', '/api/webhook-settings', cast.cookies.admin)).json()).toEqual({ allowed_hosts: 'hooks.internal.test\n10.0.0.9' });
});
