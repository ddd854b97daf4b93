import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { listeningUrl, openLiveStream, staleKeys, type LiveStreamClient, type SseEvent } from '../test-support/live-stream';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Every write is live (docs/architecture.md#a-live-update): options, templates, message sends and
// invoices reach the open streams of those who read them, and nobody else's; a contact linked to or
// unlinked from a company has its open stream moved at once. The heartbeat is a minute long here, so
// nothing in this file can come from the stream's periodic session check.

const NOW = new Date('2030-05-15T12:00:00.000Z');

let cast: DemoCast;
let baseUrl: string;
let globex: number;
let client2: number;
let acmeTicket: number;
let globexTicket: number;
const opened: LiveStreamClient[] = [];

const stale = (key: string) => (event: SseEvent) => event.event === 'stale' && (JSON.parse(event.data) as { keys: string[] }).keys.includes(key);
const readies = (stream: LiveStreamClient) => stream.events.filter((event) => event.event === 'ready').length;
const open = async (cookie: string) => {
  const stream = await openLiveStream(baseUrl, cookie);
  opened.push(stream);
  await stream.next((event) => event.event === 'ready');
  return stream;
};
const note = (ticketId: number, text = 'Live note') => cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: text });
/**
 * A note on `ticketId`, waited for on `streams` (each may read it): events reach a stream in order, so
 * anything published before it that was meant for them would be there by then.
 */
const fence = async (ticketId: number, ...streams: LiveStreamClient[]) => {
  const before = streams.map((stream) => stream.events.length);
  expect((await note(ticketId, 'Fence')).statusCode).toBe(201);
  await Promise.all(streams.map((stream, i) => stream.next((event) => stream.events.indexOf(event) >= before[i]! && stale(`/ticket/${ticketId}/activity`)(event))));
};

beforeAll(async () => {
  cast = await openDemoCast({ liveHeartbeatMs: 60_000, clock: () => NOW });
  baseUrl = await listeningUrl(cast.t.app);
  globex = await cast.t.companyId('Globex Corporation');
  client2 = await cast.t.contactId('client2@demo.test');
  acmeTicket = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Live writes Acme' });
  globexTicket = await aTicket(cast.t.app, { company_id: globex, title: 'Live writes Globex' });
});

afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

afterAll(async () => {
  await cast.t.close();
});

test('a saved default list reaches every open screen that reads it; its usage only the admins', async () => {
  const [admin, agent, client] = await Promise.all([open(cast.cookies.admin), open(cast.cookies.agent), open(cast.cookies.client)]);
  const current = (await cast.call('GET', '/api/options/priority-defaults', cast.cookies.admin)).json() as { option_value: unknown };
  const saved = await cast.call('POST', '/api/options', cast.cookies.admin, { option_name: 'priority-defaults', option_value: current.option_value });
  expect(saved.statusCode).toBe(200);
  await Promise.all([admin, agent, client].map((stream) => stream.next(stale('/options/priority-defaults'))));
  expect(staleKeys(admin)).toContain('/options/priority-defaults/usage');
  expect(staleKeys(agent)).not.toContain('/options/priority-defaults/usage');
  expect(staleKeys(client)).not.toContain('/options/priority-defaults/usage');
});

test('a saved template and a queued send reach the admins only', async () => {
  const [admin, agent, client] = await Promise.all([open(cast.cookies.admin), open(cast.cookies.agent), open(cast.cookies.client)]);
  const template = await cast.call('POST', '/api/sendmail/templates/Live%20news', cast.cookies.admin, { name: 'Live news', subject: 'News', message: 'Hello' });
  expect(template.statusCode).toBe(200);
  await admin.next(stale('/sendmail/templates'));

  const sent = await cast.call('POST', '/api/sendmail', cast.cookies.admin, {
    subject: 'Live send', message: 'Hi {{contactFirst}}', kind: 'contacts', recipients: [{ contact_id: cast.ids.client }],
  });
  expect(sent.statusCode).toBe(202);
  const { message_id: messageId } = sent.json() as { message_id: number };
  const seen = await admin.next(stale('/sendmail'));
  expect(JSON.parse(seen.data).keys).toContain(`/sendmail/${messageId}`);

  await fence(acmeTicket, agent, client);
  for (const stream of [agent, client]) expect(staleKeys(stream).filter((key) => key.startsWith('/sendmail'))).toEqual([]);
});

test("an issued invoice and its payment reach the admins' month and the company's primary contacts, nobody else", async () => {
  await aTimeEntry(cast.t.app, { ticket_id: acmeTicket, company_id: cast.ids.acme, contact_id: cast.ids.agent, time: 4, date: '2030-04-10T10:00:00.000Z' });
  const dana = await cast.t.login('dana@acme.test');
  const [admin, agent, client, nonPrimary, other] = await Promise.all([
    open(cast.cookies.admin), open(cast.cookies.agent), open(cast.cookies.client), open(dana), open(cast.cookies.client2),
  ]);
  const issued = await cast.call('POST', `/api/company/${cast.ids.acme}/invoices`, cast.cookies.admin, { offset: 1, time_zone: 'UTC' });
  expect(issued.statusCode).toBe(201);
  const { invoice_id: invoiceId } = issued.json() as { invoice_id: number };
  const list = `/company/${cast.ids.acme}/invoices`;
  const seen = await admin.next(stale('/company/-1/invoiceitems/1'));
  expect(JSON.parse(seen.data).keys).toEqual(expect.arrayContaining([`/company/${cast.ids.acme}/invoiceitems/1`, list, `${list}/${invoiceId}`]));
  await client.next(stale(list));

  expect((await cast.call('PUT', `/api/company/${cast.ids.acme}/invoices/${invoiceId}`, cast.cookies.admin, { status: 'paid' })).statusCode).toBe(200);
  await client.next(() => client.events.filter(stale(`${list}/${invoiceId}`)).length >= 2);

  await fence(globexTicket, agent, other);
  await fence(acmeTicket, nonPrimary);
  for (const stream of [agent, nonPrimary, other]) {
    expect(staleKeys(stream).filter((key) => key.includes('/invoice'))).toEqual([]);
  }
});

test('a client added to a company hears of it with the change itself, and stops hearing of it once removed', async () => {
  const stream = await open(cast.cookies.client2);
  expect(readies(stream)).toBe(1);

  const added = await cast.call('POST', `/api/company/${cast.ids.acme}/contacts`, cast.cookies.admin, { contact_id: client2, title: 'Guest' });
  expect(added.statusCode).toBe(201);
  // The stream re-read its company links and told the tab to catch up on everything it shows.
  await stream.next(() => readies(stream) === 2);
  expect((await note(acmeTicket, 'For the new member')).statusCode).toBe(201);
  await stream.next(stale(`/ticket/${acmeTicket}/activity`));

  const removed = await cast.call('DELETE', `/api/company/${cast.ids.acme}/contacts/${client2}`, cast.cookies.admin);
  expect(removed.statusCode).toBe(200);
  await stream.next(() => readies(stream) === 3);
  const before = stream.events.length;
  expect((await note(acmeTicket, 'Not for the old member')).statusCode).toBe(201);
  await fence(globexTicket, stream);
  expect(stream.events.slice(before).filter(stale(`/ticket/${acmeTicket}/activity`))).toEqual([]);
});

test("a membership change moves only that contact's streams", async () => {
  const [client, admin] = await Promise.all([open(cast.cookies.client), open(cast.cookies.admin)]);
  const added = await cast.call('POST', `/api/company/${globex}/contacts`, cast.cookies.admin, { contact_id: cast.ids.client, title: 'Advisor' });
  expect(added.statusCode).toBe(201);
  try {
    await client.next(() => readies(client) === 2);
    await admin.next(stale(`/company/${globex}/contacts`));
    expect(readies(admin)).toBe(1);
    await fence(globexTicket, client, admin);
  } finally {
    expect((await cast.call('DELETE', `/api/company/${globex}/contacts/${cast.ids.client}`, cast.cookies.admin)).statusCode).toBe(200);
  }
});
