import {
  checkBatchesOf, invoiceChange, isSafetyNetPoll, isWatched, LIVE_CHECK_ETAG_MAX_CHARS, LIVE_CHECK_KEY_MAX_CHARS, LIVE_CHECK_MAX_KEYS, isWatchList, keyMatches, pollInterval, sessionChanges, staleKeysFor, watchListOf, watchPathOf, LIVE_SAFETY_POLL_MS, type Change,
} from './live-events';
import type { Viewer } from './policy';

const viewer = (contactId: number, groupId: number, companyIds: number[] = [], primaryCompanyIds: number[] = []): Viewer => ({
  contactId, groupId, companyIds, primaryCompanyIds,
});
const admin = viewer(1, 1);
const agent = viewer(2, 2);
const clientA = viewer(5, 5, [10], [10]);
const clientB = viewer(6, 5, [20], [20]);

describe('stale keys', () => {
  const note: Change = { kind: 'activity', ticketId: 7, companyId: 10 };

  it("names a ticket's keys to whoever may read the ticket, and nothing to another company's client", () => {
    expect(staleKeysFor(note, clientA)).toEqual(['/ticket/7/activity']);
    expect(staleKeysFor(note, agent)).toEqual(['/ticket/7/activity']);
    expect(staleKeysFor(note, clientB)).toEqual([]);
  });

  it("names the staff lists, the ticket stats and the ticket's history only to staff, and the assignees' agent lists", () => {
    const change: Change = { kind: 'ticket', ticketId: 7, companyId: 10, assignees: [2, 3] };
    expect(staleKeysFor(change, agent)).toEqual([
      '/ticket/7', '/ticket/7/overage-approval', '/company/10/tickets', '/company/10/tickets/history', '/staff/tickets', '/staff/tickets/list',
      '/contact/2/tickets', '/contact/3/tickets', '/saved-views', '/stats/tickets', '/ticket/7/audit',
    ]);
    expect(staleKeysFor(change, admin)).toContain('/stats/tickets');
    // A primary contact reads the ticket's approval beyond the plan hours (docs/product/hour-banks.md).
    expect(staleKeysFor(change, clientA)).toEqual(['/ticket/7', '/ticket/7/overage-approval', '/company/10/tickets', '/company/10/tickets/history']);
    expect(staleKeysFor(change, clientB)).toEqual([]);
  });

  it('names no key for a session change: the streams of its contact re-read their viewer instead', () => {
    const own: Change = { kind: 'session', contactId: 5 };
    const every: Change = { kind: 'session', contactId: 'all' };
    for (const someone of [admin, agent, clientA, clientB]) {
      expect(staleKeysFor(own, someone)).toEqual([]);
      expect(staleKeysFor(every, someone)).toEqual([]);
    }
  });

  it('makes one session change per contact, however often it is named', () => {
    expect(sessionChanges([5, 6, 5])).toEqual([{ kind: 'session', contactId: 5 }, { kind: 'session', contactId: 6 }]);
    expect(sessionChanges([])).toEqual([]);
  });

  it("names a contact's record and pay to itself and admins, the staff's lists to staff, and nothing to clients", () => {
    const change: Change = { kind: 'contact', contactId: 2 };
    const own = ['/contact/2', '/contact/2/currenttime', '/contact/2/ytdtime', '/contact/2/time', '/contact/2/time/monthly'];
    const lists = ['/contact', '/staff/tickets', '/staff/tickets/list', '/contact/2/tickets', '/saved-views'];
    expect(staleKeysFor(change, agent)).toEqual([...own, ...lists]);
    expect(staleKeysFor(change, admin)).toEqual([...own, ...lists, '/time/payroll/0']);
    expect(staleKeysFor({ kind: 'contact', contactId: 3 }, agent)).toEqual(['/contact', '/staff/tickets', '/staff/tickets/list', '/contact/3/tickets', '/saved-views']);
    expect(staleKeysFor(change, clientA)).toEqual([]);
    expect(staleKeysFor({ kind: 'contact', contactId: 5 }, clientA)).toEqual([
      '/contact/5', '/contact/5/currenttime', '/contact/5/ytdtime', '/contact/5/time', '/contact/5/time/monthly',
    ]);
  });

  it("names notifications only to their contact", () => {
    const change: Change = { kind: 'notifications', contactId: 5 };
    expect(staleKeysFor(change, clientA)).toEqual(['/contact/5/notifications']);
    expect(staleKeysFor(change, clientB)).toEqual([]);
    expect(staleKeysFor(change, admin)).toEqual([]);
  });

  it("names a worker's totals to the worker and admins, and the month's billing to admins", () => {
    const change: Change = { kind: 'time', ticketId: 7, companyId: 10, contactId: 2 };
    expect(staleKeysFor(change, agent)).toContain('/contact/2/currenttime');
    expect(staleKeysFor(change, agent)).not.toContain('/time/payroll/0');
    expect(staleKeysFor(change, admin)).toEqual(expect.arrayContaining(['/contact/2/ytdtime', '/time/payroll/0', '/company/10/invoiceitems/0']));
    expect(staleKeysFor(change, clientA)).toEqual([
      '/ticket/7/time', '/ticket/7', '/company/10/tickets', '/company/10/tickets/history', '/company/10/currenttime', '/company/10/ytdtime',
      '/company/10/hour-bank',
    ]);
    expect(staleKeysFor(change, clientB)).toEqual([]);
  });

  it('names a company to whoever may open it', () => {
    const change: Change = { kind: 'company', companyId: 20 };
    expect(staleKeysFor(change, clientB)).toContain('/company/20');
    expect(staleKeysFor(change, clientA)).toEqual([]);
    expect(staleKeysFor(change, agent)).toContain('/staff/tickets');
  });

  it("names a company's list entry, contacts and the meta entries saved", () => {
    const change: Change = { kind: 'company', companyId: 20, metaKeys: ['maintenance_prefs'] };
    expect(staleKeysFor(change, clientB)).toEqual(expect.arrayContaining(['/company', '/company/20/contacts', '/company/20/meta/maintenance_prefs']));
    expect(staleKeysFor({ kind: 'company', companyId: 20 }, clientB).some((key) => key.includes('/meta/'))).toBe(false);
    expect(staleKeysFor(change, clientA)).toEqual([]);
  });

  it('names a saved option to everyone who reads it, and a default list\'s usage to admins only', () => {
    const list: Change = { kind: 'option', name: 'status-defaults' };
    expect(staleKeysFor(list, admin)).toEqual(['/options/status-defaults', '/options/status-defaults/usage']);
    expect(staleKeysFor(list, agent)).toEqual(['/options/status-defaults']);
    expect(staleKeysFor(list, clientA)).toEqual(['/options/status-defaults']);
    expect(staleKeysFor({ kind: 'option', name: 'type_assignments' }, admin)).toEqual(['/options/type_assignments']);
  });

  it('names the rates to everyone, the ticket values priced at them to those who see values, and the month totals to admins', () => {
    const rates: Change = { kind: 'option', name: 'rates' };
    expect(staleKeysFor(rates, admin)).toEqual(expect.arrayContaining(['/options/rates', '/staff/tickets', '/company/-1/invoiceitems/0']));
    expect(staleKeysFor(rates, admin).filter((key) => key.startsWith('/company/') && key.endsWith('/tickets'))).toEqual([]);
    expect(staleKeysFor(rates, agent)).toEqual(['/options/rates']);
    expect(staleKeysFor(rates, clientA)).toEqual(['/options/rates', '/company/10/tickets', '/company/10/tickets/history']);
  });

  it('names templates and sends to those who use the message centre only', () => {
    expect(staleKeysFor({ kind: 'templates' }, admin)).toEqual(['/sendmail/templates']);
    expect(staleKeysFor({ kind: 'message', messageId: 4 }, admin)).toEqual(['/sendmail', '/sendmail/4']);
    for (const someone of [agent, clientA]) {
      expect(staleKeysFor({ kind: 'templates' }, someone)).toEqual([]);
      expect(staleKeysFor({ kind: 'message', messageId: 4 }, someone)).toEqual([]);
    }
  });

  it("names an invoice's month to admins and its invoices to the company's primary contacts, nobody else", () => {
    const change: Change = { kind: 'invoice', companyId: 10, invoiceId: 3, offset: 1 };
    expect(staleKeysFor(change, admin)).toEqual([
      '/company/-1/invoiceitems/1', '/company/10/invoiceitems/1', '/company/10/invoices', '/company/10/invoices/3',
    ]);
    expect(staleKeysFor(change, clientA)).toEqual(['/company/10/invoices', '/company/10/invoices/3']);
    expect(staleKeysFor(change, viewer(7, 5, [10], []))).toEqual([]);
    expect(staleKeysFor(change, clientB)).toEqual([]);
    expect(staleKeysFor(change, agent)).toEqual([]);
  });

  it("counts an invoice's month back from the month it is published in, in the invoice's zone", () => {
    const invoice = { company_id: 10, invoice_id: 3, month: '2026-10', time_zone: 'America/New_York' };
    expect(invoiceChange(invoice, new Date('2026-11-26T12:00:00Z'))).toEqual({ kind: 'invoice', companyId: 10, invoiceId: 3, offset: 1 });
    expect(invoiceChange(invoice, new Date('2027-01-05T12:00:00Z')).offset).toBe(3);
    // 1 November 02:00 UTC is still October in New York.
    expect(invoiceChange(invoice, new Date('2026-11-01T02:00:00Z')).offset).toBe(0);
  });

  it('matches a key and its query-string variants, never a longer id', () => {
    expect(keyMatches('/ticket/7', '/ticket/7')).toBe(true);
    expect(keyMatches('/staff/tickets', '/staff/tickets?view=kanban')).toBe(true);
    expect(keyMatches('/ticket/7', '/ticket/70')).toBe(false);
    expect(keyMatches('/ticket/7', '/ticket/7/activity')).toBe(false);
  });
});

describe('poll interval', () => {
  it('keeps the documented interval without the stream and slows to the safety net with it', () => {
    expect(pollInterval(1000, false)).toBe(1000);
    expect(pollInterval(1000, true)).toBe(LIVE_SAFETY_POLL_MS);
    expect(pollInterval(0, true)).toBe(0);
  });

  it('checks a key with the others only while it polls at the safety net', () => {
    expect(isSafetyNetPoll(pollInterval(1000, true), true)).toBe(true);
    expect(isSafetyNetPoll(pollInterval(5000, true), true)).toBe(true);
    // Without the stream, or a screen slower than the net, or a paused one: the key polls alone, as documented.
    expect(isSafetyNetPoll(pollInterval(1000, false), false)).toBe(false);
    expect(isSafetyNetPoll(pollInterval(60_000, true), true)).toBe(false);
    expect(isSafetyNetPoll(0, true)).toBe(false);
    expect(isSafetyNetPoll(undefined, true)).toBe(false);
  });
});

describe('safety-net checks', () => {
  it('batches the keys within the bounds and reads again what no check can ask', () => {
    const entries = Array.from({ length: LIVE_CHECK_MAX_KEYS + 3 }, (_, i) => ({ key: `/ticket/${i}/tasks`, etag: `"t${i}"` }));
    const long = `/company/1/tickets?q=${'x'.repeat(LIVE_CHECK_KEY_MAX_CHARS)}`;
    const { batches, readAgain } = checkBatchesOf([...entries, { key: long, etag: '"a"' }, { key: 'tasks', etag: null }]);
    expect(batches.map((batch) => batch.length)).toEqual([LIVE_CHECK_MAX_KEYS, 3]);
    expect(batches.flat()).toEqual(entries);
    expect(readAgain).toEqual([long, 'tasks']);
  });

  it('sends an ETag over the bound as none (the key is then read again)', () => {
    const { batches } = checkBatchesOf([{ key: '/ticket/1', etag: `"${'e'.repeat(LIVE_CHECK_ETAG_MAX_CHARS)}"` }]);
    expect(batches).toEqual([[{ key: '/ticket/1', etag: null }]]);
    expect(checkBatchesOf([])).toEqual({ batches: [], readAgain: [] });
  });
});

describe('watch lists', () => {
  test('a tab watches the paths of its keys, without their queries, each once and sorted', () => {
    expect(watchPathOf('/ticket/9/activity?page=2&tz=UTC')).toBe('/ticket/9/activity');
    expect(watchListOf(['/ticket/9/activity?page=1', '/ticket/9/activity?page=2', '/contact/3/notifications', '/ticket/9']))
      .toEqual(['/contact/3/notifications', '/ticket/9', '/ticket/9/activity']);
  });

  test('over the bounds, or a key that is not an API path: every key (null)', () => {
    expect(watchListOf(Array.from({ length: 101 }, (_, i) => `/ticket/${i}`))).toBeNull();
    expect(watchListOf(Array.from({ length: 100 }, (_, i) => `/ticket/${i}`))).toHaveLength(100);
    expect(watchListOf([`/${'x'.repeat(200)}`])).toBeNull();
    expect(watchListOf(Array.from({ length: 50 }, (_, i) => `/${String(i).padStart(2, '0')}${'x'.repeat(78)}`))).toBeNull();
    expect(watchListOf(['$inf$/ticket/9/activity'])).toBeNull();
    expect(watchListOf([])).toEqual([]);
  });

  test('a list as a tab sends it: distinct paths without queries, within the bounds', () => {
    expect(isWatchList(['/ticket/9', '/contact/3/notifications'])).toBe(true);
    expect(isWatchList([])).toBe(true);
    expect(isWatchList(['/ticket/9', '/ticket/9'])).toBe(false);
    expect(isWatchList(['/ticket/9?page=2'])).toBe(false);
    expect(isWatchList(['ticket/9'])).toBe(false);
    expect(isWatchList(Array.from({ length: 101 }, (_, i) => `/ticket/${i}`))).toBe(false);
  });

  test('a stale key is sent when its path is watched, or when everything is', () => {
    const watched = new Set(['/ticket/9/activity', '/staff/tickets']);
    expect(isWatched('/ticket/9/activity', watched)).toBe(true);
    expect(isWatched('/ticket/9', watched)).toBe(false);
    expect(isWatched('/ticket/10/activity', watched)).toBe(false);
    expect(isWatched('/ticket/10/activity', null)).toBe(true);
  });

  test('a watch list makes nothing stale', () => {
    expect(staleKeysFor({ kind: 'watch', contactId: 1, stream: 'A'.repeat(22), seq: 1, keys: null }, admin)).toEqual([]);
  });
});

describe('a timer change', () => {
  test("makes the timer stale for its owner's tabs only (docs/product/time-and-billing.md#timers)", () => {
    const change: Change = { kind: 'timer', contactId: agent.contactId };
    expect(staleKeysFor(change, agent)).toEqual(['/timer']);
    expect(staleKeysFor(change, admin)).toEqual([]);
    expect(staleKeysFor(change, clientA)).toEqual([]);
  });
});
