import type { Activity, HistoryTicket, ListedTicket, StaffListPage, TicketHistoryPage } from '@portal/contract';
import { activityCursor, compareTickets, STATUS, type ListPrefs } from '@portal/domain';
import { sql } from 'kysely';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Reaching all history (docs/product/dashboards.md#ticket-history, docs/product/tickets.md#status-lines):
// the paged history of a company, the paged staff list, the activity feed's older pages, and the
// status lines a change writes for everyone on the ticket.

let cast: DemoCast;
let history: number;
/** History Co's closed tickets as the list must order them: newest closing first. */
let closedOrder: number[];

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();
const json = async <T>(res: Promise<{ statusCode: number; json(): unknown }>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.statusCode).toBe(status);
  return answer.json() as T;
};

beforeAll(async () => {
  cast = await openDemoCast();
  const { app } = cast.t;
  history = await aCompany(app, 'History Co', 1);
  const closed: { id: number; at: string }[] = [];
  // Completed on shuffled days (closing = completion), cancelled ones closing at their last change.
  for (let i = 0; i < 25; i++) {
    const at = day((i * 7) % 25);
    closed.push({ id: await aTicket(app, { company_id: history, title: `Done ${i}`, status_id: STATUS.complete, date_completed: at, date_updated: day(40) }), at });
  }
  for (let i = 0; i < 5; i++) {
    const at = `${day(30 + i * 2).slice(0, 10)}T12:00:00.000Z`;
    closed.push({ id: await aTicket(app, { company_id: history, title: `Dropped ${i}`, status_id: STATUS.cancelled, date_updated: at }), at });
  }
  for (const status of [STATUS.backlog, STATUS.inProgress, STATUS.needMoreInfo]) await aTicket(app, { company_id: history, status_id: status });
  closedOrder = closed.sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at))).map((c) => c.id);
});
afterAll(() => cast.t.close());

describe('GET /company/:id/tickets/history', () => {
  const page = (query: string, cookie = cast.cookies.admin, companyId = history) =>
    json<TicketHistoryPage>(cast.call('GET', `/api/company/${companyId}/tickets/history${query}`, cookie));

  test('pages through every completed and cancelled ticket, newest closing first, with the total', async () => {
    const first = await page('');
    expect(first.total).toBe(30);
    expect(first.tickets).toHaveLength(20);
    const rest = await page('?limit=20&offset=20');
    expect(rest.tickets).toHaveLength(10);
    expect([...first.tickets, ...rest.tickets].map((x) => x.ticket_id)).toEqual(closedOrder);
    expect((await page('?limit=1000')).tickets.map((x) => x.ticket_id)).toEqual(closedOrder);
    // Nothing open, and a cancelled ticket carries its status and the day it was dropped.
    const all = (await page('?limit=100')).tickets;
    expect(all.every((x) => x.status_id === STATUS.complete || x.status_id === STATUS.cancelled)).toBe(true);
    const dropped = all.find((x) => x.title === 'Dropped 4') as HistoryTicket;
    expect(dropped).toMatchObject({ status_id: STATUS.cancelled, date_closed: `${day(38).slice(0, 10)}T12:00:00.000Z` });
    expect(all[0]).toEqual(dropped);
  });

  test('refuses a bad page and other companies\' clients; the company\'s client and staff read it', async () => {
    for (const bad of ['?limit=0', '?limit=1001', '?offset=-1', '?limit=x']) {
      expect((await cast.call('GET', `/api/company/${history}/tickets/history${bad}`, cast.cookies.admin)).statusCode).toBe(400);
    }
    expect((await cast.call('GET', `/api/company/${history}/tickets/history`, cast.cookies.client)).statusCode).toBe(403);
    expect((await cast.call('GET', `/api/company/${history}/tickets/history`)).statusCode).toBe(401);
    expect((await page('', cast.cookies.agent)).total).toBe(30);
    const own = await page('', cast.cookies.client, cast.ids.acme);
    expect(own.total).toBeGreaterThan(0);
    // Values go to admins and clients, never to agents (as on every list).
    expect(own.tickets[0]).toHaveProperty('value');
    expect((await page('', cast.cookies.agent, cast.ids.acme)).tickets[0]).not.toHaveProperty('value');
  });

  test('the polled dashboard list leaves history out when asked to (completed_limit=0)', async () => {
    const open = await json<{ status_id: number }[]>(cast.call('GET', `/api/company/${history}/tickets?completed_limit=0`, cast.cookies.admin));
    expect(open.map((x) => x.status_id).sort()).toEqual([STATUS.backlog, STATUS.inProgress, STATUS.needMoreInfo].sort());
  });

  test('walks the indexes it was given (SQLite plan)', async () => {
    if (/^postgres/.test(process.env.DATABASE_URL ?? '')) return;
    const plan = async (query: ReturnType<typeof sql>) => JSON.stringify((await query.execute(cast.t.app.db)).rows);
    const historyPlan = await plan(sql`explain query plan select ticket_id from tickets t where t.company_id = ${history} and t.status_id in (5, 6)
      order by coalesce(t.date_completed, t.date_updated) desc, t.ticket_id desc limit 20`);
    expect(historyPlan).toContain('tickets_company_closed');
    expect(historyPlan).not.toContain('TEMP B-TREE');
    const feedPlan = await plan(sql`explain query plan select activity_id from activity where ticket_id = 1
      order by date_created desc, activity_id desc limit 20`);
    expect(feedPlan).toContain('activity_ticket_date');
    expect(feedPlan).not.toContain('TEMP B-TREE');
  });
});

describe('a status change is a line in the activity everyone on the ticket reads', () => {
  const feed = (ticketId: number, cookie = cast.cookies.client) => json<Activity[]>(cast.call('GET', `/api/ticket/${ticketId}/activity`, cookie));

  test('a client cancels: the ticket stays in the client\'s history with its status, and the line is the client\'s', async () => {
    const { ids, cookies, call } = cast;
    const ticketId = await aTicket(cast.t.app, { company_id: ids.acme, contact_id: ids.client, title: 'Drop me', status_id: STATUS.inProgress, assignee_id: ids.agent });
    expect((await call('PUT', `/api/ticket/${ticketId}`, cookies.client, { status_id: STATUS.cancelled })).statusCode).toBe(200);

    const own = await json<TicketHistoryPage>(call('GET', `/api/company/${ids.acme}/tickets/history`, cookies.client));
    expect(own.tickets[0]).toMatchObject({ ticket_id: ticketId, status_id: STATUS.cancelled });
    expect((await call('GET', `/api/ticket/${ticketId}`, cookies.client)).statusCode).toBe(200);

    const [line] = await feed(ticketId);
    expect(line).toMatchObject({ source: 'status', note: 'Ticket cancelled (was In Progress).', contact_id: ids.client, contact_name: 'Casey Client' });
    // The History tab has it too (the audit entry of the same change).
    const audit = await json<{ entries: { action: string }[] }>(call('GET', `/api/ticket/${ticketId}/audit`, cookies.admin));
    expect(audit.entries.map((e) => e.action)).toContain('ticket.updated');
  });

  test('staff reopen and complete: the client reads both lines, newest first; a change without a status move writes none', async () => {
    const { ids, cookies, call } = cast;
    const ticketId = await aTicket(cast.t.app, { company_id: ids.acme, contact_id: ids.client, title: 'Round trip', status_id: STATUS.complete, date_completed: day(3) });
    await call('PUT', `/api/ticket/${ticketId}`, cookies.agent, { status_id: STATUS.backlog });
    await call('PUT', `/api/ticket/${ticketId}`, cookies.agent, { priority_id: 1 });
    await call('PUT', `/api/ticket/${ticketId}`, cookies.agent, { status_id: STATUS.complete });
    const lines = await feed(ticketId);
    expect(lines.map((l) => [l.source, l.note, l.contact_name])).toEqual([
      ['status', 'Ticket completed (was Backlog).', 'Alex Agent'],
      ['status', 'Ticket reopened: Complete → Backlog.', 'Alex Agent'],
    ]);
  });

  test('a bulk move writes one line per ticket that moved, with the tickets, all in one transaction', async () => {
    const { ids, cookies, call } = cast;
    const a = await aTicket(cast.t.app, { company_id: ids.acme, status_id: STATUS.backlog, title: 'Bulk A' });
    const b = await aTicket(cast.t.app, { company_id: ids.acme, status_id: STATUS.testing, title: 'Bulk B' });
    expect((await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [a, b], status_id: STATUS.testing })).statusCode).toBe(200);
    expect((await feed(a)).map((l) => l.note)).toEqual(['Status changed: Backlog → Testing.']);
    expect(await feed(b)).toEqual([]);
    // A refused bulk change (a missing ticket) writes no line either.
    expect((await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [a, 999_999], status_id: STATUS.cancelled })).statusCode).toBe(404);
    expect(await feed(a)).toHaveLength(1);
  });
});

describe('GET /ticket/:id/activity pages', () => {
  let ticketId: number;
  let all: Activity[];
  beforeAll(async () => {
    ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Chatty' });
    for (let i = 0; i < 45; i++) {
      // Three notes share each instant, so the cursor's id breaks ties.
      await cast.t.app.repos.activity.add(cast.t.app.db, { ticket_id: ticketId, contact_id: null, contact_name: null, note: `Note ${i}`, date_created: day(Math.floor(i / 3)) });
    }
    all = await json<Activity[]>(cast.call('GET', `/api/ticket/${ticketId}/activity`, cast.cookies.client));
  });
  const list = (query: string) => json<Activity[]>(cast.call('GET', `/api/ticket/${ticketId}/activity${query}`, cast.cookies.client));

  test('without a page it is the whole feed, newest first', () => {
    expect(all.map((a) => a.note)).toEqual(Array.from({ length: 45 }, (_, i) => `Note ${44 - i}`));
  });

  test('limit and before walk to the first note without a gap or a repeat', async () => {
    const walked: Activity[] = [];
    let page = await list('?limit=20');
    while (page.length > 0) {
      walked.push(...page);
      page = await list(`?limit=20&before=${encodeURIComponent(activityCursor(page[page.length - 1]!))}`);
    }
    expect(walked.map((a) => a.activity_id)).toEqual(all.map((a) => a.activity_id));
  });

  test('from keeps the loaded window current; a bad cursor or both cursors are refused', async () => {
    const window = await list(`?from=${encodeURIComponent(activityCursor(all[29]!))}`);
    expect(window.map((a) => a.activity_id)).toEqual(all.slice(0, 30).map((a) => a.activity_id));
    const cursor = encodeURIComponent(activityCursor(all[3]!));
    for (const bad of ['?before=12', '?from=yesterday', `?before=${cursor}&from=${cursor}`, '?limit=0']) {
      expect((await cast.call('GET', `/api/ticket/${ticketId}/activity${bad}`, cast.cookies.client)).statusCode).toBe(400);
    }
    expect((await cast.call('GET', `/api/ticket/${ticketId}/activity?limit=5`, cast.cookies.client2)).statusCode).toBe(403);
  });
});

describe('GET /staff/tickets/list', () => {
  let everything: ListedTicket[];
  const prefsQuery = (prefs: ListPrefs, extra = '') =>
    `/api/staff/tickets/list?sort=${prefs.sortBy}&direction=${prefs.direction}&statuses=${prefs.statusFilters.join(',')}`
    + `&maintenance_only=${prefs.maintenanceOnly ? 1 : 0}${extra}`;
  const page = (url: string, cookie = cast.cookies.admin) => json<StaffListPage>(cast.call('GET', url, cookie));

  beforeAll(async () => {
    const { app } = cast.t;
    const upkeep = await aCompany(app, 'Upkeep Ltd', 1, '1');
    for (let i = 0; i < 60; i++) {
      await aTicket(app, {
        company_id: i % 2 ? upkeep : history, title: `Open ${i}`, status_id: [STATUS.assigned, STATUS.inProgress, STATUS.needMoreInfo][i % 3]!,
        priority_id: 1 + (i % 4), date_due: i % 5 ? day(i % 11) : null, date_created: day(i % 13),
      });
    }
    everything = await json<ListedTicket[]>(cast.call('GET', '/api/staff/tickets?view=list', cast.cookies.admin));
  });

  test.each([
    ['priorityId', 'DESC'], ['priorityId', 'ASC'], ['dateDue', 'DESC'], ['dateDue', 'ASC'], ['dateCreated', 'ASC'], ['company', 'DESC'],
  ] as [ListPrefs['sortBy'], ListPrefs['direction']][])('sorted by %s %s, its pages are the whole filtered list in order', async (sortBy, direction) => {
    const prefs: ListPrefs = { sortBy, direction, statusFilters: [STATUS.assigned, STATUS.needMoreInfo], maintenanceOnly: false };
    const expected = everything.filter((t) => prefs.statusFilters.includes(t.status_id)).sort(compareTickets(prefs)).map((t) => t.ticket_id);
    const first = await page(prefsQuery(prefs, '&limit=50'));
    expect(first.total).toBe(expected.length);
    expect(first.unfiltered_total).toBe(everything.length);
    const second = await page(prefsQuery(prefs, '&limit=50&offset=50'));
    expect([...first.tickets, ...second.tickets].map((t) => t.ticket_id)).toEqual(expected);
  });

  test('Maintenance Only keeps maintenance clients; no status filter lists nothing but still counts the list', async () => {
    const prefs: ListPrefs = { sortBy: 'priorityId', direction: 'DESC', statusFilters: [STATUS.inProgress], maintenanceOnly: true };
    const kept = await page(prefsQuery(prefs, '&limit=1000'));
    expect(kept.tickets.length).toBeGreaterThan(0);
    expect(kept.tickets.every((t) => t.is_maintenance === 1 && t.status_id === STATUS.inProgress)).toBe(true);
    expect(kept.total).toBe(everything.filter((t) => t.is_maintenance === 1 && t.status_id === STATUS.inProgress).length);
    const none = await page(prefsQuery({ ...prefs, statusFilters: [] }));
    expect(none).toEqual({ tickets: [], total: 0, unfiltered_total: everything.filter((t) => t.is_maintenance === 1).length });
  });

  test('refuses Complete and Cancelled as filters, a bad page, and clients', async () => {
    for (const bad of ['?statuses=5', '?statuses=2,6', '?limit=0', '?sort=title', '?statuses=x']) {
      expect((await cast.call('GET', `/api/staff/tickets/list${bad}`, cast.cookies.admin)).statusCode).toBe(400);
    }
    expect((await cast.call('GET', '/api/staff/tickets/list', cast.cookies.client)).statusCode).toBe(403);
    expect((await page('/api/staff/tickets/list?statuses=2', cast.cookies.agent)).tickets.every((t) => t.status_id === STATUS.assigned)).toBe(true);
  });
});
