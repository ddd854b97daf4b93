import { ACTIVITY_PAGE_SIZE, CHANGE_SEQ_HEADER, parseChangeSeq } from '@portal/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isPostgresUrl } from './db/connect';
import { aTicket } from './test-support/factories';
import { openDemoCast, type DemoCast } from './test-support/test-app';

// Read your writes across portals (docs/decisions/0017-read-your-writes-by-change-sequence.md): two API instances on
// one PostgreSQL database, each with its own LISTEN/NOTIFY listener, its own answers and sessions in memory. A write
// through one and a read at once through the other must see the write, whether the caller names the highest change
// number it has seen (as the browser does) or names none (the instance reads portal_change_seq). Writes alternate
// between the instances, and after each one both read: the writer's then holds the new answers when the next write
// comes through the other. Skipped unless DATABASE_URL is a PostgreSQL URL (CI's second run of the suite): on SQLite
// the suite opens one instance per database file; server/lib/cluster.read-your-writes.test.ts covers processes on one.

const PAIRS = 1000;
const HEADERLESS_PAIRS = 200;

const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;

type Method = 'GET' | 'POST' | 'PUT';

/** A browser tab: it keeps the highest `x-portal-seq` any answer carried and names it on each request, unless told not to. */
function aTab(namesSeq: boolean) {
  let seen = 0;
  return async (app: FastifyInstance, method: Method, url: string, cookie: string, payload?: object): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { cookie };
    if (namesSeq && seen > 0) headers[CHANGE_SEQ_HEADER] = String(seen);
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const seq = parseChangeSeq(res.headers[CHANGE_SEQ_HEADER]);
    if (seq !== undefined && seq > seen) seen = seq;
    return res;
  };
}
type Tab = ReturnType<typeof aTab>;

/** A polled read, and whether its answer shows write number `i`. */
interface Read {
  name: string;
  get(tab: Tab, app: FastifyInstance): Promise<LightMyRequestResponse>;
  fresh(res: LightMyRequestResponse, i: number): boolean;
}

const rows = (res: LightMyRequestResponse) => res.json<Record<string, unknown>[]>();

postgresOnly('read your writes between two portals on one PostgreSQL database', () => {
  let cast: DemoCast;
  let other: FastifyInstance;
  let portals: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    cast = await openDemoCast();
    other = await cast.t.openAnother();
    portals = [cast.t.app, other];
  });

  afterAll(async () => {
    await other.close();
    await cast.t.close();
  });

  const ticketOfAcme = (title: string) => aTicket(cast.t.app, { company_id: cast.ids.acme, title, assignee_id: cast.ids.agent });

  /**
   * `pairs` writes, write i through portal i % 2, each followed at once by `reads` through both portals. Answers the
   * stale reads as `read: written through -> read through @ write`, and logs their count and the time taken.
   */
  const run = async (kind: string, pairs: number, tab: Tab, write: (i: number, app: FastifyInstance) => Promise<LightMyRequestResponse>, reads: readonly Read[]) => {
    const stale: string[] = [];
    for (const app of portals) for (const read of reads) expect((await read.get(tab, app)).statusCode).toBe(200);
    const started = performance.now();
    for (let i = 0; i < pairs; i += 1) {
      const writer = i % 2;
      const written = await write(i, portals[writer]!);
      if (written.statusCode >= 300) throw new Error(`${kind} write ${i}: ${written.statusCode} ${written.body}`);
      const where = [1 - writer, writer];
      const answers = await Promise.all(where.flatMap((at) => reads.map((read) => read.get(tab, portals[at]!))));
      answers.forEach((res, index) => {
        const read = reads[index % reads.length]!;
        const at = where[Math.floor(index / reads.length)]!;
        if (res.statusCode !== 200 || !read.fresh(res, i)) stale.push(`${read.name}: ${writer} -> ${at} @ ${i} (${res.statusCode})`);
      });
    }
    const ms = performance.now() - started;
    const counts = reads.map((read) => `${read.name} ${stale.filter((one) => one.startsWith(`${read.name}:`)).length}`).join(', ');
    console.log(`${kind}: ${pairs} write-then-read pairs in ${(ms / 1000).toFixed(1)} s (${(ms / pairs).toFixed(1)} ms a pair); stale reads: ${counts}`);
    return stale;
  };

  const titleReads = (ticketId: number): Read[] => {
    const titled = (res: LightMyRequestResponse, i: number) => res.json<{ title: string }>().title === `Title ${i}`;
    return [
      { name: 'the ticket (client)', get: (tab, app) => tab(app, 'GET', `/api/ticket/${ticketId}`, cast.cookies.client), fresh: titled },
      { name: 'the ticket (agent)', get: (tab, app) => tab(app, 'GET', `/api/ticket/${ticketId}`, cast.cookies.agent), fresh: titled },
      {
        name: "the company's tickets (client)",
        get: (tab, app) => tab(app, 'GET', `/api/company/${cast.ids.acme}/tickets`, cast.cookies.client),
        fresh: (res, i) => rows(res).some((ticket) => ticket.ticket_id === ticketId && ticket.title === `Title ${i}`),
      },
    ];
  };
  const retitle = (tab: Tab, ticketId: number) => (i: number, app: FastifyInstance) =>
    tab(app, 'PUT', `/api/ticket/${ticketId}`, cast.cookies.agent, { title: `Title ${i}` });

  test('each portal hears the other through PostgreSQL', () => {
    expect(portals.map((app) => app.events.transport)).toEqual(['postgres', 'postgres']);
  });

  // One tab for every user: the reading user's tab would have the writer's number from its live stream's `stale` event.
  test(`a ticket renamed through one portal: the ticket and the company's list read through the other (${PAIRS} pairs)`, async () => {
    const ticketId = await ticketOfAcme('Renamed over and over');
    const tab = aTab(true);
    expect((await run('ticket title', PAIRS, tab, retitle(tab, ticketId), titleReads(ticketId))).slice(0, 10)).toEqual([]);
  }, 180_000);

  test(`a note written through one portal: the ticket's activity read through the other (${PAIRS} pairs)`, async () => {
    const ticketId = await ticketOfAcme('Noted over and over');
    const tab = aTab(true);
    const read: Read = {
      name: 'the activity (client)',
      get: (t, app) => t(app, 'GET', `/api/ticket/${ticketId}/activity?limit=${ACTIVITY_PAGE_SIZE}`, cast.cookies.client),
      fresh: (res, i) => rows(res).some((note) => note.note === `Note ${i}`),
    };
    const write = (i: number, app: FastifyInstance) => tab(app, 'POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: `Note ${i}` });
    expect((await run('activity', PAIRS, tab, write, [read])).slice(0, 10)).toEqual([]);
  }, 120_000);

  test(`a notification written through one portal: the client's notifications read through the other (${PAIRS} pairs)`, async () => {
    const ticketId = await ticketOfAcme('Notified over and over');
    const tab = aTab(true);
    const read: Read = {
      name: 'the notifications (client)',
      get: (t, app) => t(app, 'GET', `/api/contact/${cast.ids.client}/notifications`, cast.cookies.client),
      fresh: (res, i) => rows(res).some((notification) => notification.note === `Bell ${i}`),
    };
    const write = (i: number, app: FastifyInstance) =>
      tab(app, 'POST', '/api/notifications', cast.cookies.admin, { contact_id: cast.ids.client, ticket_id: ticketId, note: `Bell ${i}` });
    expect((await run('notifications', PAIRS, tab, write, [read])).slice(0, 10)).toEqual([]);
  }, 120_000);

  test(`a caller that names no change number reads the writes too (${HEADERLESS_PAIRS} pairs)`, async () => {
    const ticketId = await ticketOfAcme('Renamed without a number');
    const tab = aTab(false);
    expect((await run('ticket title, no x-portal-seq', HEADERLESS_PAIRS, tab, retitle(tab, ticketId), titleReads(ticketId))).slice(0, 10)).toEqual([]);
  }, 120_000);

  test('a session signed out through one portal: its next request through the other is refused', async () => {
    for (let round = 0; round < 20; round += 1) {
      const [here, there] = round % 2 === 0 ? portals : [portals[1], portals[0]];
      const tab = aTab(true);
      const cookie = await cast.t.login('client2@demo.test');
      const url = `/api/contact/${await cast.t.contactId('client2@demo.test')}/notifications`;
      for (const app of portals) for (let k = 0; k < 2; k += 1) expect((await tab(app, 'GET', url, cookie)).statusCode).toBe(200);
      expect((await tab(here, 'POST', '/api/auth/logout', cookie)).statusCode).toBe(200);
      expect([(await tab(there, 'GET', url, cookie)).statusCode, (await aTab(false)(there, 'GET', url, cookie)).statusCode]).toEqual([401, 401]);
    }
  }, 60_000);
});
