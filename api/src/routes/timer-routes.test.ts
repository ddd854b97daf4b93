import { MESSAGES, TIMER_ASK_SECONDS, TIMER_LIMIT_SECONDS, timerReplaceQuestion } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { isPostgresUrl } from '../db/connect';
import { aTicket } from '../test-support/factories';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number, otherTicket: number;
beforeAll(async () => {
  ({ t, call, cookies, ids, ticketId } = await openWorkTicket());
  otherTicket = await aTicket(t.app, { company_id: ids.acme, title: 'Second job', assignee_id: ids.agent });
});
afterAll(() => t.close());
afterEach(async () => {
  jest.restoreAllMocks();
  await t.app.db.deleteFrom('timers').execute();
});

/** Moves the caller's running stretch back, as if it had started `seconds` ago. */
const startedAgo = (contactId: number, seconds: number) =>
  t.app.db.updateTable('timers').set({ started_at: new Date(Date.now() - seconds * 1000).toISOString() }).where('contact_id', '=', contactId).execute();
const timerOf = async (cookie: string) => (await call('GET', '/api/timer', cookie)).json().timer;
/**
 * Two calls at once on PostgreSQL. Two SQLite APIs in one Node process cannot wait for each other's write lock (a
 * connection waiting blocks the one thread the other needs to commit), so there they run one after the other.
 */
async function together<A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (isPostgresUrl(process.env.DATABASE_URL)) return Promise.all([a(), b()]);
  return [await a(), await b()];
}
const notes = (contactId: number) =>
  t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', contactId).execute().then((rows) => rows.map((row) => row.note));

describe('timers', () => {
  test('one timer per agent: starting elsewhere asks (409) and replace logs the first and starts the second', async () => {
    const started = await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId });
    expect(started.statusCode).toBe(200);
    expect(started.json().timer).toMatchObject({ ticket_id: ticketId, title: 'Work log', paused: false, units: 1 });
    // Again on the same ticket: it goes on.
    expect((await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId })).json().timer.ticket_id).toBe(ticketId);

    const asked = await call('POST', '/api/timer', cookies.agent, { ticket_id: otherTicket });
    expect([asked.statusCode, asked.json().error]).toEqual([409, timerReplaceQuestion('Work log')]);
    expect((await timerOf(cookies.agent)).ticket_id).toBe(ticketId);

    // Replacing needs the description of the time it logs; refused, nothing changes.
    const bare = await call('POST', '/api/timer', cookies.agent, { ticket_id: otherTicket, replace: true });
    expect([bare.statusCode, bare.json().error]).toEqual([400, MESSAGES.invalidTimeEntry]);
    expect((await timerOf(cookies.agent)).ticket_id).toBe(ticketId);

    await startedAgo(ids.agent, 13 * 60);
    const replaced = await call('POST', '/api/timer', cookies.agent, { ticket_id: otherTicket, replace: true, description: 'Form fixes' });
    expect(replaced.json().timer).toMatchObject({ ticket_id: otherTicket, title: 'Second job' });
    const time = (await call('GET', `/api/ticket/${ticketId}/time`, cookies.agent)).json();
    expect(JSON.stringify(time)).toContain('Form fixes');
    const entry = await t.app.db.selectFrom('time_entries').select(['time', 'contact_id']).where('description', '=', 'Form fixes').executeTakeFirstOrThrow();
    expect(entry).toEqual({ time: 3, contact_id: ids.agent });
    // Another agent's timer is their own.
    expect(await timerOf(cookies.admin)).toBeNull();
    expect((await call('POST', '/api/timer', cookies.admin, { ticket_id: ticketId })).statusCode).toBe(200);
  });

  test('stopping logs the time rounded up to 6-minute units with the description, and tells the agent’s own tabs', async () => {
    const publish = jest.spyOn(t.app.events, 'publish');
    await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId });
    expect(publish).toHaveBeenCalledWith({ kind: 'timer', contactId: ids.agent });
    await startedAgo(ids.agent, 6 * 60 + 1);
    expect(await timerOf(cookies.agent)).toMatchObject({ units: 2, paused: false });

    const blank = await call('POST', '/api/timer/stop', cookies.agent, { description: '  ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, MESSAGES.invalidTimeEntry]);
    expect(await timerOf(cookies.agent)).not.toBeNull();

    const stopped = await call('POST', '/api/timer/stop', cookies.agent, { description: 'Timed work' });
    expect(stopped.statusCode).toBe(201);
    expect(stopped.json().entry).toMatchObject({ time: 2, description: 'Timed work' });
    expect(await timerOf(cookies.agent)).toBeNull();
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ kind: 'time', ticketId, contactId: ids.agent }), { kind: 'timer', contactId: ids.agent });
    const again = await call('POST', '/api/timer/stop', cookies.agent, { description: 'Twice' });
    expect([again.statusCode, again.json().error]).toEqual([404, MESSAGES.timerNotFound]);
  });

  test('pausing keeps what ran and counts no paused time; discarding logs nothing', async () => {
    await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId });
    await startedAgo(ids.agent, 20 * 60);
    const paused = (await call('POST', '/api/timer/pause', cookies.agent)).json().timer;
    expect(paused).toMatchObject({ paused: true, units: 4 });
    expect(paused.elapsed_seconds).toBeGreaterThanOrEqual(20 * 60);
    await startedAgo(ids.agent, 3 * 60 * 60);
    expect((await timerOf(cookies.agent)).elapsed_seconds).toBe(paused.elapsed_seconds);
    expect((await call('POST', '/api/timer/resume', cookies.agent)).json().timer).toMatchObject({ paused: false, units: 4 });

    const before = await t.app.db.selectFrom('time_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await call('DELETE', '/api/timer', cookies.agent)).json()).toEqual({ timer: null });
    const after = await t.app.db.selectFrom('time_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await call('POST', '/api/timer/pause', cookies.agent)).statusCode).toBe(404);
  });

  test('clients are refused every timer route', async () => {
    const refused = await Promise.all([
      call('GET', '/api/timer', cookies.client),
      call('POST', '/api/timer', cookies.client, { ticket_id: ticketId }),
      call('POST', '/api/timer/pause', cookies.client),
      call('POST', '/api/timer/resume', cookies.client),
      call('POST', '/api/timer/stop', cookies.client, { description: 'x' }),
      call('DELETE', '/api/timer', cookies.client),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await call('GET', '/api/timer')).statusCode).toBe(401);
    expect((await call('POST', '/api/timer', cookies.agent, { ticket_id: 999_999 })).statusCode).toBe(404);
  });

  test('past 4 hours the agent is asked once (bell); at 10 hours the timer is paused once, counting 10 hours', async () => {
    await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId });
    await startedAgo(ids.agent, TIMER_ASK_SECONDS + 30);
    expect(await t.app.jobs.runTimers()).toEqual({ asked: 1, paused: 0 });
    expect(await t.app.jobs.runTimers()).toEqual({ asked: 0, paused: 0 });
    expect((await notes(ids.agent)).filter((note) => note === 'Your timer on Work log has run for 4 hours: still going?')).toHaveLength(1);

    await startedAgo(ids.agent, TIMER_LIMIT_SECONDS + 3600);
    expect(await t.app.jobs.runTimers()).toEqual({ asked: 0, paused: 1 });
    expect(await t.app.jobs.runTimers()).toEqual({ asked: 0, paused: 0 });
    expect((await notes(ids.agent)).filter((note) => note === 'Your timer on Work log reached 10 hours and was paused. Resume it if you are still working, or stop it to log the time.')).toHaveLength(1);
    expect(await timerOf(cookies.agent)).toMatchObject({ paused: true, elapsed_seconds: TIMER_LIMIT_SECONDS, units: 100 });
    // Resumed by the agent: the limit does not pause it again.
    await call('POST', '/api/timer/resume', cookies.agent);
    expect(await t.app.jobs.runTimers()).toEqual({ asked: 0, paused: 0 });
  });

  test('the rules of logging time apply to a timer: plan hours told in the same transaction, and past them a refusal keeps the timer', async () => {
    const companyId = await t.app.repos.companies.create(t.app.db, { name: 'Timer Bank Co', mode: 1 });
    const banked = await aTicket(t.app, { company_id: companyId, title: 'Banked work', assignee_id: ids.agent });
    const bank = await call('PUT', `/api/company/${companyId}/hour-bank`, cookies.admin, { enabled: true, included_hours: 1, rollover_cap_hours: 0 });
    expect(bank.statusCode).toBe(200);

    await call('POST', '/api/timer', cookies.agent, { ticket_id: banked });
    await startedAgo(ids.agent, 50 * 60);
    const toldBefore = (await notes(ids.admin)).length;
    const stopped = await call('POST', '/api/timer/stop', cookies.agent, { description: 'Most of the plan' });
    expect([stopped.statusCode, stopped.json().entry?.time]).toEqual([201, 9]);
    // 9 of 10 units: the 80 % notice went to the admins with the entry.
    expect((await notes(ids.admin)).length).toBeGreaterThan(toldBefore);

    await call('POST', '/api/timer', cookies.agent, { ticket_id: banked });
    await startedAgo(ids.agent, 30 * 60);
    const beyond = await call('POST', '/api/timer/stop', cookies.agent, { description: 'Past the plan' });
    expect(beyond.statusCode).toBe(409);
    expect(await timerOf(cookies.agent)).toMatchObject({ ticket_id: banked });
    const logged = await t.app.db.selectFrom('time_entries').select('time').where('ticket_id', '=', banked).execute();
    expect(logged).toEqual([{ time: 9 }]);
  });

  test('two processes on one database: the timer started on one is read, refused and stopped once on the other; their job runners ask once', async () => {
    const other: FastifyInstance = await t.openAnother();
    try {
      const onOther = (method: 'GET' | 'POST', url: string, payload?: object) =>
        other.inject({ method, url, headers: { cookie: cookies.agent }, ...(payload ? { payload } : {}) });
      await call('POST', '/api/timer', cookies.agent, { ticket_id: ticketId });
      expect((await onOther('GET', '/api/timer')).json().timer).toMatchObject({ ticket_id: ticketId, title: 'Work log' });
      expect((await onOther('POST', '/api/timer', { ticket_id: otherTicket })).statusCode).toBe(409);
      const [first, second] = await together(
        () => onOther('POST', '/api/timer/stop', { description: 'Stopped on the other' }),
        () => call('POST', '/api/timer/stop', cookies.agent, { description: 'Stopped on the other' }),
      );
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 404]);
      const logged = await t.app.db.selectFrom('time_entries').select('time').where('description', '=', 'Stopped on the other').execute();
      expect(logged).toEqual([{ time: 1 }]);

      // Both job runners see the timer past 4 hours at once: it asks once.
      await call('POST', '/api/timer', cookies.agent, { ticket_id: otherTicket });
      await startedAgo(ids.agent, TIMER_ASK_SECONDS + 5);
      const asked = (await notes(ids.agent)).filter((note) => note === 'Your timer on Second job has run for 4 hours: still going?').length;
      const runs = await together(() => t.app.jobs.runTimers(), () => other.jobs.runTimers());
      expect(runs.reduce((sum, run) => sum + run.asked, 0)).toBe(1);
      expect((await notes(ids.agent)).filter((note) => note === 'Your timer on Second job has run for 4 hours: still going?')).toHaveLength(asked + 1);
    } finally {
      await other.close();
    }
  });
});
