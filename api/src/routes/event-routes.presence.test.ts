import type { FastifyInstance } from 'fastify';
import { aTicket } from '../test-support/factories';
import { linkedTransports } from '../test-support/linked-transports';
import { listeningUrl, openLiveStream, type LiveStreamClient, type SseEvent } from '../test-support/live-stream';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Who is on a ticket now (docs/product/tickets.md#who-is-on-the-ticket), across two API processes linked as cluster
// IPC or NOTIFY link them: a tab's stream on one process, its presence said through the other, told to the tabs on
// either that show the ticket and may read it, as their viewer may see it.

const bus = linkedTransports();
let cast: DemoCast;
let other: FastifyInstance;
let urls: Record<1 | 2, string>;
let acmeTicket: number;
let globexTicket: number;
const opened: LiveStreamClient[] = [];

type Who = 'admin' | 'agent' | 'client' | 'client2';
interface Tab {
  stream: LiveStreamClient;
  id: string;
}
interface PresenceData {
  ticketId: number;
  people: { contactId: number | null; name: string | null; activity: string }[];
}

const appOf = (process: 1 | 2) => (process === 1 ? cast.t.app : other);
const call = (process: 1 | 2, who: Who, url: string, payload: object) =>
  appOf(process).inject({ method: 'POST', url, headers: { cookie: cast.cookies[who] }, payload });

/** A tab of `who` with its stream on `process`, showing the pages of `tickets` (its watch list sent through the other process). */
async function tab(process: 1 | 2, who: Who, tickets: number[]): Promise<Tab> {
  const stream = await openLiveStream(urls[process], cast.cookies[who]);
  opened.push(stream);
  const ready = await stream.next((event) => event.event === 'ready');
  const { stream: id } = JSON.parse(ready.data) as { stream: string };
  const keys = tickets.map((ticket) => `/ticket/${ticket}`).sort();
  expect((await call(process === 1 ? 2 : 1, who, '/api/events/watch', { stream: id, seq: 1, keys })).statusCode).toBe(200);
  return { stream, id };
}
const say = (process: 1 | 2, who: Who, on: Tab, ticketId: number, activity: string | null) =>
  call(process, who, '/api/events/presence', { stream: on.id, ticket_id: ticketId, activity });
const presenceOf = (event: SseEvent) => (event.event === 'presence' ? (JSON.parse(event.data) as PresenceData) : null);
const told = (ticketId: number, people: PresenceData['people']) => (event: SseEvent) => {
  const data = presenceOf(event);
  return data !== null && data.ticketId === ticketId && JSON.stringify(data.people) === JSON.stringify(people);
};
const presenceEvents = (tab: Tab, ticketId: number) => tab.stream.events.map(presenceOf).filter((data) => data?.ticketId === ticketId);

beforeAll(async () => {
  cast = await openDemoCast({ eventTransport: bus.peer(), liveHeartbeatMs: 60_000 });
  other = await cast.t.openAnother({ eventTransport: bus.peer(), liveHeartbeatMs: 60_000 });
  urls = { 1: await listeningUrl(cast.t.app), 2: await listeningUrl(other) };
  acmeTicket = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Presence Acme ticket' });
  globexTicket = await aTicket(cast.t.app, { company_id: await cast.t.companyId('Globex Corporation'), title: 'Presence Globex ticket' });
});

afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

afterAll(async () => {
  await other.close();
  await cast.t.close();
});

test("the agent on one process sees the client viewing from the other; the client sees only that an agent types a reply, never an internal note", async () => {
  const clientName = await cast.t.app.repos.contacts.fullName(cast.ids.client);
  const agent = await tab(1, 'agent', [acmeTicket]);
  const client = await tab(2, 'client', [acmeTicket]);
  // Globex's client names the Acme ticket in its watch list: it is never told who is on it.
  const stranger = await tab(2, 'client2', [acmeTicket, globexTicket]);

  expect((await say(1, 'client', client, acmeTicket, 'viewing')).json()).toEqual({ ok: true });
  await agent.stream.next(told(acmeTicket, [{ contactId: cast.ids.client, name: clientName, activity: 'viewing' }]));

  expect((await say(2, 'agent', agent, acmeTicket, 'viewing')).statusCode).toBe(200);
  expect((await say(2, 'agent', agent, acmeTicket, 'noting')).statusCode).toBe(200);
  expect((await say(1, 'agent', agent, acmeTicket, 'replying')).statusCode).toBe(200);
  await client.stream.next(told(acmeTicket, [{ contactId: null, name: null, activity: 'replying' }]));
  // The agent's viewing and internal note came first, in order: the client was told nothing of them.
  expect(presenceEvents(client, acmeTicket)).toEqual([{ ticketId: acmeTicket, people: [{ contactId: null, name: null, activity: 'replying' }] }]);
  // Nobody is told of themselves: the agent heard the client only.
  expect(presenceEvents(agent, acmeTicket).flatMap((data) => data!.people.map((person) => person.contactId))).not.toContain(cast.ids.agent);

  // Told in order: once the Globex ticket's news reached Globex's client, the Acme ticket's would have too.
  const globexAgent = await tab(1, 'admin', [globexTicket]);
  expect((await say(1, 'admin', globexAgent, globexTicket, 'replying')).statusCode).toBe(200);
  await stranger.stream.next(told(globexTicket, [{ contactId: null, name: null, activity: 'replying' }]));
  expect(presenceEvents(stranger, acmeTicket)).toEqual([]);
});

test('a closed tab, or one that says it left, is gone from the others at once, whichever process held it', async () => {
  const agent = await tab(1, 'agent', [acmeTicket]);
  const admin = await tab(2, 'admin', [acmeTicket]);
  const client = await tab(2, 'client', [acmeTicket]);
  expect((await say(1, 'admin', admin, acmeTicket, 'viewing')).statusCode).toBe(200);
  expect((await say(2, 'client', client, acmeTicket, 'replying')).statusCode).toBe(200);
  await agent.stream.next((event) => presenceOf(event)?.people.length === 2);
  // The client's stream closes on its process: the others hear it left, not after the 30 s every presence lives.

  client.stream.close();
  const adminName = await cast.t.app.repos.contacts.fullName(cast.ids.admin);
  await agent.stream.next(told(acmeTicket, [{ contactId: cast.ids.admin, name: adminName, activity: 'viewing' }]));
  expect((await say(1, 'admin', admin, acmeTicket, null)).statusCode).toBe(200);
  await agent.stream.next(told(acmeTicket, []));
});

test('a tab says it is on a ticket only it may read, and writes an internal note only as staff', async () => {
  const client = await tab(1, 'client', [acmeTicket]);
  const stranger = await tab(1, 'client2', [acmeTicket]);
  expect((await say(2, 'client2', stranger, acmeTicket, 'viewing')).statusCode).toBe(403);
  expect((await say(2, 'client', client, acmeTicket, 'noting')).statusCode).toBe(403);
  expect((await say(2, 'client', client, 999_999, 'viewing')).statusCode).toBe(404);
  const anonymous = await other.inject({ method: 'POST', url: '/api/events/presence', payload: { stream: client.id, ticket_id: acmeTicket, activity: 'viewing' } });
  expect(anonymous.statusCode).toBe(401);
  expect((await call(2, 'client', '/api/events/presence', { stream: client.id, ticket_id: acmeTicket, activity: 'dancing' })).statusCode).toBe(400);
});
