import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRIORITY, TYPE } from '@portal/domain';
import { findRepoRoot } from '../config';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { startWebhookReceiver } from '../test-support/webhook-receiver';
import { serviceContext } from './service-context';
import { checkedAddress, RefusedAddressError } from './webhook-address';
import { createWebhookPump, sendDueWebhooks } from './webhook-delivery';

// Webhook deliveries (docs/product/integrations.md#webhooks) against a real HTTP receiver on 127.0.0.1 (allowed by the
// test's configuration): the signature verifies with the snippet the docs publish, a receiver's 500 or silence is
// retried with the same event id, deliveries keep their order per ticket, internal notes reach staff-only endpoints
// only, an endpoint failing for 24 hours is disabled and its people told, and two runners deliver each event once.

let now = new Date();
let cast: DemoCast;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  cast = await openDemoCast({ clock: () => now, webhookAllowedHosts: ['127.0.0.1'], publicUrl: 'https://portal.example' });
});
afterAll(async () => {
  await cast.t.close();
  await receiver.close();
});
beforeEach(async () => {
  now = new Date();
  receiver.reset();
  await cast.t.app.db.deleteFrom('webhooks').execute();
  await cast.t.app.db.deleteFrom('webhook_events').execute();
});

/** The verification snippet exactly as docs/product/integrations.md#verifying-a-delivery publishes it. */
function publishedVerifier(): (secret: string, header: string, rawBody: string) => boolean {
  const doc = readFileSync(path.join(findRepoRoot(), 'docs/product/integrations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Verifying a delivery'));
  const code = /```js\n([\s\S]*?)```/.exec(section)![1]!;
  const load = new Function('require', `${code}\nreturn verifyPortalSignature;`) as (req: (name: string) => unknown) => ReturnType<typeof publishedVerifier>;
  return load((name) => {
    if (name !== 'node:crypto') throw new Error(`the snippet requires ${name}`);
    return crypto;
  });
}

async function addWebhook(fields: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const res = await cast.call('POST', '/api/webhooks', cast.cookies.admin, {
    url: receiver.url(), events: ['ticket.created', 'ticket.note_added', 'ticket.status_changed'], ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function newTicket(title: string, priority: number = PRIORITY.medium, cookie = cast.cookies.admin): Promise<number> {
  const res = await cast.call('POST', '/api/ticket', cookie, {
    type_id: TYPE.question, title, description: 'Something is wrong.', priority_id: priority, company_id: cast.ids.acme, estimate_required: 0,
  });
  expect(res.statusCode).toBe(201);
  return res.json().ticket_id ?? res.json().id;
}

const note = (ticketId: number, text: string, internal = false) =>
  cast.call('POST', '/api/activity', cast.cookies.admin, { ticket_id: ticketId, note: text, internal });

const send = (owner = 'test-runner', timeoutMs = 2000) => sendDueWebhooks(serviceContext(cast.t.app), { owner, timeoutMs });
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });

test('a delivery is signed so that the published snippet verifies it, and carries the event, its id and time', async () => {
  const { secret } = await addWebhook();
  expect(secret).toMatch(/^whsec_/);
  await newTicket('Site down', PRIORITY.urgent);
  expect(await send()).toMatchObject({ delivered: 1 });

  expect(receiver.received).toHaveLength(1);
  const [got] = receiver.received;
  const verify = publishedVerifier();
  expect(verify(secret, String(got!.headers['portal-signature']), got!.body)).toBe(true);
  expect(verify(secret, String(got!.headers['portal-signature']), got!.body.replace('Site down', 'Site up'))).toBe(false);
  expect(verify('whsec_wrong', String(got!.headers['portal-signature']), got!.body)).toBe(false);
  const body = JSON.parse(got!.body);
  expect(body).toMatchObject({ type: 'ticket.created', created_at: now.toISOString(), data: { ticket: { title: 'Site down', priority_id: PRIORITY.urgent, company_id: cast.ids.acme } } });
  expect(body.id).toMatch(/^evt_/);
  expect(got!.headers['portal-event']).toBe('ticket.created');
  expect(got!.headers['portal-delivery']).toBe(body.id);
  expect(body.data.ticket.url).toMatch(/^https:\/\/portal\.example\/clients\/\d+\/tickets\/\d+$/);
});

test('events no endpoint wants are marked fanned out without deliveries, and a later endpoint does not hear them', async () => {
  await newTicket('Nobody listens');
  await note(await newTicket('Nobody listens either'), 'A note');
  expect(await send()).toMatchObject({ delivered: 0 });
  const events = await cast.t.app.db.selectFrom('webhook_events').select('fanned_out').execute();
  expect(events.length).toBeGreaterThanOrEqual(3);
  expect(events.every((event) => event.fanned_out === 1)).toBe(true);
  await addWebhook();
  expect(await send()).toMatchObject({ delivered: 0 });
  expect(receiver.received).toHaveLength(0);
});

test("after a receiver's 500 the event is delivered once more with the same id", async () => {
  const { id } = await addWebhook();
  await newTicket('Retry me');
  receiver.answers.push(500);
  expect(await send()).toMatchObject({ delivered: 0, retrying: 1 });
  expect(await send()).toMatchObject({ delivered: 0, retrying: 0 });
  later(30_000);
  expect(await send()).toMatchObject({ delivered: 1 });
  expect(await send()).toMatchObject({ delivered: 0 });

  expect(receiver.received).toHaveLength(2);
  expect(new Set(bodies().map((b) => b.id)).size).toBe(1);
  expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
  const log = (await cast.call('GET', `/api/webhooks/${id}/deliveries`, cast.cookies.admin)).json();
  expect(log).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2, last_status_code: 200, last_answer: 'thanks' })]);
});

test('a receiver that does not answer in time is retried, and the event delivered once with the same id', async () => {
  await addWebhook();
  await newTicket('Slow receiver');
  receiver.answers.push('hang');
  expect(await send('test-runner', 300)).toMatchObject({ retrying: 1 });
  later(30_000);
  expect(await send('test-runner', 300)).toMatchObject({ delivered: 1 });
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[0]!.headers['portal-delivery']).toBe(receiver.received[1]!.headers['portal-delivery']);
});

test("a ticket's events reach an endpoint in order: a later one waits while an earlier one is pending", async () => {
  await addWebhook();
  const first = await newTicket('First ticket');
  receiver.answers.push(500);
  expect(await send()).toMatchObject({ retrying: 1 });
  await note(first, 'A note after the creation');
  const second = await newTicket('Second ticket');
  // The note waits for the creation of its ticket; the other ticket goes.
  await send();
  expect(bodies().map((b) => `${b.type}:${(b.data.ticket as { id: number }).id}`)).toEqual([`ticket.created:${first}`, `ticket.created:${second}`]);
  later(30_000);
  await send();
  await send();
  expect(bodies().map((b) => `${b.type}:${(b.data.ticket as { id: number }).id}`)).toEqual([
    `ticket.created:${first}`, `ticket.created:${second}`, `ticket.created:${first}`, `ticket.note_added:${first}`,
  ]);
});

test('a status change, a field change and logged time are events of their own, with what changed', async () => {
  await addWebhook({ events: ['ticket.status_changed', 'ticket.updated', 'time.logged'] });
  const ticket = await newTicket('Changing');
  expect((await cast.call('PUT', `/api/ticket/${ticket}`, cast.cookies.admin, { status_id: 3, title: 'Changed' })).statusCode).toBe(200);
  expect((await cast.call('POST', '/api/time', cast.cookies.admin, { ticket_id: ticket, contact_id: cast.ids.agent, time: 5, description: 'Work' })).statusCode).toBe(201);
  await send();
  const got = bodies();
  expect(got.map((b) => b.type)).toEqual(['ticket.status_changed', 'ticket.updated', 'time.logged']);
  expect(got[0]!.data).toMatchObject({ ticket: { id: ticket, status_id: 3, title: 'Changed' }, status: { to: 3 } });
  expect(got[1]!.data).toMatchObject({ changes: { title: 'Changed' } });
  expect(got[2]!.data).toMatchObject({ ticket: { id: ticket }, time_entry: { units: 5, description: 'Work' } });
});

test('an internal note goes to staff-only endpoints only', async () => {
  const open = await addWebhook({ url: receiver.url('/open'), events: ['ticket.note_added'] });
  const staff = await addWebhook({ url: receiver.url('/staff'), events: ['ticket.note_added'], staff_only: true });
  expect(open.id).not.toBe(staff.id);
  const ticket = await newTicket('Notes');
  expect((await note(ticket, 'The client is nice', true)).statusCode).toBe(201);
  expect((await note(ticket, 'We are on it')).statusCode).toBe(201);
  await send();
  const seen = receiver.received.map((r) => `${r.path} ${(JSON.parse(r.body).data.note as { text: string }).text}`).sort();
  expect(seen).toEqual(['/open We are on it', '/staff The client is nice', '/staff We are on it']);
});

test('only urgent tickets and one company when the endpoint asks; Slack speaks a readable line', async () => {
  await addWebhook({ events: ['ticket.created'], urgent_only: true, format: 'slack', company_id: cast.ids.acme });
  await newTicket('Not urgent');
  const urgent = await newTicket('Site down', PRIORITY.urgent);
  await send();
  expect(receiver.received).toHaveLength(1);
  const message = JSON.parse(receiver.received[0]!.body);
  expect(message.text).toMatch(new RegExp(`^Urgent ticket #${urgent} 'Site down' by .+ \\(Acme, LLC\\): https://portal\\.example/clients/${cast.ids.acme}/tickets/${urgent}$`));
});

test('an endpoint failing for 24 hours is disabled, and its creator and the admins are told', async () => {
  const { id } = await addWebhook({ events: ['ticket.created'] });
  await newTicket('Nobody listens');
  for (let hour = 0; hour <= 25; hour++) {
    receiver.answers.push(503, 503, 503, 503);
    await send();
    later(60 * 60_000);
  }
  const row = await cast.t.app.repos.webhooks.find(id);
  expect(row).toMatchObject({ active: 0, disabled_reason: 'Disabled: its deliveries failed for 24 hours.' });
  const bell = await cast.t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', cast.ids.admin).where('note', 'like', 'A webhook was disabled%').execute();
  expect(bell).toHaveLength(1);
  const mail = await cast.t.app.db.selectFrom('mail_outbox').select('to_address').where('subject', '=', 'A webhook was disabled').execute();
  expect(mail.map((m) => m.to_address)).toContain('admin@demo.test');
  // Disabled: nothing more is sent (a day later, the admin signs in again).
  const before = receiver.received.length;
  await newTicket('Still nobody', PRIORITY.medium, await cast.t.login('admin@demo.test'));
  await send();
  expect(receiver.received.length).toBe(before);
});

test('two runners fanning out and sending at once deliver each event once', async () => {
  await addWebhook({ events: ['ticket.created'] });
  await addWebhook({ url: receiver.url('/second'), events: ['ticket.created'] });
  for (let i = 0; i < 6; i++) await newTicket(`Parallel ${i}`);
  await Promise.all([send('runner-a'), send('runner-b')]);
  expect(receiver.received).toHaveLength(12);
  const pairs = receiver.received.map((r) => `${r.path} ${r.headers['portal-delivery']}`);
  expect(new Set(pairs).size).toBe(12);
});

test("the job runner's pump: a receiver that does not answer holds one slot, and the other endpoints are delivered meanwhile", async () => {
  await addWebhook({ url: receiver.url('/slow'), events: ['ticket.created'] });
  await addWebhook({ url: receiver.url('/fast'), events: ['ticket.created'] });
  receiver.answers.push('hang');
  const pump = createWebhookPump(serviceContext(cast.t.app), { owner: 'pump', maxInFlight: 4, timeoutMs: 3000 });
  for (let i = 0; i < 3; i++) await newTicket(`Pumped ${i}`);
  const started = Date.now();
  await pump.kick(true);
  // The hanging request is the first one sent; every other delivery goes while it waits (its ticket's are in order).
  const fast = () => receiver.received.filter((r) => r.path === '/fast').length;
  while (fast() < 3 && Date.now() - started < 2500) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fast()).toBe(3);
  expect(Date.now() - started).toBeLessThan(2500);
  expect(pump.inFlight).toBeGreaterThan(0);
  await pump.stop();
});

describe('the address guard', () => {
  const none = async () => [];
  it('refuses loopback, link-local, private and their IPv6 forms', async () => {
    for (const url of ['http://127.0.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://100.64.0.1/', 'http://[fd00::1]/']) {
      await expect(checkedAddress(new URL(url), [], none)).rejects.toBeInstanceOf(RefusedAddressError);
    }
  });
  it('refuses a name that resolves to a private address, if any of its addresses is one', async () => {
    const resolve = async () => [{ address: '93.184.215.14', family: 4 as const }, { address: '10.0.0.7', family: 4 as const }];
    await expect(checkedAddress(new URL('https://hooks.example.com/x'), [], resolve)).rejects.toBeInstanceOf(RefusedAddressError);
  });
  it('passes a public address and an allowed private host, answering the address it checked', async () => {
    const resolve = async () => [{ address: '10.0.0.7', family: 4 as const }];
    expect(await checkedAddress(new URL('https://hooks.internal.test/x'), ['*.internal.test'], resolve)).toEqual({ address: '10.0.0.7', family: 4 });
    expect(await checkedAddress(new URL('https://93.184.215.14/x'), [], none)).toEqual({ address: '93.184.215.14', family: 4 });
  });
  it('never sends to a refused address: the delivery log says why', async () => {
    // Saving refuses such a URL outright; the row is changed under it, as a name that resolves elsewhere today would be.
    const { id } = await addWebhook({ events: ['ticket.created'] });
    await cast.t.app.db.updateTable('webhooks').set({ url: 'http://169.254.169.254/latest/meta-data' }).where('id', '=', id).execute();
    await newTicket('Metadata please');
    expect(await send()).toMatchObject({ delivered: 0, retrying: 1 });
    const [delivery] = (await cast.call('GET', `/api/webhooks/${id}/deliveries`, cast.cookies.admin)).json();
    expect(delivery.last_error).toMatch(/private/);
    expect(delivery.last_status_code).toBeNull();
  });
});
