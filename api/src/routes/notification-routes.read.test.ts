import type { Notification } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { linkedTransports } from '../test-support/linked-transports';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Read and unread (docs/product/notifications-and-mail.md#bell-panel): a notification is unread until its owner opens
// it or marks all as read; the bell's badge counts the unread ones. The list is polled and answered from memory, so
// marking read must reach the next poll on this process and on another one (docs/architecture.md#answers-from-memory).

const bus = linkedTransports();
let cast: DemoCast;
/** Another API process on the same database, linked to the first as cluster IPC or NOTIFY would link them. */
let other: FastifyInstance;

beforeAll(async () => {
  cast = await openDemoCast({ eventTransport: bus.peer() });
  other = await cast.t.openAnother({ eventTransport: bus.peer() });
});

afterAll(async () => {
  await other.close();
  await cast.t.close();
});

type Who = 'admin' | 'agent' | 'client' | 'client2';

const on = (app: FastifyInstance, method: 'GET' | 'PUT' | 'POST', url: string, who: Who, payload?: object) =>
  app.inject({ method, url, headers: { cookie: cast.cookies[who] }, ...(payload ? { payload } : {}) });
const listOf = async (app: FastifyInstance, contactId: number, who: Who = 'client') =>
  (await on(app, 'GET', `/api/contact/${contactId}/notifications`, who)).json<Notification[]>();
const notify = async (contactId: number, note: string): Promise<Notification> =>
  (await on(cast.t.app, 'POST', '/api/notifications', 'agent', { contact_id: contactId, note })).json<Notification>();
const unread = (list: Notification[]) => list.filter((n) => n.date_read === null);

test('a new notification is unread; its owner opening it marks it read once, and the next poll on either process shows it', async () => {
  const { client } = cast.ids;
  const created = await notify(client, 'Read me');
  expect(created.date_read).toBeNull();
  // Both processes keep the list in memory.
  for (const app of [cast.t.app, other]) expect((await listOf(app, client)).find((n) => n.notification_id === created.notification_id)?.date_read).toBeNull();

  const read = await on(cast.t.app, 'PUT', `/api/notifications/${created.notification_id}/read`, 'client');
  expect(read.statusCode).toBe(200);
  const answer = read.json<Notification>();
  expect(answer).toEqual({ ...created, date_read: expect.any(String) });
  expect(new Date(answer.date_read!).toISOString()).toBe(answer.date_read);

  for (const app of [cast.t.app, other]) {
    expect((await listOf(app, client)).find((n) => n.notification_id === created.notification_id)?.date_read).toBe(answer.date_read);
  }
  const again = await on(other, 'PUT', `/api/notifications/${created.notification_id}/read`, 'client');
  expect(again.json<Notification>().date_read).toBe(answer.date_read);
});

test('only the owner marks one read: an admin reading the list leaves the bell as it was', async () => {
  const { client } = cast.ids;
  const created = await notify(client, 'Not yours to read');
  for (const who of ['admin', 'agent', 'client2'] as const) {
    const res = await on(cast.t.app, 'PUT', `/api/notifications/${created.notification_id}/read`, who);
    expect(res.statusCode).toBe(403);
    expect((await on(cast.t.app, 'PUT', `/api/contact/${client}/notifications/read`, who)).statusCode).toBe(403);
  }
  expect((await on(cast.t.app, 'PUT', '/api/notifications/999999/read', 'client')).statusCode).toBe(404);
  expect((await listOf(cast.t.app, client, 'admin')).find((n) => n.notification_id === created.notification_id)?.date_read).toBeNull();
});

test("mark all as read reads every unread one of that contact only, seen at once by the other process's next poll", async () => {
  const { client, agent } = cast.ids;
  await notify(client, 'One more');
  await notify(agent, "The agent's own");
  const agentUnread = unread(await listOf(cast.t.app, agent, 'agent')).length;
  expect(agentUnread).toBeGreaterThan(0);
  const before = unread(await listOf(other, client));
  expect(before.length).toBeGreaterThan(0);

  const all = await on(cast.t.app, 'PUT', `/api/contact/${client}/notifications/read`, 'client');
  expect(all.statusCode).toBe(200);
  expect(all.json()).toEqual({ read: before.length });

  expect(unread(await listOf(other, client))).toEqual([]);
  expect(unread(await listOf(cast.t.app, client))).toEqual([]);
  expect(unread(await listOf(other, agent, 'agent'))).toHaveLength(agentUnread);
  expect((await on(other, 'PUT', `/api/contact/${client}/notifications/read`, 'client')).json()).toEqual({ read: 0 });
});
