import { MODE, PRIORITY, STATUS } from '@portal/domain';
import { isPostgresUrl } from '../db/connect';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { watchResponseTimes } from './response-time-warnings';
import { serviceContext } from './service-context';

// Warnings before a breach and breaches recorded once (docs/product/response-times.md#warnings-and-breaches): the job
// runner's check at the API's clock, the bell notification and the e-mail to the assignee or the admins, once each,
// however often and by however many processes the check runs.

/** Monday 2 March 2026, 08:00 UTC: every ticket here is opened then. */
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
let now = new Date(T0);
const at = (minutes: number) => {
  now = new Date(T0 + minutes * 60_000);
};
let cast: DemoCast;
let company: number;
let admins: { contact_id: number; email: string }[];

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => now });
  // Every day around the clock (a minute short of midnight), in UTC; only this company's tickets have a promise.
  const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '23:59' }));
  expect((await cast.call('PUT', '/api/sla/settings', cast.cookies.admin, { time_zone: 'UTC', days, holidays: [], targets: [] })).statusCode).toBe(200);
  company = await aCompany(cast.t.app, 'Promised Ltd', MODE.active);
  const targets = [{ priority_id: PRIORITY.urgent, first_response_minutes: 60, resolution_minutes: 240 }];
  expect((await cast.call('PUT', `/api/company/${company}/sla-targets`, cast.cookies.admin, { targets })).statusCode).toBe(200);
  admins = await cast.t.app.repos.contacts.listAdmins();
});
afterAll(() => cast.t.close());

/** One check as the job runs it, outside the runner's queue (so that several run at once). */
const check = () => watchResponseTimes(serviceContext(cast.t.app), (...changes) => cast.t.app.events.publish(...changes));

const opened = (fields: { title: string; assignee_id?: number | null }) => aTicket(cast.t.app, {
  company_id: company, priority_id: PRIORITY.urgent, status_id: fields.assignee_id ? STATUS.assigned : STATUS.backlog,
  assignee_id: fields.assignee_id ?? null, title: fields.title, date_created: new Date(T0).toISOString(),
});
const notesOf = async (ticketId: number) => (await cast.t.app.db.selectFrom('notifications').select(['contact_id', 'note']).where('ticket_id', '=', ticketId).orderBy('notification_id').execute());
const mailTo = async (subject: string) => (await cast.t.app.db.selectFrom('mail_outbox').select(['to_address', 'text']).where('subject', 'like', `%${subject}%`).orderBy('id').execute());
const staffReply = (ticketId: number, minutes: number) => cast.t.app.db.insertInto('activity')
  .values({ ticket_id: ticketId, contact_id: cast.ids.agent, contact_name: null, note: 'On it', date_created: new Date(T0 + minutes * 60_000).toISOString(), source: null, internal: 0 })
  .execute();

test('at 75 % the assignee is warned once, by bell and e-mail; at 100 % the breach is recorded and told once', async () => {
  const ticketId = await opened({ title: 'Checkout broken', assignee_id: cast.ids.agent });
  at(30);
  await cast.t.app.jobs.runSla();
  expect(await notesOf(ticketId)).toEqual([]);

  at(45);
  expect(await cast.t.app.jobs.runSla()).toMatchObject({ warned: 1, breached: 0 });
  await cast.t.app.jobs.runSla();
  const warning = `Response time at risk: #${ticketId} Checkout broken — first response due in 15 min`;
  expect(await notesOf(ticketId)).toEqual([{ contact_id: cast.ids.agent, note: warning }]);
  const [mail, ...more] = await mailTo(warning);
  expect(more).toEqual([]);
  expect(mail!.to_address).toBe('agent@demo.test');
  expect(mail!.text).toContain(`/clients/${company}/tickets/${ticketId}`);

  at(61);
  // Three checks at once, interleaved on the database: each reads the ticket unrecorded, one records and tells.
  await Promise.all([check(), check(), cast.t.app.jobs.runSla()]);
  const missed = `Response time missed: #${ticketId} Checkout broken — first response overdue by 1 min`;
  expect((await notesOf(ticketId)).map((n) => n.note)).toEqual([warning, missed]);
  expect(await mailTo(missed)).toHaveLength(1);
  const events = await cast.t.app.db.selectFrom('sla_events').selectAll().where('ticket_id', '=', ticketId).execute();
  expect(events).toEqual([{ ticket_id: ticketId, target: 'first_response', warned_at: new Date(T0 + 45 * 60_000).toISOString(), breached_at: new Date(T0 + 61 * 60_000).toISOString() }]);

  // Answered at 70 min: the resolution (240) is next, at risk from 180 min of the clock.
  await staffReply(ticketId, 70);
  at(179);
  await check();
  at(180);
  await check();
  await cast.t.app.jobs.runSla();
  expect((await notesOf(ticketId)).map((n) => n.note)).toEqual([
    warning, missed, `Response time at risk: #${ticketId} Checkout broken — resolution due in 1 h`,
  ]);
});

test('unassigned, every admin is told; a first response that came late between two checks is still recorded as missed', async () => {
  at(0);
  const ticketId = await opened({ title: 'Nobody on it' });
  await staffReply(ticketId, 70);
  at(75);
  expect(await cast.t.app.jobs.runSla()).toMatchObject({ breached: 1 });
  expect(admins.length).toBeGreaterThan(0);
  const missed = `Response time missed: #${ticketId} Nobody on it — first response overdue by 10 min`;
  expect(await notesOf(ticketId)).toEqual(admins.map((a) => ({ contact_id: a.contact_id, note: missed })));
  expect((await mailTo(missed)).map((m) => m.to_address).sort()).toEqual(admins.map((a) => a.email).sort());
});

test('a breach long past when first seen (a check that did not run, targets saved over old tickets) is recorded, not told', async () => {
  at(0);
  const ticketId = await aTicket(cast.t.app, {
    company_id: company, priority_id: PRIORITY.urgent, status_id: STATUS.assigned, assignee_id: cast.ids.agent, title: 'Old news',
    date_created: new Date(T0 - 3 * 60 * 60_000).toISOString(),
  });
  expect(await check()).toMatchObject({ breached: 1 });
  expect(await notesOf(ticketId)).toEqual([]);
  expect(await mailTo(`#${ticketId} Old news`)).toEqual([]);
  expect(await cast.t.app.db.selectFrom('sla_events').select(['target', 'breached_at']).where('ticket_id', '=', ticketId).execute())
    .toEqual([{ target: 'first_response', breached_at: now.toISOString() }]);
});

test('a ticket waiting on the client is not warned while its clock stands still; a closed ticket is not read', async () => {
  at(0);
  const waiting = await aTicket(cast.t.app, {
    company_id: company, priority_id: PRIORITY.urgent, status_id: STATUS.needMoreInfo, title: 'Waiting', date_created: new Date(T0).toISOString(),
  });
  const done = await aTicket(cast.t.app, {
    company_id: company, priority_id: PRIORITY.urgent, status_id: STATUS.complete, title: 'Done', date_created: new Date(T0).toISOString(),
  });
  at(50);
  await cast.t.app.jobs.runSla();
  expect(await notesOf(waiting)).toEqual([]);
  expect(await notesOf(done)).toEqual([]);
});

// Processes of one portal, or several portals, on one PostgreSQL database (CI's second run of the suite): on SQLite
// the suite opens one instance per database file.
const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;

postgresOnly('two API instances on one database', () => {
  test('checking at once, they record and tell a warning and a breach once', async () => {
    const other = await cast.t.openAnother({ clock: () => now });
    try {
      at(0);
      const ticketId = await opened({ title: 'Raced', assignee_id: cast.ids.agent });
      const otherCheck = () => watchResponseTimes(serviceContext(other), (...changes) => other.events.publish(...changes));
      at(46);
      await Promise.all([check(), otherCheck(), check(), otherCheck()]);
      at(65);
      await Promise.all([otherCheck(), check(), otherCheck(), check()]);
      expect((await notesOf(ticketId)).map((n) => n.note)).toEqual([
        `Response time at risk: #${ticketId} Raced — first response due in 14 min`,
        `Response time missed: #${ticketId} Raced — first response overdue by 5 min`,
      ]);
      expect(await mailTo(`#${ticketId} Raced`)).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
