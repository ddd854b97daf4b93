import { aTicket } from '../test-support/factories';
import { listeningUrl, openLiveStream, staleKeys, type LiveStreamClient, type SseEvent } from '../test-support/live-stream';
import { createTestApp, openDemoCast, type DemoCast } from '../test-support/test-app';

// GET /api/events over real HTTP (the stream never ends, so app.inject cannot read it): what each
// viewer is told, and that nobody is told what they may not read (docs/architecture.md#a-live-update).

const HEARTBEAT_MS = 40;

let cast: DemoCast;
let baseUrl: string;
let acmeTicket: number;
let globexTicket: number;
let globex: number;
const opened: LiveStreamClient[] = [];

const stale = (key: string) => (event: SseEvent) => event.event === 'stale' && (JSON.parse(event.data) as { keys: string[] }).keys.includes(key);
const open = async (cookie: string) => {
  const stream = await openLiveStream(baseUrl, cookie);
  opened.push(stream);
  await stream.next((event) => event.event === 'ready');
  return stream;
};
const note = (cookie: string, ticketId: number, text = 'Live note') => cast.call('POST', '/api/activity', cookie, { ticket_id: ticketId, note: text });

beforeAll(async () => {
  cast = await openDemoCast({ liveHeartbeatMs: HEARTBEAT_MS });
  baseUrl = await listeningUrl(cast.t.app);
  globex = await cast.t.companyId('Globex Corporation');
  acmeTicket = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Live Acme ticket' });
  globexTicket = await aTicket(cast.t.app, { company_id: globex, title: 'Live Globex ticket' });
});

afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

afterAll(async () => {
  await cast.t.close();
});

test('a signed-in tab gets an event stream: ready first, then heartbeats, with the headers proxies need', async () => {
  const stream = await openLiveStream(baseUrl, cast.cookies.client);
  opened.push(stream);
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(stream.headers.get('cache-control')).toBe('no-store');
  expect(stream.headers.get('x-accel-buffering')).toBe('no');
  await stream.next((event) => event.event === 'comment' && event.data === ': ping');
  expect(stream.events[0]!.event).toBe('ready');
  expect(JSON.parse(stream.events[0]!.data)).toEqual({ stream: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), seq: expect.any(Number) });
});

test('without a session: 401 and no stream', async () => {
  const res = await fetch(`${baseUrl}/api/events`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ statusCode: 401, error: expect.any(String) });
});

test("a note on an Acme ticket reaches Acme's client, the agent and the admin, never Globex's client", async () => {
  const [client, agent, admin, client2] = await Promise.all([
    open(cast.cookies.client), open(cast.cookies.agent), open(cast.cookies.admin), open(cast.cookies.client2),
  ]);
  const key = `/ticket/${acmeTicket}/activity`;
  expect((await note(cast.cookies.agent, acmeTicket)).statusCode).toBe(201);
  await Promise.all([client, agent, admin].map((stream) => stream.next(stale(key))));

  // Events reach a stream in order: once Globex's own note is there, the Acme one would have been too.
  expect((await note(cast.cookies.agent, globexTicket)).statusCode).toBe(201);
  await client2.next(stale(`/ticket/${globexTicket}/activity`));
  await admin.next(stale(`/ticket/${globexTicket}/activity`));
  expect(staleKeys(client2).filter((k) => k.includes(String(acmeTicket)) || k.includes(`/company/${cast.ids.acme}`))).toEqual([]);
  expect(staleKeys(client)).not.toContain(`/ticket/${globexTicket}/activity`);
});

test("a ticket change names its page, its company's list and, to staff only, the staff and agent lists", async () => {
  const [client, agent, client2] = await Promise.all([open(cast.cookies.client), open(cast.cookies.agent), open(cast.cookies.client2)]);
  const res = await cast.call('PUT', `/api/ticket/${acmeTicket}`, cast.cookies.admin, { assignee_id: cast.ids.agent });
  expect(res.statusCode).toBe(200);
  const seen = await agent.next(stale(`/ticket/${acmeTicket}`));
  expect(JSON.parse(seen.data).keys).toEqual(expect.arrayContaining([`/company/${cast.ids.acme}/tickets`, '/staff/tickets', `/contact/${cast.ids.agent}/tickets`]));
  // The agent was told of the assignment: its bell, and nobody else's.
  await agent.next(stale(`/contact/${cast.ids.agent}/notifications`));
  const clientSeen = await client.next(stale(`/ticket/${acmeTicket}`));
  expect(JSON.parse(clientSeen.data).keys.filter((k: string) => k.includes('staff') || k.startsWith('/contact/'))).toEqual([]);

  expect((await note(cast.cookies.agent, globexTicket)).statusCode).toBe(201);
  await client2.next(stale(`/ticket/${globexTicket}/activity`));
  expect(staleKeys(client2).some((k) => k.includes(String(acmeTicket)))).toBe(false);
});

test('a notification reaches only its contact', async () => {
  const [client, admin, client2] = await Promise.all([open(cast.cookies.client), open(cast.cookies.admin), open(cast.cookies.client2)]);
  const key = `/contact/${cast.ids.client}/notifications`;
  const created = await cast.call('POST', '/api/notifications', cast.cookies.admin, { contact_id: cast.ids.client, note: 'Live hello' });
  expect(created.statusCode).toBe(201);
  await client.next(stale(key));
  expect((await cast.call('DELETE', `/api/notifications/${created.json().notification_id}`, cast.cookies.client)).statusCode).toBe(200);
  await client.next(() => client.events.filter(stale(key)).length >= 2);

  expect((await note(cast.cookies.agent, globexTicket)).statusCode).toBe(201);
  await Promise.all([admin, client2].map((stream) => stream.next(stale(`/ticket/${globexTicket}/activity`))));
  expect(staleKeys(admin)).not.toContain(key);
  expect(staleKeys(client2)).not.toContain(key);
});

test('a new ticket tells the admins (their bell and the staff list) and its company', async () => {
  const [admin, client] = await Promise.all([open(cast.cookies.admin), open(cast.cookies.client)]);
  const res = await cast.call('POST', '/api/ticket', cast.cookies.client, {
    company_id: cast.ids.acme, title: 'Live new ticket', description: 'From the client', type_id: 2, priority_id: 3, estimate_required: 0,
  });
  expect(res.statusCode).toBe(201);
  await admin.next(stale(`/contact/${cast.ids.admin}/notifications`));
  await admin.next(stale('/staff/tickets'));
  await client.next(stale(`/company/${cast.ids.acme}/tickets`));
});

test("a revoked session's stream ends", async () => {
  const cookie = await cast.t.login('client@demo.test');
  const stream = await open(cookie);
  expect((await cast.call('POST', '/api/auth/logout', cookie)).statusCode).toBe(200);
  await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 3000))])).resolves.toBe('ended');
});

test('a client newly linked to a company hears of it after the next session check', async () => {
  const client2 = await open(cast.cookies.client2);
  const client2Id = await cast.t.contactId('client2@demo.test');
  await cast.t.app.repos.companyContacts.link(cast.t.app.db, { company_id: cast.ids.acme, contact_id: client2Id, title: 'Guest' });
  try {
    // The session (and the company links) are re-read every 4 heartbeats.
    const pings = () => client2.events.filter((event) => event.event === 'comment').length;
    const start = pings();
    await client2.next(() => pings() >= start + 5);
    expect((await note(cast.cookies.agent, acmeTicket)).statusCode).toBe(201);
    await client2.next(stale(`/ticket/${acmeTicket}/activity`));
  } finally {
    await cast.t.app.repos.companyContacts.unlink(cast.t.app.db, cast.ids.acme, client2Id);
  }
});

test('closing the app ends its streams (shutdown never waits on an open tab)', async () => {
  const t = await createTestApp({ liveHeartbeatMs: HEARTBEAT_MS });
  let closed = false;
  try {
    const url = await listeningUrl(t.app);
    const stream = await openLiveStream(url, await t.login('agent@demo.test'));
    await stream.next((event) => event.event === 'ready');
    expect(t.app.events.openStreams).toBe(1);
    await t.close();
    closed = true;
    await stream.ended;
  } finally {
    if (!closed) await t.close();
  }
});

describe('watch lists: a stream is told only the keys its tab shows, once the tab has said which', () => {
  const streamId = (stream: LiveStreamClient) => (JSON.parse(stream.events.find((e) => e.event === 'ready')!.data) as { stream: string }).stream;
  const watch = (cookie: string, stream: string, seq: number, keys: string[] | null) =>
    cast.call('POST', '/api/events/watch', cookie, { stream, seq, keys });
  const activity = (ticketId: number) => `/ticket/${ticketId}/activity`;

  test('after its list, a note on a ticket the tab does not show is not sent; one on a ticket it shows is', async () => {
    const agent = await open(cast.cookies.agent);
    const res = await watch(cast.cookies.agent, streamId(agent), 1, [activity(acmeTicket), `/contact/${cast.ids.agent}/notifications`]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await note(cast.cookies.admin, globexTicket)).statusCode).toBe(201);
    expect((await note(cast.cookies.admin, acmeTicket)).statusCode).toBe(201);
    await agent.next(stale(activity(acmeTicket)));
    // In order: the Globex note came first and would be there by now.
    expect(staleKeys(agent)).not.toContain(activity(globexTicket));
  });

  test('a list that names another contact\'s stream, or is older than the last one applied, changes nothing', async () => {
    const agent = await open(cast.cookies.agent);
    const id = streamId(agent);
    expect((await watch(cast.cookies.admin, id, 1, [activity(acmeTicket)])).statusCode).toBe(200);
    expect((await note(cast.cookies.admin, globexTicket)).statusCode).toBe(201);
    await agent.next(stale(activity(globexTicket)));

    expect((await watch(cast.cookies.agent, id, 5, [activity(acmeTicket)])).statusCode).toBe(200);
    expect((await watch(cast.cookies.agent, id, 4, null)).statusCode).toBe(200);
    const before = staleKeys(agent).length;
    expect((await note(cast.cookies.admin, globexTicket)).statusCode).toBe(201);
    expect((await note(cast.cookies.admin, acmeTicket)).statusCode).toBe(201);
    await agent.next(stale(activity(acmeTicket)));
    expect(staleKeys(agent).slice(before)).toEqual([activity(acmeTicket)]);
  });

  test('a key the tab starts to show is told of a change from the last seconds it was not sent', async () => {
    const agent = await open(cast.cookies.agent);
    const id = streamId(agent);
    expect((await watch(cast.cookies.agent, id, 1, [`/contact/${cast.ids.agent}/notifications`])).statusCode).toBe(200);
    expect((await note(cast.cookies.admin, globexTicket)).statusCode).toBe(201);
    expect((await watch(cast.cookies.agent, id, 2, [`/contact/${cast.ids.agent}/notifications`, activity(globexTicket)])).statusCode).toBe(200);
    await agent.next(stale(activity(globexTicket)));
  });

  test('null watches every key again; a client never sees keys it may not read either way', async () => {
    const client = await open(cast.cookies.client);
    const id = streamId(client);
    expect((await watch(cast.cookies.client, id, 1, [activity(globexTicket)])).statusCode).toBe(200);
    expect((await watch(cast.cookies.client, id, 2, null)).statusCode).toBe(200);
    expect((await note(cast.cookies.agent, globexTicket)).statusCode).toBe(201);
    expect((await note(cast.cookies.agent, acmeTicket)).statusCode).toBe(201);
    await client.next(stale(activity(acmeTicket)));
    expect(staleKeys(client)).not.toContain(activity(globexTicket));
  });

  test('bad lists get 400 and a reason; without a session 401', async () => {
    const agent = await open(cast.cookies.agent);
    const id = streamId(agent);
    const tooMany = Array.from({ length: 101 }, (_, i) => `/ticket/${i}`);
    for (const body of [
      { stream: 'short', seq: 1, keys: [] },
      { stream: id, seq: -1, keys: [] },
      { stream: id, seq: 1, keys: ['no-slash'] },
      { stream: id, seq: 1, keys: tooMany },
      { stream: id, seq: 1, keys: [`/${'x'.repeat(200)}`] },
      { stream: id, seq: 1 },
    ]) {
      const res = await cast.call('POST', '/api/events/watch', cast.cookies.agent, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect((await cast.call('POST', '/api/events/watch', undefined, { stream: id, seq: 1, keys: [] })).statusCode).toBe(401);
  });
});

describe('safety-net checks: one request tells a tab which of its slowly polled keys may have changed', () => {
  const check = (cookie: string | undefined, keys: { key: string; etag: string | null }[]) => cast.call('POST', '/api/events/check', cookie, { keys });
  const read = async (cookie: string, key: string) => {
    const res = await cast.call('GET', `/api${key}`, cookie);
    expect(res.statusCode).toBe(200);
    return String(res.headers.etag);
  };
  const activity = (ticketId: number) => `/ticket/${ticketId}/activity`;

  test('a key whose answer the tab holds is unchanged until a change drops it; then it is named', async () => {
    const etag = await read(cast.cookies.client, activity(acmeTicket));
    const first = await check(cast.cookies.client, [{ key: activity(acmeTicket), etag }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stale: [] });
    expect((await note(cast.cookies.agent, acmeTicket, 'Checked note')).statusCode).toBe(201);
    expect((await check(cast.cookies.client, [{ key: activity(acmeTicket), etag }])).json()).toEqual({ stale: [activity(acmeTicket)] });
    // Read again, the new answer is vouched for. On PostgreSQL the writer hears its own change once more through
    // NOTIFY, which may drop a read made just before it arrives: the tab's next read is then held.
    let vouched: unknown;
    for (let tries = 0; tries < 40; tries += 1) {
      const next = await read(cast.cookies.client, activity(acmeTicket));
      expect(next).not.toBe(etag);
      vouched = (await check(cast.cookies.client, [{ key: activity(acmeTicket), etag: next }])).json();
      if ((vouched as { stale: string[] }).stale.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(vouched).toEqual({ stale: [] });
  });

  test('never vouches across viewers: the same key and ETag from another contact is named', async () => {
    const key = `/ticket/${acmeTicket}/tasks`;
    const etag = await read(cast.cookies.agent, key);
    expect((await check(cast.cookies.agent, [{ key, etag }])).json()).toEqual({ stale: [] });
    // The same bytes may be the admin's answer too, but the admin's own answer was never read: it is read again.
    expect((await check(cast.cookies.admin, [{ key, etag }])).json()).toEqual({ stale: [key] });
    // A client of another company may not read it at all; a check tells it nothing but to read again (and get 403).
    expect((await check(cast.cookies.client2, [{ key, etag }])).json()).toEqual({ stale: [key] });
  });

  test('another ETag, none, another key\'s ETag and a read not kept in memory are all named; a query is part of the key', async () => {
    const etag = await read(cast.cookies.agent, activity(acmeTicket));
    const listed = `/company/${cast.ids.acme}/tickets?page=1`;
    const listEtag = await read(cast.cookies.agent, listed);
    const res = await check(cast.cookies.agent, [
      { key: activity(acmeTicket), etag: '"another"' },
      { key: activity(acmeTicket), etag: null },
      { key: activity(globexTicket), etag },
      { key: '/auth/me', etag },
      { key: listed, etag: listEtag },
      { key: listed, etag },
    ]);
    expect(res.json()).toEqual({ stale: [activity(acmeTicket), activity(acmeTicket), activity(globexTicket), '/auth/me', listed] });
  });

  test('each process vouches only for what it holds: a key another process answered is named, and held once read there', async () => {
    const other = await cast.t.openAnother();
    try {
      const onOther = (keys: { key: string; etag: string | null }[]) =>
        other.inject({ method: 'POST', url: '/api/events/check', headers: { cookie: cast.cookies.client }, payload: { keys } });
      const key = `/ticket/${acmeTicket}/attachments`;
      const etag = await read(cast.cookies.client, key);
      expect((await onOther([{ key, etag }])).json()).toEqual({ stale: [key] });
      // The tab reads it again (here, on the other process): 304, and from now on that process vouches for it too.
      const again = await other.inject({ method: 'GET', url: `/api${key}`, headers: { cookie: cast.cookies.client, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect((await onOther([{ key, etag }])).json()).toEqual({ stale: [] });
    } finally {
      await other.close();
    }
  });

  test('bad checks get 400 and a reason; without a session 401', async () => {
    for (const keys of [
      Array.from({ length: 101 }, (_, i) => ({ key: `/ticket/${i}`, etag: null })),
      [{ key: 'no-slash', etag: null }],
      [{ key: `/${'x'.repeat(500)}`, etag: null }],
      [{ key: '/ticket/1', etag: `"${'e'.repeat(100)}"` }],
      [{ key: '/ticket/1' }],
    ]) {
      const res = await cast.call('POST', '/api/events/check', cast.cookies.agent, { keys });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect((await check(undefined, [])).statusCode).toBe(401);
  });
});

describe('watch lists and checks are bounded per person (LIVE_*_RATE_LIMIT_MAX), in memory', () => {
  test('over the limit of the window: 429 with the catalogue message; another person is not held back', async () => {
    const limited = await openDemoCast({ liveRateLimit: { checks: 2, watches: 2, timeWindowMs: 60_000 } });
    try {
      const { call, cookies } = limited;
      const check = (cookie: string) => call('POST', '/api/events/check', cookie, { keys: [{ key: '/ticket/1', etag: null }] });
      const watch = (cookie: string, seq: number) => call('POST', '/api/events/watch', cookie, { stream: 'a'.repeat(22), seq, keys: [] });
      expect([(await check(cookies.client)).statusCode, (await check(cookies.client)).statusCode]).toEqual([200, 200]);
      const refused = await check(cookies.client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(expect.objectContaining({ error: 'Too many requests. Please wait a minute and try again.' }));
      expect((await check(cookies.agent)).statusCode).toBe(200);

      expect([(await watch(cookies.client, 1)).statusCode, (await watch(cookies.client, 2)).statusCode]).toEqual([200, 200]);
      expect((await watch(cookies.client, 3)).statusCode).toBe(429);
      expect((await watch(cookies.agent, 1)).statusCode).toBe(200);
    } finally {
      await limited.t.close();
    }
  });
});
