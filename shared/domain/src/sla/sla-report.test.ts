import { PRIORITY, STATUS } from '../lookups';
import type { BusinessHours } from './business-hours';
import type { PriorityTarget, SlaTicket } from './sla-clock';
import { SLA_NOTICES, median, monthBoundsIn, slaOutcomesOf, slaReportOf, type SlaReportTicket } from './sla-report';

// How promises turned out and the monthly report (docs/product/response-times.md#the-monthly-report), on fixed data
// across Berlin's change to summer time (Sunday 29 March 2026) and a holiday.

const berlin: BusinessHours = {
  time_zone: 'Europe/Berlin',
  days: ([1, 2, 3, 4, 5] as const).map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: ['2026-04-03'],
};
const targets: PriorityTarget[] = [{ priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 480 }];
// Tuesday 31 March 2026, 16:30 in Berlin (summer time).
const now = new Date('2026-03-31T14:30:00.000Z');
// Friday 27 March 2026, 15:00 in Berlin (winter time): two business hours that day.
const friday = '2026-03-27T14:00:00.000Z';
const ticket = (over: Partial<SlaTicket & { completed: boolean }>): SlaTicket & { completed: boolean } => ({
  priority_id: PRIORITY.urgent, status_id: STATUS.assigned, date_created: friday, initial_status_id: STATUS.assigned,
  changes: [], first_response_at: null, completed: false, ...over,
});

// A: answered after 30 min, completed Monday 10:00 summer time (120 + 60 business minutes).
const a = ticket({ first_response_at: '2026-03-27T14:30:00.000Z', status_id: STATUS.complete, changes: [{ at: '2026-03-30T08:00:00.000Z', status_id: STATUS.complete }], completed: true });
// B: answered Monday 09:30 summer time (150 business minutes), still open long after its 480.
const b = ticket({ first_response_at: '2026-03-30T07:30:00.000Z' });
// C: opened Tuesday 16:00 summer time, 30 minutes ago: nothing decided yet.
const c = ticket({ date_created: '2026-03-31T14:00:00.000Z' });
// D: a priority with no promise.
const d = ticket({ priority_id: PRIORITY.low });

describe('slaOutcomesOf', () => {
  test('met in time, across the change to summer time', () => {
    expect(slaOutcomesOf(a, targets, berlin, now)).toMatchObject([
      { target: 'first_response', target_minutes: 60, used_minutes: 30, done: true, state: 'met', due_at: '2026-03-27T15:00:00.000Z' },
      // Monday 09:00 summer time is 07:00Z: 60 minutes to 08:00Z (none, were the change ignored).
      { target: 'resolution', target_minutes: 480, used_minutes: 180, done: true, state: 'met' },
    ]);
  });

  test('answered late and not completed in time: both missed, each due when its minutes ran out', () => {
    expect(slaOutcomesOf(b, targets, berlin, now)).toEqual([
      { target: 'first_response', target_minutes: 60, used_minutes: 150, done: true, state: 'missed', due_at: '2026-03-27T15:00:00.000Z' },
      { target: 'resolution', target_minutes: 480, used_minutes: 120 + 480 + 450, done: false, state: 'missed', due_at: '2026-03-30T13:00:00.000Z' },
    ]);
  });

  test('still running: pending; no promise: nothing', () => {
    expect(slaOutcomesOf(c, targets, berlin, now).map((o) => [o.state, o.used_minutes])).toEqual([['pending', 30], ['pending', 30]]);
    expect(slaOutcomesOf(d, targets, berlin, now)).toEqual([]);
  });

  test('a holiday counts no time: Thursday to Monday over Good Friday', () => {
    const beforeEaster = ticket({ date_created: '2026-04-02T14:00:00.000Z' });
    const monday = new Date('2026-04-06T07:30:00.000Z');
    // Thursday 16:00 to 17:00 (60), Good Friday and the weekend nothing, Monday 09:00 to 09:30 (30).
    expect(slaOutcomesOf(beforeEaster, targets, berlin, monday)[0]).toMatchObject({ used_minutes: 90, state: 'missed', due_at: '2026-04-02T15:00:00.000Z' });
  });
});

describe('slaReportOf', () => {
  const row = (id: number, company: [number, string], t: SlaTicket & { completed: boolean }): SlaReportTicket => ({
    ticket_id: id, title: `Ticket ${id}`, company_id: company[0], company_name: company[1], outcomes: slaOutcomesOf(t, targets, berlin, now),
  });
  const acme: [number, string] = [1, 'Acme'];
  const beta: [number, string] = [2, 'Beta'];
  const report = slaReportOf([row(11, acme, a), row(12, acme, b), row(13, beta, c), row(14, beta, d)]);

  test('per company by name, and the total: tickets with a promise, met %, medians of the answered and completed', () => {
    expect(report.companies.map((p) => [p.company_name, p.tickets, p.first_response, p.resolution])).toEqual([
      ['Acme', 2, { met: 1, missed: 1, met_percent: 50, median_minutes: 90 }, { met: 1, missed: 1, met_percent: 50, median_minutes: 180 }],
      ['Beta', 1, { met: 0, missed: 0, met_percent: null, median_minutes: null }, { met: 0, missed: 0, met_percent: null, median_minutes: null }],
    ]);
    expect(report.total).toMatchObject({
      tickets: 3,
      first_response: { met: 1, missed: 1, met_percent: 50, median_minutes: 90 },
      resolution: { met: 1, missed: 1, met_percent: 50, median_minutes: 180 },
    });
  });

  test('the breaches, oldest first, with the ticket, its company and the target', () => {
    const breach = { ticket_id: 12, title: 'Ticket 12', company_id: 1, company_name: 'Acme' };
    expect(report.total.breaches).toEqual([
      { ...breach, target: 'first_response', due_at: '2026-03-27T15:00:00.000Z' },
      { ...breach, target: 'resolution', due_at: '2026-03-30T13:00:00.000Z' },
    ]);
    expect(report.companies[1]!.breaches).toEqual([]);
  });

  test('no promised ticket: no company and a total of nothing', () => {
    expect(slaReportOf([row(14, beta, d)])).toEqual({
      companies: [],
      total: { tickets: 0, first_response: { met: 0, missed: 0, met_percent: null, median_minutes: null }, resolution: { met: 0, missed: 0, met_percent: null, median_minutes: null }, breaches: [] },
    });
  });

  test('median: the middle one, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('monthBoundsIn', () => {
  test('a month begins and ends at local midnight, across daylight-saving changes', () => {
    expect(monthBoundsIn('2026-03', 'Europe/Berlin')).toEqual({ from: new Date('2026-02-28T23:00:00.000Z'), to: new Date('2026-03-31T22:00:00.000Z') });
    expect(monthBoundsIn('2026-11', 'America/New_York')).toEqual({ from: new Date('2026-11-01T04:00:00.000Z'), to: new Date('2026-12-01T05:00:00.000Z') });
    expect(monthBoundsIn('2026-12', 'UTC')).toEqual({ from: new Date('2026-12-01T00:00:00.000Z'), to: new Date('2027-01-01T00:00:00.000Z') });
    expect(monthBoundsIn('March', 'UTC')).toBeNull();
  });
});

describe('SLA_NOTICES', () => {
  test('the empty report in words', () => {
    expect(SLA_NOTICES.reportEmpty('2026-03')).toBe('No tickets with response-time promises in March 2026');
  });
});
