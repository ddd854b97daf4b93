import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACTIVITY_PAGE_SIZE } from '@portal/domain';
import { aTab, field, startTwoWorkers, type Answer, type Tab, type TwoWorkers } from './fixtures/two-portal-workers.js';

// Read your writes across processes (docs/decisions/0017-read-your-writes-by-change-sequence.md), from outside: two
// real API processes on one SQLite file, the primary's relay between them, each answering polled reads from memory. A
// write through one process and a read at once through the other must see the write, whether the caller names the
// highest change number it has seen (as the browser does) or names none. The relay holds some copies of the changes
// for the other process a few milliseconds (fixtures/slow-relay.ts), one in a hundred past the 25 ms a read waits for
// them: each run has reads that find the change heard, reads that wait for it and reads that go to the database.

const PAIRS = 1000;
const HEADERLESS_PAIRS = 200;
/** How long a read waits for the changes its caller has seen before it reads the database (api/src/plugins/change-sequence.ts). */
const CHANGE_WAIT_MS = 25;
/** A copy held under the wait (the read waits for it), and one past it (the read goes to the database). */
const SHORT_HOLD_MS = 4;
const LONG_HOLD_MS = 40;

/** One copy in five held a little, one in a hundred past the wait; the same every run (a seeded congruential generator). */
function holds(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const draw = state / 2 ** 32;
    if (draw < 0.01) return LONG_HOLD_MS;
    return draw < 0.21 ? SHORT_HOLD_MS : 0;
  };
}

/** A polled read, and whether its answer shows write number `i`. */
interface Read {
  name: string;
  get(tab: Tab, base: string, i: number): Promise<Answer>;
  fresh(answer: Answer, i: number): boolean;
}

interface StaleRead {
  read: string;
  pair: number;
  /** Written through -> read through. */
  direction: string;
  status: number;
}

const list = (answer: Answer): Record<string, unknown>[] => (Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : []);

const noneStale = (stale: readonly StaleRead[]) => assert.deepEqual(stale.slice(0, 10), [], `${stale.length} stale reads (the first ten shown)`);

describe('read your writes between two API processes on one SQLite file', () => {
  let portal: TwoWorkers;

  before(async () => {
    portal = await startTwoWorkers();
  });

  after(async () => {
    await portal.stop();
  });

  /** A new ticket of Acme (the demo client's company), assigned to the demo agent. */
  const aTicket = async (title: string): Promise<number> => {
    const { urls, cookies, ids } = portal;
    const tab = aTab(true);
    const created = await tab.call(urls[0], 'POST', '/api/ticket', cookies.admin, {
      company_id: ids.acme, title, description: 'Read your writes', type_id: 1, priority_id: 2, estimate_required: 0,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ticketId = field(created, 'ticket_id') as number;
    assert.equal((await tab.call(urls[0], 'PUT', `/api/ticket/${ticketId}`, cookies.admin, { assignee_id: ids.agent })).status, 200);
    return ticketId;
  };

  /**
   * `pairs` writes, write i through process i % 2, each followed at once by `reads` through the other process and, at
   * the same time, through the writer's, which then holds the new answers when the next write comes through the other
   * one. Answers the stale reads; logs their count and the time taken.
   */
  const run = async (
    kind: string, pairs: number, tab: Tab, write: (i: number, base: string) => Promise<Answer>, reads: readonly Read[],
  ): Promise<StaleRead[]> => {
    const { urls, relay } = portal;
    const stale: StaleRead[] = [];
    // Both processes hold every answer before the first write.
    for (const base of urls) for (const read of reads) assert.equal((await read.get(tab, base, 0)).status, 200, `${read.name} before the writes`);
    const heldBefore = relay.held(CHANGE_WAIT_MS);
    relay.holdMs = holds(pairs);
    const started = performance.now();
    try {
      for (let i = 0; i < pairs; i += 1) {
        const writer = i % 2;
        const written = await write(i, urls[writer]!);
        assert.ok(written.status < 300, `${kind} write ${i}: ${written.status} ${JSON.stringify(written.body)}`);
        const where = [1 - writer, writer];
        const answers = await Promise.all(where.flatMap((at) => reads.map((read) => read.get(tab, urls[at]!, i))));
        answers.forEach((answer, index) => {
          const read = reads[index % reads.length]!;
          const at = where[Math.floor(index / reads.length)]!;
          if (answer.status !== 200 || !read.fresh(answer, i)) stale.push({ read: read.name, pair: i, direction: `${writer} -> ${at}`, status: answer.status });
        });
      }
    } finally {
      relay.holdMs = () => 0;
    }
    const ms = performance.now() - started;
    const held = relay.held(CHANGE_WAIT_MS);
    const counts = reads.map((read) => `${read.name} ${stale.filter((one) => one.read === read.name).length}`).join(', ');
    console.log(
      `${kind}: ${pairs} write-then-read pairs in ${(ms / 1000).toFixed(1)} s (${(ms / pairs).toFixed(1)} ms a pair; `
      + `${held.held - heldBefore.held} copies held, ${held.long - heldBefore.long} past the wait); stale reads: ${counts}`,
    );
    return stale;
  };

  const titleReads = (ticketId: number): Read[] => {
    const { cookies, ids } = portal;
    const titled = (answer: Answer, i: number) => field(answer, 'title') === `Title ${i}`;
    return [
      { name: 'the ticket (client)', get: (tab, base) => tab.call(base, 'GET', `/api/ticket/${ticketId}`, cookies.client), fresh: titled },
      { name: 'the ticket (agent)', get: (tab, base) => tab.call(base, 'GET', `/api/ticket/${ticketId}`, cookies.agent), fresh: titled },
      {
        name: "the company's tickets (client)",
        get: (tab, base) => tab.call(base, 'GET', `/api/company/${ids.acme}/tickets`, cookies.client),
        fresh: (answer, i) => list(answer).some((ticket) => ticket.ticket_id === ticketId && ticket.title === `Title ${i}`),
      },
    ];
  };
  const retitle = (tab: Tab, ticketId: number) => (i: number, base: string) =>
    tab.call(base, 'PUT', `/api/ticket/${ticketId}`, portal.cookies.agent, { title: `Title ${i}` });

  // One tab for every user: the reading user's tab would have the writer's number from its live stream's `stale` event.
  it(`a ticket renamed through one process: the ticket and the company's list read through the other (${PAIRS} pairs)`, async () => {
    const ticketId = await aTicket('Renamed over and over');
    const tab = aTab(true);
    noneStale(await run('ticket title', PAIRS, tab, retitle(tab, ticketId), titleReads(ticketId)));
  });

  it(`a note written through one process: the ticket's activity read through the other (${PAIRS} pairs)`, async () => {
    const { cookies } = portal;
    const ticketId = await aTicket('Noted over and over');
    const tab = aTab(true);
    const read: Read = {
      name: 'the activity (client)',
      get: (t, base) => t.call(base, 'GET', `/api/ticket/${ticketId}/activity?limit=${ACTIVITY_PAGE_SIZE}`, cookies.client),
      fresh: (answer, i) => list(answer).some((note) => note.note === `Note ${i}`),
    };
    const write = (i: number, base: string) => tab.call(base, 'POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: `Note ${i}` });
    noneStale(await run('activity', PAIRS, tab, write, [read]));
  });

  it(`a task added through one process: the ticket's tasks read through the other (${PAIRS} pairs)`, async () => {
    const { cookies } = portal;
    // A hundred tasks a ticket: a list of a thousand would make the reads, not the writes, the test's time.
    const tickets: number[] = [];
    for (let n = 0; n < PAIRS / 100; n += 1) tickets.push(await aTicket(`Tasked over and over ${n}`));
    const ticketOf = (i: number) => tickets[Math.floor(i / 100)]!;
    const tab = aTab(true);
    const read: Read = {
      name: 'the tasks (client)',
      get: (t, base, i) => t.call(base, 'GET', `/api/ticket/${ticketOf(i)}/tasks`, cookies.client),
      fresh: (answer, i) => list(answer).some((task) => task.instruction === `Task ${i}`),
    };
    const write = (i: number, base: string) => tab.call(base, 'POST', `/api/ticket/${ticketOf(i)}/tasks`, cookies.agent, { instruction: `Task ${i}` });
    noneStale(await run('tasks', PAIRS, tab, write, [read]));
  });

  it(`a notification written through one process: the client's notifications read through the other (${PAIRS} pairs)`, async () => {
    const { cookies, ids } = portal;
    const ticketId = await aTicket('Notified over and over');
    const tab = aTab(true);
    const read: Read = {
      name: 'the notifications (client)',
      get: (t, base) => t.call(base, 'GET', `/api/contact/${ids.client}/notifications`, cookies.client),
      fresh: (answer, i) => list(answer).some((notification) => notification.note === `Bell ${i}`),
    };
    const write = (i: number, base: string) =>
      tab.call(base, 'POST', '/api/notifications', cookies.admin, { contact_id: ids.client, ticket_id: ticketId, note: `Bell ${i}` });
    noneStale(await run('notifications', PAIRS, tab, write, [read]));
  });

  it(`time logged through one process: the agent's month total read through the other (${PAIRS} pairs)`, async () => {
    const { cookies, ids, urls } = portal;
    const ticketId = await aTicket('Worked over and over');
    const tab = aTab(true);
    const url = `/api/contact/${ids.agent}/currenttime`;
    const first = await tab.call(urls[0], 'GET', url, cookies.agent);
    assert.equal(first.status, 200);
    const before = field(first, 'total_time') as number;
    const read: Read = {
      name: "the agent's month total (agent)",
      get: (t, base) => t.call(base, 'GET', url, cookies.agent),
      fresh: (answer, i) => field(answer, 'total_time') === before + i + 1,
    };
    const write = (i: number, base: string) =>
      tab.call(base, 'POST', '/api/time', cookies.agent, { ticket_id: ticketId, time: 1, description: `Work ${i}` });
    noneStale(await run('time', PAIRS, tab, write, [read]));
  });

  it(`a caller that names no change number reads the writes too (${HEADERLESS_PAIRS} pairs)`, async () => {
    const ticketId = await aTicket('Renamed without a number');
    const tab = aTab(false);
    noneStale(await run('ticket title, no x-portal-seq', HEADERLESS_PAIRS, tab, retitle(tab, ticketId), titleReads(ticketId)));
  });
});
