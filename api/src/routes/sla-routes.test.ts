import type { CompanySlaTargets, SlaSettings, SlaSettingsSave, TicketDetail } from '@portal/contract';
import { DEFAULT_STATUSES, MESSAGES, PRIORITY, STATUS, statusLineNote } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Response-time promises (docs/product/response-times.md): admins set the business hours and targets; each ticket
// answer staff get carries its clock, computed with the API's clock; clients never get it.

/** Monday 30 March 2026, 09:30 in Berlin (summer time since Sunday). */
const NOW = new Date('2026-03-30T07:30:00.000Z');
let cast: DemoCast;
beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
});
afterAll(() => cast.t.close());

const json = async <T>(res: Promise<{ statusCode: number; json(): unknown }>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.statusCode).toBe(status);
  return answer.json() as T;
};
const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));
const berlin: SlaSettingsSave = {
  time_zone: 'Europe/Berlin',
  days: weekdays,
  holidays: ['2026-04-03'],
  targets: [{ priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 480 }],
};
const saveSettings = (body: unknown, cookie = cast.cookies.admin) => cast.call('PUT', '/api/sla/settings', cookie, body as object);
const ticketOf = (id: number, cookie = cast.cookies.agent) => json<TicketDetail>(cast.call('GET', `/api/ticket/${id}`, cookie));

/** An urgent Acme ticket opened on Friday 27 March at 15:00 in Berlin (two business hours before the weekend). */
async function fridayTicket(): Promise<number> {
  return aTicket(cast.t.app, { company_id: cast.ids.acme, contact_id: cast.ids.client, priority_id: PRIORITY.urgent, status_id: STATUS.assigned, date_created: '2026-03-27T14:00:00.000Z' });
}

async function aNote(ticketId: number, contactId: number | null, date: string, fields: { note?: string; source?: 'status'; internal?: number } = {}) {
  await cast.t.app.db.insertInto('activity')
    .values({ ticket_id: ticketId, contact_id: contactId, contact_name: null, note: fields.note ?? 'A note', date_created: date, source: fields.source ?? null, internal: fields.internal ?? 0 })
    .execute();
}

describe('the settings', () => {
  test('admins read the defaults until they save, then what they saved; nobody else reads or writes them', async () => {
    expect(await json<SlaSettings>(cast.call('GET', '/api/sla/settings', cast.cookies.admin))).toEqual({
      time_zone: 'UTC', days: weekdays, holidays: [], targets: [], date_updated: null,
    });
    for (const cookie of [cast.cookies.agent, cast.cookies.client]) {
      expect((await cast.call('GET', '/api/sla/settings', cookie)).statusCode).toBe(403);
      expect((await saveSettings(berlin, cookie)).statusCode).toBe(403);
    }
    const saved = await json<SlaSettings>(saveSettings({ ...berlin, holidays: ['2026-12-25', '2026-04-03', '2026-04-03'] }));
    expect(saved).toEqual({ ...berlin, holidays: ['2026-04-03', '2026-12-25'], date_updated: NOW.toISOString() });
    expect(await json<SlaSettings>(cast.call('GET', '/api/sla/settings', cast.cookies.admin))).toEqual(saved);
  });

  test.each([
    ['an unknown time zone', { ...berlin, time_zone: 'Mars/Olympus' }, MESSAGES.slaTimeZoneUnknown],
    ['a day closing before it opens', { ...berlin, days: [{ day: 1, open: '17:00', close: '09:00' }] }, MESSAGES.slaHoursInvalid],
    ['a day twice', { ...berlin, days: [...weekdays, { day: 1, open: '18:00', close: '19:00' }] }, MESSAGES.slaHoursInvalid],
    ['a time that is not HH:MM', { ...berlin, days: [{ day: 1, open: '9am', close: '17:00' }] }, MESSAGES.slaHoursInvalid],
    ['a day that is not a weekday', { ...berlin, days: [{ day: 8, open: '09:00', close: '17:00' }] }, MESSAGES.slaHoursInvalid],
    ['a holiday that is not a date', { ...berlin, holidays: ['2026-02-30'] }, MESSAGES.slaHolidayInvalid],
    ['an unknown priority', { ...berlin, targets: [{ priority_id: 99, first_response_minutes: 60, resolution_minutes: null }] }, MESSAGES.slaTargetInvalid],
    ['a priority twice', { ...berlin, targets: [...berlin.targets, ...berlin.targets] }, MESSAGES.slaTargetInvalid],
    ['a target of no minutes', { ...berlin, targets: [{ priority_id: 1, first_response_minutes: 0, resolution_minutes: null }] }, MESSAGES.slaTargetInvalid],
    ['something unreadable', { time_zone: 'UTC' }, MESSAGES.slaSettingsNotSaved],
  ])('refuses %s with what to fix', async (_case, body, message) => {
    const res = await saveSettings(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: message });
  });
});

describe("a company's own targets", () => {
  test('admins set and clear them; a missing company is 404', async () => {
    const url = `/api/company/${cast.ids.acme}/sla-targets`;
    expect(await json<CompanySlaTargets>(cast.call('GET', url, cast.cookies.admin))).toEqual({ company_id: cast.ids.acme, targets: null });
    const own = [{ priority_id: PRIORITY.urgent, first_response_minutes: 30, resolution_minutes: 120 }];
    expect(await json<CompanySlaTargets>(cast.call('PUT', url, cast.cookies.admin, { targets: own }))).toEqual({ company_id: cast.ids.acme, targets: own });
    expect(await json<CompanySlaTargets>(cast.call('GET', url, cast.cookies.admin))).toEqual({ company_id: cast.ids.acme, targets: own });
    expect((await cast.call('PUT', url, cast.cookies.admin, { targets: [{ priority_id: 1, first_response_minutes: -5, resolution_minutes: null }] })).json())
      .toEqual({ statusCode: 400, error: MESSAGES.slaTargetInvalid });
    expect((await cast.call('PUT', url, cast.cookies.agent, { targets: null })).statusCode).toBe(403);
    expect((await cast.call('PUT', '/api/company/999999/sla-targets', cast.cookies.admin, { targets: null })).statusCode).toBe(404);
    expect(await json<CompanySlaTargets>(cast.call('PUT', url, cast.cookies.admin, { targets: null }))).toEqual({ company_id: cast.ids.acme, targets: null });
  });
});

describe("a ticket's clock", () => {
  beforeAll(async () => {
    expect((await saveSettings(berlin)).statusCode).toBe(200);
  });

  test('staff get the next due target in business time across the change to summer time; a client never does', async () => {
    const ticketId = await fridayTicket();
    // 60 min due Friday 16:00 CET; 120 min used on Friday and 30 this Monday morning.
    const agentView = await ticketOf(ticketId);
    expect(agentView.sla).toEqual({
      target: 'first_response', due_at: '2026-03-27T15:00:00.000Z', at_risk_at: '2026-03-27T14:45:00.000Z', left_minutes: -90, state: 'breached', paused: false,
    });
    expect((await ticketOf(ticketId, cast.cookies.admin)).sla).toEqual(agentView.sla);
    expect(await ticketOf(ticketId, cast.cookies.client)).not.toHaveProperty('sla');
  });

  test('the first public staff note answers; an internal note and the client\'s do not; the wait for the client pauses it', async () => {
    const ticketId = await fridayTicket();
    await aNote(ticketId, cast.ids.client, '2026-03-27T14:05:00.000Z');
    await aNote(ticketId, cast.ids.agent, '2026-03-27T14:10:00.000Z', { internal: 1 });
    await aNote(ticketId, cast.ids.agent, '2026-03-27T14:20:00.000Z');
    // Need More Info from Friday 15:00 CET until Monday 09:15 CEST: 60 + 15 min of business time run.
    await aNote(ticketId, cast.ids.agent, '2026-03-27T15:00:00.000Z', { source: 'status', note: statusLineNote(STATUS.assigned, STATUS.needMoreInfo, DEFAULT_STATUSES)! });
    await aNote(ticketId, cast.ids.client, '2026-03-30T07:15:00.000Z', { source: 'status', note: statusLineNote(STATUS.needMoreInfo, STATUS.inProgress, DEFAULT_STATUSES)! });
    await cast.t.app.db.updateTable('tickets').set({ status_id: STATUS.inProgress }).where('ticket_id', '=', ticketId).execute();

    expect((await ticketOf(ticketId)).sla).toEqual({
      target: 'resolution', due_at: '2026-03-30T14:15:00.000Z', at_risk_at: '2026-03-30T12:15:00.000Z', left_minutes: 405, state: 'ok', paused: false,
    });
  });

  test("a company's own targets replace the provider's, and saving drops the answers kept in memory", async () => {
    const ticketId = await fridayTicket();
    expect((await ticketOf(ticketId)).sla).toMatchObject({ target: 'first_response', left_minutes: -90 });
    const url = `/api/company/${cast.ids.acme}/sla-targets`;
    const own = [{ priority_id: PRIORITY.urgent, first_response_minutes: 240, resolution_minutes: 960 }];
    expect((await cast.call('PUT', url, cast.cookies.admin, { targets: own })).statusCode).toBe(200);
    expect((await ticketOf(ticketId)).sla).toMatchObject({ target: 'first_response', left_minutes: 90, state: 'ok' });
    expect((await cast.call('PUT', url, cast.cookies.admin, { targets: null })).statusCode).toBe(200);
    expect((await saveSettings({ ...berlin, targets: [] })).statusCode).toBe(200);
    expect((await ticketOf(ticketId)).sla).toBeNull();
    expect((await saveSettings(berlin)).statusCode).toBe(200);
  });

  test('a completed ticket has nothing due', async () => {
    const ticketId = await fridayTicket();
    await cast.t.app.db.updateTable('tickets').set({ status_id: STATUS.complete }).where('ticket_id', '=', ticketId).execute();
    expect((await ticketOf(ticketId)).sla).toBeNull();
  });
});
