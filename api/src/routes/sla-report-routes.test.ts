import type { SlaReportAnswer } from '@portal/contract';
import { DEFAULT_STATUSES, MODE, PRIORITY, STATUS, statusLineNote } from '@portal/domain';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// The monthly response-times report (docs/product/response-times.md#the-monthly-report) on fixed data: March 2026 in
// Berlin, the month of the change to summer time, read at a fixed clock; admins only.

const NOW = new Date('2026-04-15T10:00:00.000Z');
let cast: DemoCast;
let company: number;
const ids: Record<'a' | 'b' | 'd', number> = { a: 0, b: 0, d: 0 };

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  const days = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));
  expect((await cast.call('PUT', '/api/sla/settings', cast.cookies.admin, { time_zone: 'Europe/Berlin', days, holidays: ['2026-04-03'], targets: [] })).statusCode).toBe(200);
  company = await aCompany(cast.t.app, 'Reported GmbH', MODE.active);
  const targets = [{ priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 480 }];
  expect((await cast.call('PUT', `/api/company/${company}/sla-targets`, cast.cookies.admin, { targets })).statusCode).toBe(200);
  const ticket = (title: string, date: string, status: number) => aTicket(cast.t.app, {
    company_id: company, priority_id: PRIORITY.urgent, status_id: status, title, date_created: date,
  });
  const note = (ticketId: number, date: string, status?: [number, number]) => cast.t.app.db.insertInto('activity').values({
    ticket_id: ticketId, contact_id: cast.ids.agent, contact_name: null, date_created: date, internal: 0,
    note: status ? statusLineNote(status[0], status[1], DEFAULT_STATUSES)! : 'On it', source: status ? 'status' : null,
  }).execute();
  // A: Friday 27 March 15:00 CET, answered in 30 min, completed Monday 10:00 CEST (120 + 60 business minutes).
  ids.a = await ticket('Answered in time', '2026-03-27T14:00:00.000Z', STATUS.complete);
  await note(ids.a, '2026-03-27T14:30:00.000Z');
  await note(ids.a, '2026-03-30T08:00:00.000Z', [STATUS.assigned, STATUS.complete]);
  // B: answered Monday 09:30 CEST (150 business minutes), still open: both targets missed.
  ids.b = await ticket('Answered late', '2026-03-27T14:00:00.000Z', STATUS.inProgress);
  await note(ids.b, '2026-03-30T07:30:00.000Z');
  // D: 1 March 00:30 in Berlin (still 28 February in UTC), cancelled at once: in March, nothing decided.
  ids.d = await ticket('Cancelled', '2026-02-28T23:30:00.000Z', STATUS.cancelled);
  // Not in March in Berlin: 28 February 23:30, and 1 April.
  await ticket('February', '2026-02-28T22:30:00.000Z', STATUS.inProgress);
  await ticket('April', '2026-04-01T08:00:00.000Z', STATUS.inProgress);
});
afterAll(() => cast.t.close());

const report = (query: string, cookie: string | null = cast.cookies.admin) => cast.call('GET', `/api/sla/report?${query}`, cookie ?? undefined);

test('per company: tickets opened in the month in Berlin, targets met, medians in business minutes, breaches with their tickets', async () => {
  const res = await report(`month=2026-03&company_id=${company}`);
  expect(res.statusCode).toBe(200);
  const part = {
    tickets: 3,
    first_response: { met: 1, missed: 1, met_percent: 50, median_minutes: 90 },
    resolution: { met: 1, missed: 1, met_percent: 50, median_minutes: 180 },
    breaches: [
      { ticket_id: ids.b, title: 'Answered late', company_id: company, company_name: 'Reported GmbH', target: 'first_response', due_at: '2026-03-27T15:00:00.000Z' },
      { ticket_id: ids.b, title: 'Answered late', company_id: company, company_name: 'Reported GmbH', target: 'resolution', due_at: '2026-03-30T13:00:00.000Z' },
    ],
  };
  expect(res.json<SlaReportAnswer>()).toEqual({
    month: '2026-03', time_zone: 'Europe/Berlin', companies: [{ company_id: company, company_name: 'Reported GmbH', ...part }], total: part,
  });
  const all = await report('month=2026-03');
  expect(all.json<SlaReportAnswer>().companies).toContainEqual({ company_id: company, company_name: 'Reported GmbH', ...part });
});

test('a month with no promised tickets is empty', async () => {
  expect((await report(`month=2026-05&company_id=${company}`)).json<SlaReportAnswer>()).toMatchObject({ companies: [], total: { tickets: 0, breaches: [] } });
});

test('admins only; a month that is not YYYY-MM is refused', async () => {
  expect((await report('month=2026-03', null)).statusCode).toBe(401);
  for (const cookie of [cast.cookies.agent, cast.cookies.client, cast.cookies.client2]) expect((await report('month=2026-03', cookie)).statusCode).toBe(403);
  expect((await report('month=March')).statusCode).toBe(400);
});
