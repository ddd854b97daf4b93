import { GROUP_ADMIN, GROUP_CLIENT, MESSAGES, STATUS, keyMatches, staleKeysFor, type Change, type Viewer } from '@portal/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { resolveConfig } from '../config';
import { aTicket } from '../test-support/factories';
import { PNG_BYTES, multipartBody } from '../test-support/multipart';
import { caller, openDemoCast, type DemoCast } from '../test-support/test-app';
import { isSharedAnswer, type AnswerPeers, type SharedAnswer } from './answer-peers';
import { localTransport } from './event-transports';
import { dropOf, drops, everyonesStaleKeys } from './poll-cache-invalidation';
import { ifNoneMatchHits, nextMonthTurn, rootOf, viewerFingerprint } from './poll-cache-store';
import { linkedTransports } from '../test-support/linked-transports';

// Answers from memory (docs/architecture.md#answers-from-memory): no answer crosses viewers or outlives a change.

type Call = DemoCast['call'];
type Who = 'admin' | 'agent' | 'client' | 'client2';
const WHO: readonly Who[] = ['admin', 'agent', 'client', 'client2'];

let cast: DemoCast;
let call: Call;
/** This process's transport and another's, linked as cluster IPC or NOTIFY would link them. */
const bus = linkedTransports();
/** Two processes' transports: what either publishes reaches both (as cluster IPC or NOTIFY would). */
const peers = { a: bus.peer(), b: bus.peer() };
/** The two processes' answer sharing, as the cluster's relay links it; held until `flush` when asked to. */
const answers = linkedAnswerPeers();
/** A second app on the same database with the cache off: what every answer must equal. */
let reference: FastifyInstance;
let plain: Call;
let globex: number;
let acmeTicket: number;
let globexTicket: number;

const get = (url: string, who: Who, headers: Record<string, string> = {}) =>
  cast.t.app.inject({ method: 'GET', url, headers: { cookie: cast.cookies[who], ...headers } });
const counter = async (app: FastifyInstance, name: string, label: string) => {
  const metric = (await app.metrics.registry.getSingleMetric(name)?.get())?.values.find((v) => Object.values(v.labels).includes(label));
  return metric?.value ?? 0;
};

beforeAll(async () => {
  cast = await openDemoCast({ eventTransport: peers.a, answerPeers: answers.a });
  call = cast.call;
  reference = await cast.t.openAnother({ pollCacheMs: 0, eventTransport: localTransport() });
  plain = caller({ ...cast.t, app: reference });
  globex = await cast.t.companyId('Globex Corporation');
  acmeTicket = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Cache Acme', assignee_id: cast.ids.agent });
  globexTicket = await aTicket(cast.t.app, { company_id: globex, title: 'Cache Globex', assignee_id: cast.ids.agent });
});

afterAll(async () => {
  await reference.close();
  await cast.t.close();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ETag and 304', () => {
  test('a polled answer carries a strong ETag and private, no-cache; the same poll is answered from memory; a matching If-None-Match gets 304', async () => {
    const url = `/api/contact/${cast.ids.client}/notifications`;
    const read = jest.spyOn(cast.t.app.repos.notifications, 'listForContact');
    const first = await get(url, 'client');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get(url, 'client');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const unchanged = await get(url, 'client', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // The first read only: the second and the 304 came from memory.
    expect(read).toHaveBeenCalledTimes(1);

    const other = await get(url, 'client', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  test('a miss whose tag matches still answers 304; an answer that is not 200 is never kept nor tagged', async () => {
    const url = `/api/ticket/${acmeTicket}/tasks`;
    const fresh = await get(url, 'agent');
    // A change drops it: the next read is computed again, and its tag is the same (nothing it shows changed).
    cast.t.app.events.publish({ kind: 'tasks', ticketId: acmeTicket, companyId: cast.ids.acme });
    const read = jest.spyOn(cast.t.app.repos.tasks, 'listForTicket');
    const revalidated = await get(url, 'agent', { 'if-none-match': fresh.headers.etag as string });
    expect(read).toHaveBeenCalledTimes(1);
    expect(revalidated.statusCode).toBe(304);

    const refused = await get(`/api/ticket/${globexTicket}/tasks`, 'client');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
  });

  test('hits, misses, 304s and drops are counted', async () => {
    const app = cast.t.app;
    const before = await Promise.all(['hit', 'miss', 'not_modified'].map((o) => counter(app, 'portal_poll_cache_answers_total', o)));
    const drops = await counter(app, 'portal_poll_cache_drops_total', 'change');
    const url = `/api/ticket/${acmeTicket}/attachments`;
    const first = await get(url, 'admin');
    await get(url, 'admin', { 'if-none-match': first.headers.etag as string });
    app.events.publish({ kind: 'attachments', ticketId: acmeTicket, companyId: cast.ids.acme });
    const after = await Promise.all(['hit', 'miss', 'not_modified'].map((o) => counter(app, 'portal_poll_cache_answers_total', o)));
    expect(after[0]! - before[0]!).toBe(1);
    expect(after[1]! - before[1]!).toBe(1);
    expect(after[2]! - before[2]!).toBe(1);
    expect(await counter(app, 'portal_poll_cache_drops_total', 'change')).toBeGreaterThan(drops);
  });

  test('If-None-Match lists, weak tags and *', () => {
    expect(ifNoneMatchHits('"a", W/"b"', '"b"')).toBe(true);
    expect(ifNoneMatchHits('*', '"b"')).toBe(true);
    expect(ifNoneMatchHits('"a"', '"b"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"b"')).toBe(false);
  });
});

describe('never across viewers', () => {
  test('every viewer gets its own answer of the same URL, whoever asked first', async () => {
    const urls = [
      `/api/ticket/${acmeTicket}`, `/api/ticket/${globexTicket}`, `/api/ticket/${acmeTicket}/activity`, `/api/ticket/${globexTicket}/tasks`,
      `/api/company/${cast.ids.acme}/tickets`, `/api/company/${globex}/tickets`, `/api/company/${cast.ids.acme}/currenttime`,
      `/api/contact/${cast.ids.client}/notifications`, `/api/contact/${cast.ids.agent}/tickets`, '/api/staff/tickets?view=list',
      `/api/contact/${cast.ids.agent}/currenttime`, `/api/company/${cast.ids.acme}`,
    ];
    for (const order of [WHO, [...WHO].reverse()]) {
      cast.t.app.events.publish({ kind: 'option', name: 'rates' });
      for (const url of urls) {
        for (const who of order) {
          const [cached, uncached] = [await get(url, who), await plain('GET', url, cast.cookies[who])];
          expect([url, who, cached.statusCode, cached.body]).toEqual([url, who, uncached.statusCode, uncached.body]);
        }
      }
    }
    // What each sees differs: the agent sees no ticket value, a Globex client not Acme's ticket.
    expect((await get(`/api/ticket/${acmeTicket}`, 'admin')).json()).toHaveProperty('value');
    expect((await get(`/api/ticket/${acmeTicket}`, 'agent')).json()).not.toHaveProperty('value');
    expect((await get(`/api/ticket/${acmeTicket}`, 'client2')).statusCode).toBe(403);
  });

  test('the scope is part of the key: the same contact with other companies never gets the earlier answer', () => {
    const viewer = { contactId: 7, groupId: 4, companyIds: [1, 2], primaryCompanyIds: [1] };
    expect(viewerFingerprint(viewer)).toBe(viewerFingerprint({ ...viewer, companyIds: [2, 1] }));
    expect(viewerFingerprint(viewer)).not.toBe(viewerFingerprint({ ...viewer, companyIds: [1] }));
    expect(viewerFingerprint(viewer)).not.toBe(viewerFingerprint({ ...viewer, primaryCompanyIds: [] }));
    expect(viewerFingerprint(viewer)).not.toBe(viewerFingerprint({ ...viewer, groupId: 3 }));
    expect(viewerFingerprint(viewer)).not.toBe(viewerFingerprint({ ...viewer, contactId: 8 }));
  });
});

describe('the next poll after a write shows it', () => {
  /** Reads `urls` as `who` (now kept), runs the write, and answers the next reads. */
  const around = async (who: Who, urls: string[], write: () => Promise<LightMyRequestResponse>, status = 200) => {
    const before = await Promise.all(urls.map((url) => get(url, who)));
    for (const res of before) expect(res.statusCode).toBe(200);
    await Promise.all(urls.map((url) => get(url, who)));
    const written = await write();
    expect(written.statusCode).toBeLessThan(300);
    const after = await Promise.all(urls.map((url) => get(url, who)));
    for (const res of after) expect(res.statusCode).toBe(status);
    return { before, after };
  };

  test('a note added', async () => {
    const { after } = await around('client', [`/api/ticket/${acmeTicket}/activity`], () =>
      call('POST', '/api/activity', cast.cookies.agent, { ticket_id: acmeTicket, note: 'A note from memory?' }));
    expect(after[0]!.body).toContain('A note from memory?');
  });

  test('a ticket updated: the ticket, the company list, the staff lists and the agent list', async () => {
    const urls = [`/api/ticket/${acmeTicket}`, `/api/company/${cast.ids.acme}/tickets`];
    const staff = ['/api/staff/tickets?view=list', '/api/staff/tickets?view=kanban', `/api/contact/${cast.ids.agent}/tickets`];
    await Promise.all(staff.map((url) => get(url, 'agent')));
    const { after } = await around('client', urls, () => call('PUT', `/api/ticket/${acmeTicket}`, cast.cookies.agent, { title: 'Renamed in memory' }));
    for (const res of after) expect(res.body).toContain('Renamed in memory');
    for (const url of staff) expect((await get(url, 'agent')).body).toContain('Renamed in memory');
  });

  test("the ticket stats: a ticket opened, then completed, counts in this month's row at the next poll", async () => {
    const url = '/api/stats/tickets?months=2&time_zone=UTC';
    const thisMonth = (res: LightMyRequestResponse) => (res.json() as { opened: number; assigned: number; closed: number }[]).at(-1)!;
    const first = await get(url, 'admin');
    expect(first.headers.etag).toMatch(/^"/);
    expect((await get(url, 'admin', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    let ticketId = 0;
    const opened = await around('admin', [url], async () => {
      const res = await call('POST', '/api/ticket', cast.cookies.client, {
        company_id: cast.ids.acme, title: 'Counted in the stats', description: 'From memory?', type_id: 1, priority_id: 2, estimate_required: 0,
      });
      ticketId = (res.json() as { ticket_id: number }).ticket_id;
      return res;
    });
    expect(thisMonth(opened.after[0]!).opened).toBe(thisMonth(opened.before[0]!).opened + 1);
    const completed = await around('agent', [url], () => call('PUT', `/api/ticket/${ticketId}`, cast.cookies.admin, { status_id: STATUS.complete }));
    expect(thisMonth(completed.after[0]!).closed).toBe(thisMonth(completed.before[0]!).closed + 1);
    for (const who of ['admin', 'agent'] as const) expect((await get(url, who)).body).toBe((await plain('GET', url, cast.cookies[who])).body);
    // Clients may not read the stats: refused, never kept.
    expect((await get(url, 'client')).statusCode).toBe(403);
  });

  test('a task added', async () => {
    const { after } = await around('client', [`/api/ticket/${acmeTicket}/tasks`], () =>
      call('POST', `/api/ticket/${acmeTicket}/tasks`, cast.cookies.agent, { instruction: 'Check the cache' }));
    expect(after[0]!.body).toContain('Check the cache');
  });

  test('an attachment uploaded', async () => {
    const { after } = await around('client', [`/api/ticket/${acmeTicket}/attachments`], () => {
      const { payload, headers } = multipartBody([{ filename: 'cached.png', content: PNG_BYTES, contentType: 'image/png' }]);
      return cast.t.app.inject({ method: 'POST', url: `/api/ticket/${acmeTicket}/attachments`, payload, headers: { ...headers, cookie: cast.cookies.agent } });
    });
    expect(after[0]!.body).toContain('cached.png');
  });

  test('time logged: the ticket total, the company totals and the worker totals', async () => {
    const urls = [`/api/ticket/${acmeTicket}`, `/api/company/${cast.ids.acme}/currenttime`, `/api/company/${cast.ids.acme}/ytdtime`];
    const mine = [`/api/contact/${cast.ids.agent}/currenttime`, `/api/contact/${cast.ids.agent}/time`, `/api/contact/${cast.ids.agent}/time/monthly`];
    const agentBefore = await Promise.all(mine.map((url) => get(url, 'agent')));
    const { before, after } = await around('client', urls, () =>
      call('POST', '/api/time', cast.cookies.agent, { ticket_id: acmeTicket, time: 3, description: 'Cached work' }));
    const totals = (res: LightMyRequestResponse) => (res.json() as { total_time: number }).total_time;
    for (let i = 0; i < urls.length; i += 1) expect(totals(after[i]!)).toBe(totals(before[i]!) + 3);
    const agentAfter = await Promise.all(mine.map((url) => get(url, 'agent')));
    for (let i = 0; i < mine.length; i += 1) expect(agentAfter[i]!.body).not.toBe(agentBefore[i]!.body);
  });

  test("a contact renamed: the tickets and lists naming it; its pay rate changed: its pay counters", async () => {
    const { after } = await around('admin', [`/api/ticket/${acmeTicket}`, '/api/staff/tickets?view=list', `/api/contact/${cast.ids.agent}/tickets`], () =>
      call('PUT', `/api/contact/${cast.ids.agent}`, cast.cookies.admin, { first_name: 'Renamedagent' }));
    for (const res of after) expect(res.body).toContain('Renamedagent');

    await call('POST', '/api/time', cast.cookies.agent, { ticket_id: acmeTicket, time: 5, description: 'Paid at the new rate' });
    const pay = [`/api/contact/${cast.ids.agent}/currenttime`, `/api/contact/${cast.ids.agent}/ytdtime`];
    const rated = await around('admin', pay, () => call('PUT', `/api/contact/${cast.ids.agent}/pay_rate`, cast.cookies.admin, { pay_rate: 77 }));
    for (let i = 0; i < pay.length; i += 1) {
      expect(rated.after[i]!.body).not.toBe(rated.before[i]!.body);
      expect(rated.after[i]!.body).toBe((await plain('GET', pay[i]!, cast.cookies.admin)).body);
    }
  });

  test('a notification written, then cleared', async () => {
    const url = `/api/contact/${cast.ids.client}/notifications`;
    const { after } = await around('client', [url], () =>
      call('POST', '/api/notifications', cast.cookies.admin, { contact_id: cast.ids.client, ticket_id: acmeTicket, note: 'Cached bell' }));
    expect(after[0]!.body).toContain('Cached bell');
    const cleared = await around('client', [url], () => call('DELETE', url, cast.cookies.client));
    expect(cleared.after[0]!.json()).toEqual([]);
  });

  test('a path spelled another way (an escaped letter) is refused, never kept where the changes that drop its answer miss it', async () => {
    const url = `/api/contact/${cast.ids.client}/%6Eotifications`;
    const write = () => call('POST', '/api/notifications', cast.cookies.admin, { contact_id: cast.ids.client, ticket_id: acmeTicket, note: 'Spelled bell' });
    await get(url, 'client');
    expect((await write()).statusCode).toBe(201);
    const after = await get(url, 'client');
    expect(after.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
    expect((await get(`/api/contact/${cast.ids.client}/notifications`, 'client')).body).toContain('Spelled bell');
  });

  test('a company link removed: the unlinked client no longer reads the company, its tickets nor its totals', async () => {
    const dana = await cast.t.login('dana@acme.test');
    const urls = [`/api/company/${cast.ids.acme}`, `/api/company/${cast.ids.acme}/tickets`, `/api/company/${cast.ids.acme}/currenttime`];
    const read = (url: string) => cast.t.app.inject({ method: 'GET', url, headers: { cookie: dana } });
    for (const url of urls) expect((await read(url)).statusCode).toBe(200);
    for (const url of urls) expect((await read(url)).statusCode).toBe(200);
    const unlinked = await call('DELETE', `/api/company/${cast.ids.acme}/contacts/${cast.ids.dana}`, cast.cookies.admin);
    expect(unlinked.statusCode).toBe(200);
    for (const url of urls) expect((await read(url)).statusCode).toBe(403);
  });
});

describe('races and other processes', () => {
  test('a read under way while a change arrives is not kept', async () => {
    const app = cast.t.app;
    const url = `/api/ticket/${acmeTicket}/activity`;
    await get(url, 'client');
    app.events.publish({ kind: 'activity', ticketId: acmeTicket, companyId: cast.ids.acme });
    const original = app.repos.activity.listForTicket.bind(app.repos.activity);
    const read = jest.spyOn(app.repos.activity, 'listForTicket').mockImplementationOnce(async (...args) => {
      const rows = await original(...args);
      // The write commits and publishes after this read has its rows, before it answers.
      const written = await call('POST', '/api/activity', cast.cookies.agent, { ticket_id: acmeTicket, note: 'Written mid-read' });
      expect(written.statusCode).toBe(201);
      return rows;
    });
    const racing = await get(url, 'client');
    expect(racing.body).not.toContain('Written mid-read');
    const next = await get(url, 'client');
    expect(next.body).toContain('Written mid-read');
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('a read under way while a change to something else arrives is kept', async () => {
    const app = cast.t.app;
    const url = `/api/ticket/${acmeTicket}/tasks`;
    await get(url, 'agent');
    app.events.publish({ kind: 'tasks', ticketId: acmeTicket, companyId: cast.ids.acme });
    const original = app.repos.tasks.listForTicket.bind(app.repos.tasks);
    const read = jest.spyOn(app.repos.tasks, 'listForTicket').mockImplementationOnce(async (...args) => {
      const rows = await original(...args);
      // A note on another ticket: nothing this answer shows.
      const written = await call('POST', '/api/activity', cast.cookies.admin, { ticket_id: globexTicket, note: 'Elsewhere mid-read' });
      expect(written.statusCode).toBe(201);
      return rows;
    });
    const racing = await get(url, 'agent');
    const etag = String(racing.headers.etag);
    const again = await get(url, 'agent', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  test('what a change drops is read the same way for answers kept and for reads under way', () => {
    const viewer = { contactId: 9, groupId: 5, companyIds: [3], primaryCompanyIds: [3] };
    expect(drops(dropOf({ kind: 'company', companyId: 3 }), viewer, '/ticket/1')).toBe(true);
    expect(drops(dropOf({ kind: 'session', contactId: 9 }), viewer, '/ticket/1')).toBe(true);
    expect(drops(dropOf({ kind: 'session', contactId: 8 }), viewer, '/ticket/1')).toBe(false);
    const note = dropOf({ kind: 'activity', ticketId: 1, companyId: 3 });
    expect(drops(note, viewer, '/ticket/1/activity')).toBe(true);
    expect(drops(note, viewer, '/ticket/1/activity?page=2')).toBe(true);
    expect(drops(note, viewer, '/ticket/2/activity')).toBe(false);
    expect(drops(dropOf({ kind: 'no such kind' } as unknown as Change), viewer, '/ticket/2')).toBe(true);
  });

  test("another process's change, brought by the transport, drops this process's answer; a resync drops all", async () => {
    const other = await cast.t.openAnother({ eventTransport: peers.b });
    try {
      const onOther = (url: string) => other.inject({ method: 'GET', url, headers: { cookie: cast.cookies.client } });
      const url = `/api/ticket/${acmeTicket}/activity`;
      expect((await onOther(url)).statusCode).toBe(200);
      expect(other.pollCache.size).toBeGreaterThan(0);
      const written = await call('POST', '/api/activity', cast.cookies.agent, { ticket_id: acmeTicket, note: 'Written on the first' });
      expect(written.statusCode).toBe(201);
      expect((await onOther(url)).body).toContain('Written on the first');

      expect(other.pollCache.size).toBeGreaterThan(0);
      peers.b.resync();
      // The counter is read first, then everything goes (events.ts resync).
      await new Promise((resolve) => setImmediate(resolve));
      expect(other.pollCache.size).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('random interleavings of writes and reads by several viewers: every answer equals the uncached one', async () => {
    const { t, cookies, ids } = cast;
    const globexId = globex;
    const tickets = [
      await aTicket(t.app, { company_id: ids.acme, title: 'Mix Acme', assignee_id: ids.agent }),
      await aTicket(t.app, { company_id: globexId, title: 'Mix Globex' }),
    ];
    const companyOf = (ticketId: number) => (ticketId === tickets[0] ? ids.acme : globexId);
    const cached = call;
    let seed = 26;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(list: readonly T[]) => list[random(list.length)]!;
    const urls = (ticketId: number) => [
      `/api/ticket/${ticketId}`, `/api/ticket/${ticketId}/activity`, `/api/ticket/${ticketId}/tasks`, `/api/ticket/${ticketId}/attachments`,
      `/api/company/${companyOf(ticketId)}/tickets`, `/api/company/${companyOf(ticketId)}/tickets/history`,
      `/api/company/${companyOf(ticketId)}/currenttime`, `/api/company/${companyOf(ticketId)}/ytdtime`, `/api/company/${companyOf(ticketId)}`,
      '/api/staff/tickets?view=list', '/api/staff/tickets/list', `/api/contact/${ids.agent}/tickets`, `/api/contact/${ids.sam}/tickets`,
      `/api/contact/${ids.agent}/currenttime`,
      `/api/contact/${ids.client}/notifications`, `/api/contact/${ids.agent}/notifications`, '/api/stats/tickets?months=2',
    ];
    let n = 0;
    const writes: ((ticketId: number) => Promise<LightMyRequestResponse>)[] = [
      (ticketId) => cached('POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: `Mix note ${++n}` }),
      (ticketId) => cached('PUT', `/api/ticket/${ticketId}`, cookies.agent, { title: `Mix title ${++n}` }),
      (ticketId) => cached('PUT', `/api/ticket/${ticketId}`, cookies.admin, { status_id: pick([1, 2, 3, 5]) }),
      (ticketId) => cached('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { instruction: `Mix task ${++n}` }),
      (ticketId) => cached('POST', '/api/time', cookies.agent, { ticket_id: ticketId, time: 1 + random(4), description: `Mix time ${++n}` }),
      () => cached('POST', '/api/notifications', cookies.admin, { contact_id: pick([ids.client, ids.agent]), note: `Mix bell ${++n}` }),
      () => cached('DELETE', `/api/contact/${ids.client}/notifications`, cookies.client),
      (ticketId) => cached('PUT', `/api/ticket/${ticketId}`, cookies.admin, { assignee_id: pick([ids.agent, ids.sam, null]) }),
      // A contact's name shows in the ticket answers and lists, its pay rate in its pay counters.
      () => cached('PUT', `/api/contact/${pick([ids.agent, ids.sam])}`, cookies.admin, { first_name: `Mix ${++n}` }),
      () => cached('PUT', `/api/contact/${ids.agent}/pay_rate`, cookies.admin, { pay_rate: 10 + random(20) }),
      (ticketId) => {
        const { payload, headers } = multipartBody([{ filename: `mix-${++n}.png`, content: PNG_BYTES, contentType: 'image/png' }]);
        return t.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments`, payload, headers: { ...headers, cookie: cookies.client } });
      },
    ];
    const read = async (who: Who, url: string) => {
      const [a, b] = [await cached('GET', url, cookies[who]), await plain('GET', url, cookies[who])];
      expect([who, url, a.statusCode, a.body]).toEqual([who, url, b.statusCode, b.body]);
    };

    let written = 0;
    for (let step = 0; step < 100; step += 1) {
      const ticketId = pick(tickets);
      // A refused write (a status the workflow does not allow) is a write too: nothing may change then.
      if (random(4) === 0) written += (await pick(writes)(ticketId)).statusCode < 300 ? 1 : 0;
      else await read(pick(WHO), pick(urls(ticketId)));
    }
    // Reads racing writes: whatever they answered, nothing they kept may be stale afterwards.
    for (let round = 0; round < 3; round += 1) {
      const batch: Promise<unknown>[] = [];
      for (let i = 0; i < 12; i += 1) {
        const ticketId = pick(tickets);
        batch.push(random(3) === 0 ? pick(writes)(ticketId) : cached('GET', pick(urls(ticketId)), cookies[pick(WHO)]));
      }
      await Promise.all(batch);
      for (const ticketId of tickets) for (const url of urls(ticketId)) for (const who of WHO) await read(who, url);
    }
    expect(written).toBeGreaterThan(10);

    // The reference is the cache switched off (POLL_CACHE_MS=0): nothing kept nor tagged, a write that publishes nothing shows at once.
    expect(reference.pollCache.enabled).toBe(false);
    const url = `/api/ticket/${tickets[0]}`;
    expect((await plain('GET', url, cookies.client)).headers.etag).toBeUndefined();
    await t.app.db.updateTable('tickets').set({ title: 'Changed behind its back' }).where('ticket_id', '=', tickets[0]!).execute();
    expect((await plain('GET', url, cookies.client)).body).toContain('Changed behind its back');
    expect(reference.pollCache.size).toBe(0);
  });
});

describe('answers another process of this machine keeps', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await cast.t.openAnother({ eventTransport: peers.b, answerPeers: answers.b });
  });
  afterAll(async () => {
    await other.close();
  });
  afterEach(() => answers.flush());
  const onOther = (url: string, who: Who, headers: Record<string, string> = {}) =>
    other.inject({ method: 'GET', url, headers: { cookie: cast.cookies[who], ...headers } });
  const checkOnOther = (who: Who, keys: { key: string; etag: string }[]) =>
    other.inject({ method: 'POST', url: '/api/events/check', headers: { cookie: cast.cookies[who] }, payload: { keys } });

  test('its ETag answers a poll and a check here without a read, for that viewer only, until a change drops it', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Shared answer' });
    const url = `/api/ticket/${ticketId}/activity`;
    const first = await get(url, 'client');
    const etag = String(first.headers.etag);
    const read = jest.spyOn(other.repos.activity, 'listForTicket');
    const revalidated = await onOther(url, 'client', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect((await checkOnOther('client', [{ key: url.slice(4), etag }])).json()).toEqual({ stale: [] });
    expect(read).not.toHaveBeenCalled();
    // Another viewer who may read it, asking with that tag, is read for (the same bytes get the same tag): the tag was the client's.
    await onOther(url, 'agent', { 'if-none-match': etag });
    expect(read).toHaveBeenCalledTimes(1);

    const written = await call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'After the shared read' });
    expect(written.statusCode).toBe(201);
    const after = await onOther(url, 'client', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('After the shared read');
  });

  test("an answer whose read began before a change this process heard is refused: the poll gets the change", async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Race with a sibling' });
    const url = `/api/ticket/${ticketId}/activity`;
    const refusedBefore = await counter(other, 'portal_poll_cache_shared_total', 'refused');
    // The first process keeps an answer; its word reaches this process only after a change that answer lacks.
    answers.hold();
    const stale = await get(url, 'client');
    const written = await call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'Missed by the shared read' });
    expect(written.statusCode).toBe(201);
    answers.flush();
    expect(await counter(other, 'portal_poll_cache_shared_total', 'refused')).toBe(refusedBefore + 1);
    const polled = await onOther(url, 'client', { 'if-none-match': String(stale.headers.etag) });
    expect(polled.statusCode).toBe(200);
    expect(polled.body).toContain('Missed by the shared read');
    expect((await checkOnOther('client', [{ key: url.slice(4), etag: String(stale.headers.etag) }])).json()).toEqual({ stale: [url.slice(4)] });

    // A read that began after the change is taken.
    const fresh = await get(url, 'agent');
    expect(fresh.body).toContain('Missed by the shared read');
    const read = jest.spyOn(other.repos.activity, 'listForTicket');
    expect((await onOther(url, 'agent', { 'if-none-match': String(fresh.headers.etag) })).statusCode).toBe(304);
    expect(read).not.toHaveBeenCalled();
  });

  test('a process that began to hear changes after that read began refuses it: a change before it listened may be missing', async () => {
    const pair = linkedAnswerPeers();
    const first = await cast.t.openAnother({ eventTransport: localTransport(), answerPeers: pair.a });
    let second: FastifyInstance | undefined;
    try {
      const url = `/api/ticket/${acmeTicket}/tasks`;
      pair.hold();
      const read = await first.inject({ method: 'GET', url, headers: { cookie: cast.cookies.client } });
      expect(read.statusCode).toBe(200);
      second = await cast.t.openAnother({ eventTransport: localTransport(), answerPeers: pair.b });
      pair.flush();
      expect(await counter(second, 'portal_poll_cache_shared_total', 'refused')).toBe(1);
      const computed = jest.spyOn(second.repos.tasks, 'listForTicket');
      await second.inject({ method: 'GET', url, headers: { cookie: cast.cookies.client, 'if-none-match': String(read.headers.etag) } });
      expect(computed).toHaveBeenCalledTimes(1);
    } finally {
      await second?.close();
      await first.close();
    }
  });

  test('a sibling sends what the cluster relays: an answer out of shape or out of bounds is ignored', () => {
    const viewer = { contactId: 1, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] };
    const good: SharedAnswer = { viewer, url: '/api/ticket/1', etag: '"e"', started: 1, tagExpires: Date.now() + 1000 };
    expect(isSharedAnswer(good)).toBe(true);
    for (const bad of [
      null, { ...good, url: '/ticket/1' }, { ...good, url: `/api/${'x'.repeat(2000)}` }, { ...good, etag: '' },
      { ...good, etag: 'e'.repeat(101) }, { ...good, started: 'now' }, { ...good, viewer: { ...viewer, companyIds: ['7'] } },
      { ...good, viewer: { ...viewer, isRoot: true } }, { ...good, viewer: null },
    ]) expect(isSharedAnswer(bad)).toBe(false);
  });
});

describe('bounds and configuration', () => {
  test('POLL_CACHE_MS: default and at most 30 s, 0 off, whole milliseconds', () => {
    expect(resolveConfig({}, {}).pollCacheMs).toBe(30_000);
    expect(resolveConfig({}, { POLL_CACHE_MS: '0' }).pollCacheMs).toBe(0);
    expect(resolveConfig({}, { POLL_CACHE_MS: '30000' }).pollCacheMs).toBe(30_000);
    for (const bad of ['30001', '-1', '1.5', 'soon']) expect(() => resolveConfig({}, { POLL_CACHE_MS: bad })).toThrow(/POLL_CACHE_MS/);
  });

  test('at most POLL_CACHE_ENTRIES answers are kept, the least recently used going first', async () => {
    const { config } = cast.t.app;
    const cap = config.pollCacheEntries;
    config.pollCacheEntries = 2;
    try {
      cast.t.app.events.publish({ kind: 'option', name: 'rates' });
      const urls = [`/api/ticket/${acmeTicket}/tasks`, `/api/ticket/${acmeTicket}/attachments`, `/api/ticket/${acmeTicket}/activity`];
      const tasks = jest.spyOn(cast.t.app.repos.tasks, 'listForTicket');
      await get(urls[0]!, 'client');
      await get(urls[1]!, 'client');
      await get(urls[0]!, 'client');
      await get(urls[2]!, 'client');
      expect(cast.t.app.pollCache.size).toBe(2);
      // The attachments went (least recently used); the tasks, read again in between, stayed.
      await get(urls[0]!, 'client');
      expect(tasks).toHaveBeenCalledTimes(1);
    } finally {
      config.pollCacheEntries = cap;
    }
  });

  test('a cached answer expires after POLL_CACHE_MS even when nothing was published', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Short lived' });
    const url = `/api/ticket/${ticketId}`;
    expect((await get(url, 'client')).body).toContain('Short lived');
    await cast.t.app.db.updateTable('tickets').set({ title: 'Unpublished change' }).where('ticket_id', '=', ticketId).execute();
    // Still the kept answer: nothing was published.
    expect((await get(url, 'client')).body).toContain('Short lived');
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + cast.t.app.config.pollCacheMs);
    expect((await get(url, 'client')).body).toContain('Unpublished change');
  });
});

describe('the ETag outlives the body', () => {
  const unpublished = async (ticketId: number, title: string) => {
    await cast.t.app.db.updateTable('tickets').set({ title }).where('ticket_id', '=', ticketId).execute();
  };

  test('past POLL_CACHE_MS a tab holding the answer gets 304 from memory; a read without it is computed again', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Tag kept' });
    const url = `/api/ticket/${ticketId}`;
    const first = await get(url, 'client');
    const etag = first.headers.etag as string;
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + cast.t.app.config.pollCacheMs);
    const read = jest.spyOn(cast.t.app.repos.tickets, 'findDetail');
    const revalidated = await get(url, 'client', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(read).not.toHaveBeenCalled();
    // Another viewer's tag, or none, never rides on it.
    expect((await get(url, 'client2', { 'if-none-match': etag })).statusCode).not.toBe(304);
    await unpublished(ticketId, 'Read afresh');
    const fresh = await get(url, 'client');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('Read afresh');
  });

  test('a change drops the ETag with the body: the tab that held it gets the new answer', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Before the change' });
    const url = `/api/ticket/${ticketId}/tasks`;
    const first = await get(url, 'client');
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + cast.t.app.config.pollCacheMs);
    const added = await call('POST', `/api/ticket/${ticketId}/tasks`, cast.cookies.agent, { instruction: 'Published task' });
    expect(added.statusCode).toBeLessThan(300);
    const after = await get(url, 'client', { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Published task');
  });

  test('past POLL_ETAG_MS the ETag no longer answers: a write that published nothing shows', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Tag ends' });
    const url = `/api/ticket/${ticketId}`;
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    const first = await get(url, 'client');
    await unpublished(ticketId, 'Seen at last');
    jest.spyOn(Date, 'now').mockReturnValue(now + cast.t.app.config.pollEtagMs - 1);
    expect((await get(url, 'client', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    jest.spyOn(Date, 'now').mockReturnValue(now + cast.t.app.config.pollEtagMs + 1);
    const late = await get(url, 'client', { 'if-none-match': first.headers.etag as string });
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('Seen at last');
  });

  test('past POLL_CACHE_ENTRIES bodies, the oldest keep their ETag alone', async () => {
    const { config } = cast.t.app;
    const cap = config.pollCacheEntries;
    config.pollCacheEntries = 1;
    try {
      cast.t.app.events.publish({ kind: 'option', name: 'rates' });
      const tasks = `/api/ticket/${acmeTicket}/tasks`;
      const first = await get(tasks, 'client');
      await get(`/api/ticket/${acmeTicket}/attachments`, 'client');
      expect(cast.t.app.pollCache.size).toBe(1);
      expect(cast.t.app.pollCache.tags).toBe(2);
      const read = jest.spyOn(cast.t.app.repos.tasks, 'listForTicket');
      expect((await get(tasks, 'client', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
      expect(read).not.toHaveBeenCalled();
      expect((await get(tasks, 'client')).body).toBe(first.body);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      config.pollCacheEntries = cap;
    }
  });

  test('POLL_ETAG_MS: default 10 min, at most an hour, whole milliseconds', () => {
    expect(resolveConfig({}, {}).pollEtagMs).toBe(600_000);
    expect(resolveConfig({}, { POLL_ETAG_MS: '3600000' }).pollEtagMs).toBe(3_600_000);
    for (const bad of ['3600001', '-1', '1.5', 'later']) expect(() => resolveConfig({}, { POLL_ETAG_MS: bad })).toThrow(/POLL_ETAG_MS/);
  });
});

/** Two processes' answer sharing: what one shares reaches the other (as the cluster's relay would), or waits while held. */
function linkedAnswerPeers() {
  const receivers: [((answer: SharedAnswer) => void) | undefined, ((answer: SharedAnswer) => void) | undefined] = [undefined, undefined];
  let held: (() => void)[] | undefined;
  const make = (index: 0 | 1): AnswerPeers => ({
    start(receive) {
      receivers[index] = receive;
    },
    share(answer) {
      const copy = structuredClone(answer);
      const deliver = () => receivers[1 - index]?.(copy);
      if (held) held.push(deliver);
      else deliver();
    },
    close() {
      receivers[index] = undefined;
    },
  });
  return {
    a: make(0),
    b: make(1),
    hold: () => {
      held = [];
    },
    flush: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const deliver of waiting) deliver();
    },
  };
}

describe('what a change drops, found by its keys', () => {
  // The cache drops by everyonesStaleKeys(change), filed by rootOf: it must cover what staleKeysFor names for
  // every viewer, or an answer would outlive its change.
  const viewers: Viewer[] = [
    { contactId: 1, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] },
    { contactId: 2, groupId: 2, companyIds: [], primaryCompanyIds: [] }, // an agent
    { contactId: 3, groupId: GROUP_CLIENT, companyIds: [7], primaryCompanyIds: [7] },
    { contactId: 4, groupId: GROUP_CLIENT, companyIds: [7, 8], primaryCompanyIds: [] },
    { contactId: 5, groupId: GROUP_CLIENT, companyIds: [8], primaryCompanyIds: [8] },
  ];
  const changes: Change[] = [
    { kind: 'ticket', ticketId: 11, companyId: 7, assignees: [2, 9] },
    { kind: 'activity', ticketId: 11, companyId: 7 },
    { kind: 'time', ticketId: 11, companyId: 7, contactId: 2, monthsBack: [0, 2] },
    { kind: 'time', ticketId: 11, companyId: 7, contactId: 3 },
    { kind: 'tasks', ticketId: 11, companyId: 7 },
    { kind: 'attachments', ticketId: 11, companyId: 7 },
    ...[1, 2, 3, 4, 5].map((contactId): Change => ({ kind: 'notifications', contactId })),
    { kind: 'templates' },
    { kind: 'message', messageId: 4 },
    { kind: 'invoice', companyId: 7, invoiceId: 3, offset: 1 },
  ];

  test.each(changes.map((change) => [change.kind, change] as const))('a %s change names every key any viewer holds stale', (_kind, change) => {
    const { keys } = everyonesStaleKeys(change);
    for (const viewer of viewers) {
      for (const stale of staleKeysFor(change, viewer)) {
        // Whatever entry `stale` would drop (itself or a query-string variant) is filed where a covering key looks.
        for (const held of [stale, `${stale}?tz=UTC`]) {
          expect({ viewer: viewer.contactId, held, covered: keys.some((key) => keyMatches(key, held) && rootOf(key) === rootOf(held)) })
            .toEqual({ viewer: viewer.contactId, held, covered: true });
        }
      }
    }
  });
});

describe('answers that depend on the current month', () => {
  const at = (iso: string) => Date.parse(iso);
  test('mid-month they live until a month may next begin somewhere (15 h before UTC\'s month start)', () => {
    expect(nextMonthTurn(at('2026-11-27T09:45:00Z'))).toBe(at('2026-11-30T09:00:00Z'));
    expect(nextMonthTurn(at('2026-12-02T00:00:00Z'))).toBe(at('2026-12-31T09:00:00Z'));
  });

  test('while a month is turning in some zone (UTC-12 to UTC+14), until the next quarter hour', () => {
    expect(nextMonthTurn(at('2026-11-30T09:00:00Z'))).toBe(at('2026-11-30T09:15:00Z'));
    // Kiribati (UTC+14) is in December from 10:00 UTC on 30 November; Baker Island (UTC-12) from 12:00 UTC on 1 December.
    expect(nextMonthTurn(at('2026-11-30T10:07:00Z'))).toBe(at('2026-11-30T10:15:00Z'));
    expect(nextMonthTurn(at('2026-12-01T11:50:00Z'))).toBe(at('2026-12-01T12:00:00Z'));
    expect(nextMonthTurn(at('2026-12-01T12:59:00Z'))).toBe(at('2026-12-01T13:00:00Z'));
    expect(nextMonthTurn(at('2026-12-01T13:00:00Z'))).toBe(at('2026-12-31T09:00:00Z'));
    // Across a year.
    expect(nextMonthTurn(at('2026-12-31T23:59:00Z'))).toBe(at('2027-01-01T00:00:00Z'));
  });
});
