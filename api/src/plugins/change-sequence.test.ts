import type { FastifyInstance } from 'fastify';
import { linkedTransports } from '../test-support/linked-transports';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { CHANGE_WAIT_MS } from './change-sequence';

// Read your writes on one database through two processes (docs/decisions/0017-read-your-writes-by-change-sequence.md):
// the second process hears the first one's changes late (held), as under load. What it answers from memory must
// never be older than the change number its caller names, or than the counter when the caller names none.

const bus = linkedTransports();
const first = bus.peer();
const second = bus.peer();
let cast: DemoCast;
let other: FastifyInstance;
let ticketId = 0;

beforeAll(async () => {
  cast = await openDemoCast({ eventTransport: first });
  other = await cast.t.openAnother({ eventTransport: second });
  ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
});
afterAll(async () => {
  await other.close();
  await cast.t.close();
});
afterEach(() => second.release());

const read = (seq?: string) => other.inject({
  method: 'GET', url: `/api/ticket/${ticketId}`, headers: { cookie: cast.cookies.client, ...(seq ? { 'x-portal-seq': seq } : {}) },
});
const rename = (title: string) => cast.call('PUT', `/api/ticket/${ticketId}`, cast.cookies.agent, { title });

test('a write answers with its change number; every answer carries one', async () => {
  const before = await read();
  const written = await rename('Numbered');
  expect(written.statusCode).toBe(200);
  expect(Number(written.headers['x-portal-seq'])).toBeGreaterThan(Number(before.headers['x-portal-seq']));
});

test('a process that has not heard the change a caller names answers from the database, not from memory', async () => {
  expect((await read()).json()).toMatchObject({ title: 'Numbered' });
  // Held in memory on the second process now; the first one's next change reaches it late.
  second.hold();
  const written = await rename('Renamed elsewhere');
  const started = Date.now();
  const answer = await read(String(written.headers['x-portal-seq']));
  expect(Date.now() - started).toBeGreaterThanOrEqual(CHANGE_WAIT_MS - 5);
  expect(answer.json()).toMatchObject({ title: 'Renamed elsewhere' });
  expect(Number(answer.headers['x-portal-seq'])).toBeGreaterThanOrEqual(Number(written.headers['x-portal-seq']));
  expect(await other.metrics.scrape()).toMatch(/portal_change_seq_requests_total\{outcome="behind"\} [1-9]/);
});

test('a caller naming no number is answered at the counter: the change is not missed either', async () => {
  expect((await read()).json()).toMatchObject({ title: 'Renamed elsewhere' });
  second.hold();
  await rename('Renamed without a number');
  expect((await read()).json()).toMatchObject({ title: 'Renamed without a number' });
});

test('a change that arrives within the wait is waited for, and memory answers after it', async () => {
  expect((await read()).json()).toMatchObject({ title: 'Renamed without a number' });
  second.hold();
  const written = await rename('Heard in time');
  setTimeout(() => second.release(), 5);
  const answer = await read(String(written.headers['x-portal-seq']));
  expect(answer.json()).toMatchObject({ title: 'Heard in time' });
  expect(await other.metrics.scrape()).toMatch(/portal_change_seq_requests_total\{outcome="waited"\} [1-9]/);
});

test("the safety net's check vouches for nothing while this process is behind the caller", async () => {
  const held = await read();
  const etag = String(held.headers.etag);
  const check = (seq?: string) => other.inject({
    method: 'POST', url: '/api/events/check',
    headers: { cookie: cast.cookies.client, origin: cast.t.app.config.publicUrl, ...(seq ? { 'x-portal-seq': seq } : {}) },
    payload: { keys: [{ key: `/ticket/${ticketId}`, etag }] },
  });
  expect((await check(String(held.headers['x-portal-seq']))).json()).toEqual({ stale: [] });
  second.hold();
  const written = await rename('Checked late');
  expect((await check(String(written.headers['x-portal-seq']))).json()).toEqual({ stale: [`/ticket/${ticketId}`] });
});
