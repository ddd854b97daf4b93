import type { ListedTicket, SlaSettingsSave, StaffListPage, TicketSummary } from '@portal/contract';
import { PRIORITY, STATUS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AnswerPeers, SharedAnswer } from '../plugins/answer-peers';
import { aTicket } from '../test-support/factories';
import { linkedTransports } from '../test-support/linked-transports';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Each open ticket's response-time clock on the staff lists and the kanban (docs/product/response-times.md#who-sees-it),
// never on a client's; and a list kept in memory goes when a clock on it turns amber or red, with no write
// (docs/architecture.md#answers-from-memory), in this process and in a sibling it shared the answer with.

/** Monday 30 March 2026, 09:30 in Berlin. Only Date is fixed (jest's clock): timers, I/O and the database run. */
const NOW = '2026-03-30T07:30:00.000Z';
const NOT_DATE = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;

/** Two processes' answer sharing, as the cluster's relay links them. */
function linkedAnswerPeers(): { a: AnswerPeers; b: AnswerPeers } {
  const receivers: ((answer: SharedAnswer) => void)[] = [];
  const make = (index: number): AnswerPeers => ({
    start(receive) {
      receivers[index] = receive;
    },
    share(answer) {
      receivers[1 - index]?.(structuredClone(answer));
    },
    close() {
      delete receivers[index];
    },
  });
  return { a: make(0), b: make(1) };
}

const bus = linkedTransports();
const transports = { a: bus.peer(), b: bus.peer() };
const answers = linkedAnswerPeers();
let cast: DemoCast;
let other: FastifyInstance;
let ticketId: number;

const berlin: SlaSettingsSave = {
  time_zone: 'Europe/Berlin',
  days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [],
  // No default targets: only Acme's own (below) start a clock, so no demo ticket of another company moves the lists.
  targets: [],
};

beforeAll(async () => {
  jest.useFakeTimers({ now: new Date(NOW), doNotFake: [...NOT_DATE] });
  cast = await openDemoCast({ eventTransport: transports.a, answerPeers: answers.a });
  other = await cast.t.openAnother({ eventTransport: transports.b, answerPeers: answers.b });
  expect((await cast.call('PUT', '/api/sla/settings', cast.cookies.admin, berlin)).statusCode).toBe(200);
  const own = [{ priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 480 }];
  expect((await cast.call('PUT', `/api/company/${cast.ids.acme}/sla-targets`, cast.cookies.admin, { targets: own })).statusCode).toBe(200);
  // Acme's demo tickets closed: the one urgent ticket below is the only clock anywhere.
  await cast.t.app.db.updateTable('tickets').set({ status_id: STATUS.complete }).where('company_id', '=', cast.ids.acme).execute();
  // Opened at 09:00: 30 of its 60 minutes used; amber at 09:45 (07:45Z), red at 10:00.
  ticketId = await aTicket(cast.t.app, {
    company_id: cast.ids.acme, contact_id: cast.ids.client, assignee_id: cast.ids.agent, priority_id: PRIORITY.urgent,
    status_id: STATUS.assigned, date_created: '2026-03-30T07:00:00.000Z', date_assigned: '2026-03-30T07:00:00.000Z',
  });
});

afterAll(async () => {
  await other.close();
  await cast.t.close();
  jest.useRealTimers();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const ok = { target: 'first_response', due_at: '2026-03-30T08:00:00.000Z', at_risk_at: '2026-03-30T07:45:00.000Z', left_minutes: 30, state: 'ok', paused: false };

type Listed = Pick<ListedTicket, 'ticket_id'> & Partial<Pick<ListedTicket, 'sla'>>;
const ticketsOf = (url: string, body: unknown): Listed[] => (url.includes('/staff/tickets/list') ? (body as StaffListPage).tickets : (body as Listed[]));
const mine = (url: string, body: unknown) => ticketsOf(url, body).find((t) => t.ticket_id === ticketId);

describe('the lists staff read carry each open ticket\'s clock', () => {
  const staffLists = (): [string, keyof DemoCast['cookies']][] => [
    [`/api/company/${cast.ids.acme}/tickets`, 'admin'],
    [`/api/company/${cast.ids.acme}/tickets`, 'agent'],
    [`/api/contact/${cast.ids.agent}/tickets`, 'agent'],
    ['/api/staff/tickets?view=list', 'admin'],
    ['/api/staff/tickets?view=kanban', 'agent'],
    ['/api/staff/tickets/list?statuses=1,2,3,4,7,8', 'admin'],
  ];

  test('the company tickets, the agent\'s, the staff list, its pages and the kanban; a ticket without a promise has null', async () => {
    for (const [url, who] of staffLists()) {
      const res = await cast.call('GET', url, cast.cookies[who]);
      expect(res.statusCode).toBe(200);
      expect({ url, sla: mine(url, res.json())?.sla }).toEqual({ url, sla: ok });
      const others = ticketsOf(url, res.json()).filter((t) => t.ticket_id !== ticketId);
      expect(others.every((t) => t.sla === null)).toBe(true);
    }
  });

  test('a client\'s list of the same company never has it', async () => {
    const res = await cast.call('GET', `/api/company/${cast.ids.acme}/tickets`, cast.cookies.client);
    expect(res.statusCode).toBe(200);
    const tickets = res.json() as TicketSummary[];
    expect(tickets.some((t) => t.ticket_id === ticketId)).toBe(true);
    expect(tickets.every((t) => !('sla' in t))).toBe(true);
    expect(res.body).not.toContain('first_response');
  });
});

describe('a list kept in memory goes when a clock on it turns amber, with no write', () => {
  test('until 09:45 the kept answer and its ETag; from 09:45 a new read and a new ETag, in this process and its sibling', async () => {
    const url = '/api/staff/tickets?view=kanban';
    const poll = (app: FastifyInstance, etag?: string) => app.inject({
      method: 'GET', url, headers: { cookie: cast.cookies.admin, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    // 09:40 (an ETag is kept 10 minutes at most: POLL_ETAG_MS).
    jest.setSystemTime(new Date('2026-03-30T07:40:00.000Z'));
    const first = await poll(cast.t.app);
    expect(first.statusCode).toBe(200);
    expect(mine(url, first.json())?.sla).toEqual({ ...ok, left_minutes: 20 });
    const etag = String(first.headers.etag);

    // 09:44:59: nothing written, nothing turned; this process answers from memory, the sibling 304 from the shared ETag.
    jest.setSystemTime(new Date('2026-03-30T07:44:59.000Z'));
    const here = jest.spyOn(cast.t.app.repos.tickets, 'listForStaff');
    const there = jest.spyOn(other.repos.tickets, 'listForStaff');
    expect((await poll(cast.t.app, etag)).statusCode).toBe(304);
    expect((await poll(other, etag)).statusCode).toBe(304);
    expect(here).not.toHaveBeenCalled();
    expect(there).not.toHaveBeenCalled();

    // 09:45: the ticket is at risk. Neither process answers the old ETag: each reads again.
    jest.setSystemTime(new Date('2026-03-30T07:45:00.000Z'));
    for (const [app, read] of [[cast.t.app, here], [other, there]] as const) {
      const turned = await poll(app, etag);
      expect(turned.statusCode).toBe(200);
      expect(turned.headers.etag).not.toBe(etag);
      expect(mine(url, turned.json())?.sla).toEqual({ ...ok, left_minutes: 15, state: 'at-risk' });
      expect(read).toHaveBeenCalledTimes(1);
    }
  });

  test('the ticket screen\'s answer, the same way: kept until it turns red at 10:00', async () => {
    const url = `/api/ticket/${ticketId}`;
    const poll = (etag?: string) => cast.t.app.inject({
      method: 'GET', url, headers: { cookie: cast.cookies.agent, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    jest.setSystemTime(new Date('2026-03-30T07:52:00.000Z'));
    const first = await poll();
    expect(first.json()).toMatchObject({ sla: { state: 'at-risk' } });
    const etag = String(first.headers.etag);
    jest.setSystemTime(new Date('2026-03-30T07:59:59.000Z'));
    expect((await poll(etag)).statusCode).toBe(304);
    jest.setSystemTime(new Date('2026-03-30T08:00:00.000Z'));
    const turned = await poll(etag);
    expect(turned.statusCode).toBe(200);
    expect(turned.json()).toMatchObject({ sla: { state: 'breached', left_minutes: 0 } });
  });
});
