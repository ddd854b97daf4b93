import { STATUS, TYPE } from '@portal/domain';
import { createJobRunner, type JobRunner } from '../plugins/jobs';
import { aTimeEntry } from '../test-support/billing';
import { aCompany, aTicket } from '../test-support/factories';
import { isPostgresUrl } from '../db/connect';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// The monthly statement (docs/product/statements.md): the admins' preview and list, holding and releasing, who reads a
// company's statement, and the send on the 1st: once per company and month however many runners send at once, to the
// primary contacts only, a held one kept back until released. The clock starts on 20 November 2030 (UTC, the tests'
// portal zone) and moves to 1 December.

let now = new Date('2030-11-20T12:00:00.000Z');
let cast: DemoCast;
let other: JobRunner;
let danaCookie: string;
let heldCo: number;
const HELD_PRIMARY = 'olga@heldco.test';
const titles = { fix: 'Fix the checkout', kickoff: 'Kick-off call', late: 'Overdue banner', done: 'Finished logo' };

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => now, publicUrl: 'https://portal.example' });
  const { t, ids } = cast;
  const app = t.app;
  const fix = await aTicket(app, { company_id: ids.acme, title: titles.fix, type_id: TYPE.incidentBug, status_id: STATUS.inProgress });
  const kickoff = await aTicket(app, { company_id: ids.acme, title: titles.kickoff, type_id: TYPE.meeting });
  await aTicket(app, { company_id: ids.acme, title: titles.late, status_id: STATUS.assigned, date_due: '2030-11-15T17:00:00.000Z' });
  await aTicket(app, { company_id: ids.acme, title: titles.done, status_id: STATUS.complete, date_completed: '2030-11-10T12:00:00.000Z' });
  const log = (ticket: number, company: number, time: number, date: string) => aTimeEntry(app, { ticket_id: ticket, company_id: company, contact_id: ids.agent, time, date });
  await log(fix, ids.acme, 10, '2030-11-05T10:00:00.000Z');
  await log(kickoff, ids.acme, 4, '2030-11-06T10:00:00.000Z');

  // Acme's November maintenance ticket, one task of two done.
  const maintenance = await aTicket(app, { company_id: ids.acme, title: 'Monthly maintenance: November 2030' });
  await app.db.insertInto('maintenance_runs').values({ company_id: ids.acme, period_start: '2030-11', period_end: '2030-11', ticket_id: maintenance, date_created: now.toISOString() }).execute();
  await app.db.insertInto('tasks').values([
    { ticket_id: maintenance, instruction: 'Update plugins', sort_order: 0, date_completed: '2030-11-03T10:00:00.000Z', date_created: now.toISOString() },
    { ticket_id: maintenance, instruction: 'Check backups', sort_order: 1, date_completed: null, date_created: now.toISOString() },
  ]).execute();

  heldCo = await aCompany(app, 'Held Co', 1);
  const olga = await app.repos.contacts.create(app.db, { first_name: 'Olga', last_name: 'Held', email: HELD_PRIMARY, phone: null, group_id: 5 });
  await app.repos.companyContacts.link(app.db, { company_id: heldCo, contact_id: olga, title: null, primary: 1 });
  await log(await aTicket(app, { company_id: heldCo, title: 'Held work' }), heldCo, 3, '2030-11-07T10:00:00.000Z');

  danaCookie = await t.login('dana@acme.test');
  other = createJobRunner(app, 'second-runner');
});
afterAll(async () => {
  await cast.t.close();
});

const statementMails = (to: string) =>
  cast.t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).where('subject', '=', 'Your statement for November 2030').execute();

test("an admin previews a company's month before the send: tickets worked and completed, time and value, maintenance, overdue", async () => {
  const { call, cookies, ids } = cast;
  const res = await call('GET', `/api/company/${ids.acme}/statements/2030-11`, cookies.admin);
  expect(res.statusCode).toBe(200);
  const statement = res.json();
  expect(statement).toMatchObject({ company_id: ids.acme, company_name: 'Acme, LLC', month: '2030-11', month_label: 'November 2030', status: 'draft', date_sent: null });
  expect(statement.worked).toEqual(expect.arrayContaining([
    expect.objectContaining({ title: titles.fix, type_name: 'Incident/Bug', units: 10, amount: 100 }),
    expect.objectContaining({ title: titles.kickoff, type_name: 'Meeting', units: 4, amount: 20 }),
  ]));
  expect(statement.completed).toEqual(expect.arrayContaining([expect.objectContaining({ title: titles.done })]));
  expect(statement.overdue).toEqual(expect.arrayContaining([expect.objectContaining({ title: titles.late, date_due: '2030-11-15T17:00:00.000Z' })]));
  expect(statement.maintenance).toEqual([expect.objectContaining({
    title: 'Monthly maintenance: November 2030', done: 1, tasks: [{ instruction: 'Update plugins', done: true }, { instruction: 'Check backups', done: false }],
  })]);
  expect(statement.plan).toBeNull();
  expect((await call('GET', `/api/company/${ids.acme}/statements/2030-12`, cookies.admin)).statusCode).toBe(400);
});

test('the admins list every statement of the month with its status; others may not', async () => {
  const { call, cookies, ids } = cast;
  const res = await call('GET', '/api/statements?month=2030-11', cookies.admin);
  expect(res.statusCode).toBe(200);
  const list = res.json() as { company_id: number; status: string; total_units: number }[];
  expect(list.find((row) => row.company_id === ids.acme)).toMatchObject({ status: 'draft' });
  expect(list.find((row) => row.company_id === heldCo)).toMatchObject({ status: 'draft', total_units: 3 });
  for (const cookie of [cookies.agent, cookies.client]) expect((await call('GET', '/api/statements?month=2030-11', cookie)).statusCode).toBe(403);
});

test('before the send the primary contact cannot read it yet; agents, other contacts and other companies never', async () => {
  const { call, cookies, ids } = cast;
  expect((await call('GET', `/api/company/${ids.acme}/statements/2030-11`, cookies.client)).statusCode).toBe(404);
  for (const cookie of [cookies.agent, cookies.client2, danaCookie]) {
    expect((await call('GET', `/api/company/${ids.acme}/statements/2030-11`, cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/company/${ids.acme}/statements`, cookie)).statusCode).toBe(403);
  }
});

test('an admin holds a statement (audited); agents and clients cannot', async () => {
  const { call, cookies, ids } = cast;
  for (const cookie of [cookies.agent, cookies.client]) expect((await call('POST', `/api/company/${heldCo}/statements/2030-11/hold`, cookie)).statusCode).toBe(403);
  const res = await call('POST', `/api/company/${heldCo}/statements/2030-11/hold`, cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ company_id: heldCo, month: '2030-11', status: 'held' });
  const audit = await cast.t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'company.statement_held').executeTakeFirst();
  expect(audit).toMatchObject({ actor_id: ids.admin, company_id: heldCo });
  expect((await call('POST', `/api/company/${heldCo}/statements/2031-01/hold`, cookies.admin)).statusCode).toBe(400);
});

test('on the 1st two runners at once send each statement once, to the primary contacts only; a held one waits', async () => {
  now = new Date('2030-12-01T00:30:00.000Z');
  const before = new Date('2030-11-30T23:59:00.000Z');
  // The last minute of November sends nothing of November.
  expect((await cast.t.app.jobs.runStatements(before)).month).toBe('2030-10');
  expect(await statementMails('client@demo.test')).toHaveLength(0);

  const [first, second, third] = await Promise.all([cast.t.app.jobs.runStatements(now), other.runStatements(now), cast.t.app.jobs.runStatements(now)]);
  expect(first.month).toBe('2030-11');
  const sentRows = await cast.t.app.db.selectFrom('statements').select('company_id').where('month', '=', '2030-11').where('status', '=', 'sent').execute();
  expect(first.sent + second.sent + third.sent).toBe(sentRows.length);
  // Every address got November's statement once.
  const november = await cast.t.app.db.selectFrom('mail_outbox').select('to_address').where('subject', '=', 'Your statement for November 2030').execute();
  expect(new Set(november.map((row) => row.to_address)).size).toBe(november.length);
  const again = await cast.t.app.jobs.runStatements(now);
  expect(again.sent).toBe(0);
  expect(again.held).toBe(1);

  const mails = await statementMails('client@demo.test');
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  for (const heading of ['Tickets worked', 'Completed', 'Time by type', 'Plan hours', 'Maintenance done', 'Overdue']) expect(mail.text).toContain(heading);
  expect(mail.text).toContain(`${titles.fix}: 01:00, $100.00`);
  expect(mail.text).toContain(titles.done);
  expect(mail.text).toContain(titles.late);
  expect(mail.text).toContain('[x] Update plugins');
  expect(mail.text).toContain(`https://portal.example/clients/${cast.ids.acme}/statements/2030-11`);
  expect(mail.html).toContain('<h2>Tickets worked</h2>');
  expect(await statementMails('dana@acme.test')).toHaveLength(0);
  expect(await statementMails(HELD_PRIMARY)).toHaveLength(0);
  const row = await cast.t.app.db.selectFrom('statements').selectAll().where('company_id', '=', cast.ids.acme).where('month', '=', '2030-11').executeTakeFirst();
  expect(row).toMatchObject({ status: 'sent', outbox_ids: JSON.stringify([mail.id]) });
});

test('once sent the primary contact reads it and finds it in their list; it cannot be held any more', async () => {
  // Eleven days on, the sessions of 20 November have ended.
  cast.cookies = await cast.t.loginDemoUsers();
  const { call, cookies, ids } = cast;
  const res = await call('GET', `/api/company/${ids.acme}/statements/2030-11`, cookies.client);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'sent', date_sent: '2030-12-01T00:30:00.000Z' });
  const list = await call('GET', `/api/company/${ids.acme}/statements`, cookies.client);
  expect(list.json()).toEqual([expect.objectContaining({ month: '2030-11', status: 'sent' })]);
  const hold = await call('POST', `/api/company/${ids.acme}/statements/2030-11/hold`, cookies.admin);
  expect(hold.statusCode).toBe(409);
  expect(hold.json().error).toBe('This statement was already sent.');
  expect((await call('DELETE', `/api/company/${ids.acme}/statements/2030-11/hold`, cookies.admin)).statusCode).toBe(409);
});

test('released, a held statement goes out with the next pass, once', async () => {
  const { call, cookies } = cast;
  expect((await call('DELETE', `/api/company/${heldCo}/statements/2030-11/hold`, cookies.agent)).statusCode).toBe(403);
  const res = await call('DELETE', `/api/company/${heldCo}/statements/2030-11/hold`, cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'draft' });
  expect(await cast.t.app.db.selectFrom('audit_log').select('action').where('action', '=', 'company.statement_released').execute()).toHaveLength(1);
  expect((await call('DELETE', `/api/company/${heldCo}/statements/2030-11/hold`, cookies.admin)).statusCode).toBe(409);

  now = new Date('2030-12-01T00:31:00.000Z');
  expect((await cast.t.app.jobs.runStatements(now)).sent).toBe(1);
  await cast.t.app.jobs.runStatements(now);
  expect(await statementMails(HELD_PRIMARY)).toHaveLength(1);
});

// Two API processes on one PostgreSQL database, each with its own pool, sending December at the same moment. (On SQLite
// the two would share one synchronous driver in this test process; the runners above race on one database there.)
(isPostgresUrl(process.env.DATABASE_URL) ? test : test.skip)('two processes on PostgreSQL send each statement of the month once', async () => {
  const { t, ids } = cast;
  await aTimeEntry(t.app, { ticket_id: await aTicket(t.app, { company_id: ids.acme, title: 'December work' }), company_id: ids.acme, contact_id: ids.agent, time: 2, date: '2030-12-10T10:00:00.000Z' });
  now = new Date('2031-01-01T00:05:00.000Z');
  const second = await t.openAnother();
  try {
    const results = await Promise.all([t.app.jobs.runStatements(now), second.jobs.runStatements(now), t.app.jobs.runStatements(now), second.jobs.runStatements(now)]);
    const rows = await t.app.db.selectFrom('statements').select('company_id').where('month', '=', '2030-12').where('status', '=', 'sent').execute();
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(rows.length);
    const december = await t.app.db.selectFrom('mail_outbox').select('to_address').where('subject', '=', 'Your statement for December 2030').execute();
    expect(december.filter((row) => row.to_address === 'client@demo.test')).toHaveLength(1);
    expect(new Set(december.map((row) => row.to_address)).size).toBe(december.length);
  } finally {
    await second.close();
  }
});
