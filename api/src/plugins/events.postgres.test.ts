import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { isPostgresUrl } from '../db/connect';
import { listeningUrl, openLiveStream, type SseEvent } from '../test-support/live-stream';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Several API processes or machines on one PostgreSQL database (docs/architecture.md#scale): a change written
// through one instance reaches the streams opened on another, through LISTEN/NOTIFY. PostgreSQL only (CI runs
// the suite on it too).

const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;

postgresOnly('live events over PostgreSQL LISTEN/NOTIFY', () => {
  let cast: DemoCast;
  let other: FastifyInstance;
  let ticketId: number;

  const stale = (key: string) => (event: SseEvent) => event.event === 'stale' && (JSON.parse(event.data) as { keys: string[] }).keys.includes(key);

  beforeAll(async () => {
    cast = await openDemoCast({ liveHeartbeatMs: 1000 });
    other = await cast.t.openAnother({ liveHeartbeatMs: 1000 });
    ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
  });

  afterAll(async () => {
    await other.close();
    await cast.t.close();
  });

  test('a note written through one instance reaches a stream on the other, and the writer\'s own streams once', async () => {
    expect(cast.t.app.events.transport).toBe('postgres');
    const there = await openLiveStream(await listeningUrl(other), cast.cookies.client);
    const here = await openLiveStream(await listeningUrl(cast.t.app), cast.cookies.agent);
    try {
      await Promise.all([there, here].map((stream) => stream.next((event) => event.event === 'ready')));
      const key = `/ticket/${ticketId}/activity`;
      expect((await cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'Across instances' })).statusCode).toBe(201);
      await there.next(stale(key));
      await here.next(stale(key));

      // Delivered from the notification only: a later change arrives after it, and the note came once.
      expect((await cast.call('POST', `/api/ticket/${ticketId}/tasks`, cast.cookies.agent, { instruction: 'Fence' })).statusCode).toBe(201);
      await here.next(stale(`/ticket/${ticketId}/tasks`));
      expect(here.events.filter(stale(key))).toHaveLength(1);
    } finally {
      there.close();
      here.close();
    }
  });

  test('a watch list sent through one instance applies to the stream held by the other', async () => {
    const stream = await openLiveStream(await listeningUrl(other), cast.cookies.agent);
    try {
      const ready = await stream.next((event) => event.event === 'ready');
      const { stream: id } = JSON.parse(ready.data) as { stream: string };
      const tasks = `/ticket/${ticketId}/tasks`;
      expect((await cast.call('POST', '/api/events/watch', cast.cookies.agent, { stream: id, seq: 1, keys: [tasks] })).statusCode).toBe(200);
      // The list travels by NOTIFY like a change, sent after the answer: give it a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = stream.events.length;
      expect((await cast.call('POST', '/api/activity', cast.cookies.admin, { ticket_id: ticketId, note: 'Not on the tab' })).statusCode).toBe(201);
      expect((await cast.call('POST', `/api/ticket/${ticketId}/tasks`, cast.cookies.admin, { instruction: 'On the tab' })).statusCode).toBe(201);
      await stream.next(stale(tasks));
      expect(stream.events.slice(before).filter((event) => event.event === 'stale').map((event) => JSON.parse(event.data) as { keys: string[] }))
        .toEqual([{ keys: [tasks], seq: expect.any(Number) }]);
    } finally {
      stream.close();
    }
  });

  test('a client linked to a company through one instance: its stream on the other re-reads its companies at once', async () => {
    const client2 = await cast.t.contactId('client2@demo.test');
    const stream = await openLiveStream(await listeningUrl(other), cast.cookies.client2);
    const readies = () => stream.events.filter((event) => event.event === 'ready').length;
    try {
      await stream.next(() => readies() === 1);
      const added = await cast.call('POST', `/api/company/${cast.ids.acme}/contacts`, cast.cookies.admin, { contact_id: client2, title: 'Guest' });
      expect(added.statusCode).toBe(201);
      await stream.next(() => readies() === 2, 5000);
      expect((await cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'For the new member' })).statusCode).toBe(201);
      await stream.next(stale(`/ticket/${ticketId}/activity`), 5000);
    } finally {
      stream.close();
      await cast.call('DELETE', `/api/company/${cast.ids.acme}/contacts/${client2}`, cast.cookies.admin);
    }
  });

  test('a dropped listener connection reconnects, tells its streams to catch up, and hears changes again', async () => {
    const stream = await openLiveStream(await listeningUrl(other), cast.cookies.client);
    try {
      await stream.next((event) => event.event === 'ready');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        // The test schema's listeners (both instances'), found by their LISTEN on the schema's channel.
        const { schema } = await cast.t.app.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema')).executeTakeFirstOrThrow();
        const killed = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-events' and query like $1",
          [`%portal_events_${schema}%`],
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      } finally {
        await admin.end();
      }
      await stream.next(() => stream.events.filter((event) => event.event === 'ready').length >= 2, 5000);
      const key = `/ticket/${ticketId}/attachments`;
      cast.t.app.events.publish({ kind: 'attachments', ticketId, companyId: cast.ids.acme });
      await stream.next(stale(key), 5000);
    } finally {
      stream.close();
    }
  });
});
