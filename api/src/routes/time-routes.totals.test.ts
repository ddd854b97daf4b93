import { MESSAGES, STATUS, TYPE, agentPayUsd, currentMonthPeriod, unitsChargeUsd, yearToDatePeriod } from '@portal/domain';
import { hashPassword } from '../password';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Exact totals over rows this file inserts into a company and an agent of its own, with dates placed
// relative to the calendar months of the server's zone (UTC in tests), so the figures hold any day.

let t: TestApp;
let cookies: Record<'admin' | 'agent' | 'client' | 'client2' | 'tess', string>;
let ids: { tess: number; agent: number; client: number; tally: number };
const now = new Date();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  ids = {
    tess: await t.app.repos.contacts.create(t.app.db, {
      title: 'Developer', first_name: 'Tess', last_name: 'Tally', email: 'tess@tally.test', phone: null, group_id: 2,
      password_hash: await hashPassword('portal-demo'),
    }),
    agent: await t.contactId('agent@demo.test'),
    client: await t.contactId('client@demo.test'),
    tally: await t.app.repos.companies.create(t.app.db, { name: 'Tally Corp', url: 'https://tally.example' }),
  };
  await t.app.repos.contacts.upsertMeta(t.app.db, ids.tess, 'pay_rate', '40');
  await t.app.repos.companyContacts.link(t.app.db, { company_id: ids.tally, contact_id: ids.client, primary: 0 });
  cookies = {
    admin: await t.login('admin@demo.test'),
    agent: await t.login('agent@demo.test'),
    client: await t.login('client@demo.test'),
    client2: await t.login('client2@demo.test'),
    tess: await t.login('tess@tally.test'),
  };

  const iso = t.app.config.clock().toISOString();
  const ticket = async (title: string, typeId: number) =>
    t.app.repos.tickets.create({
      contact_id: ids.client, company_id: ids.tally, assignee_id: ids.tess, title, description: 'x', type_id: typeId, priority_id: 3,
      status_id: STATUS.inProgress, date_created: iso, date_updated: iso, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    });
  const work = await ticket('Rebuild the shop', TYPE.newDevelopment);
  const meeting = await ticket('Quarterly meeting', TYPE.meeting);
  const month = currentMonthPeriod(now, 'UTC');
  const year = yearToDatePeriod(now, 'UTC');
  const entry = (ticketId: number, date: Date, time: number, payRate: number | null) => ({
    contact_id: ids.tess, ticket_id: ticketId, company_id: ids.tally, company_name: 'Tally Corp', contact_name: 'Tess Tally', pay_rate: payRate,
    date: date.toISOString(), time, description: `${time} units`, date_created: iso,
  });
  await t.app.db.insertInto('time_entries').values([
    // This month: 12 units of work at the 40 rate, 5 meeting units logged without a rate, 10 units logged at an older 30 rate.
    entry(work, new Date(month.from.getTime() + 3 * DAY), 12, 40),
    entry(meeting, new Date(month.from.getTime() + 3 * DAY + HOUR), 5, null),
    entry(work, new Date(month.from.getTime() + 2 * HOUR), 10, 30),
    // 1 January of this year (in this month when it is January) and the last instant of last year: never counted.
    entry(work, new Date(year.from.getTime() + HOUR), 7, 40),
    entry(work, new Date(year.from.getTime() - 1), 100, 40),
  ]).execute();
});
afterAll(async () => {
  await t.close();
});

const january = now.getUTCMonth() === 0;
const currentUnits = 12 + 5 + 10 + (january ? 7 : 0);
const ytdUnits = 12 + 5 + 10 + 7;

describe('company current and YTD time', () => {
  test('units this month and this year, valued at 10 USD a unit and meetings at 50 USD an hour', async () => {
    const current = (await get(`/api/company/${ids.tally}/currenttime`, cookies.admin)).json();
    expect(current).toEqual({
      company_id: ids.tally,
      from: currentMonthPeriod(now, 'UTC').from.toISOString(),
      to: currentMonthPeriod(now, 'UTC').to.toISOString(),
      total_time: currentUnits,
      value: (12 + 10 + (january ? 7 : 0)) * 10 + 5 * 5,
    });
    const ytd = (await get(`/api/company/${ids.tally}/ytdtime`, cookies.admin)).json();
    expect(ytd).toMatchObject({ total_time: ytdUnits, value: (12 + 10 + 7) * 10 + 5 * 5 });
    expect(ytd.from).toBe(`${now.getUTCFullYear()}-01-01T00:00:00.000Z`);
    expect(unitsChargeUsd(5, TYPE.meeting)).toBe(25);
  });

  test("the company's client sees the value; an agent sees the units only; another client is refused", async () => {
    expect((await get(`/api/company/${ids.tally}/currenttime`, cookies.client)).json().value).toBeGreaterThan(0);
    const agent = (await get(`/api/company/${ids.tally}/currenttime`, cookies.agent)).json();
    expect(agent.total_time).toBe(currentUnits);
    expect(agent).not.toHaveProperty('value');
    const other = await get(`/api/company/${ids.tally}/ytdtime`, cookies.client2);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(MESSAGES.notAuthorized);
    expect((await get('/api/company/999999/currenttime', cookies.admin)).statusCode).toBe(404);
  });

  test('months are calendar months of the asked time zone', async () => {
    // In New York the entry two hours into the UTC month still belongs to the previous month.
    const ny = (await get(`/api/company/${ids.tally}/currenttime?time_zone=America/New_York`, cookies.admin)).json();
    expect(ny.from).toBe(currentMonthPeriod(now, 'America/New_York').from.toISOString());
    if (currentMonthPeriod(now, 'America/New_York').month === currentMonthPeriod(now, 'UTC').month) {
      expect(ny.total_time).toBe(12 + 5);
    }
  });
});

describe('contact current and YTD time', () => {
  test("the agent's units and pay: each entry at its own rate, the current pay_rate when it has none", async () => {
    const current = (await get(`/api/contact/${ids.tess}/currenttime`, cookies.tess)).json();
    const pay = agentPayUsd(12, 40) + agentPayUsd(5, 40) + agentPayUsd(10, 30) + (january ? agentPayUsd(7, 40) : 0);
    expect(current).toMatchObject({ contact_id: ids.tess, total_time: currentUnits, pay_rate: 40, pay });
    expect(pay).toBe(48 + 20 + 30 + (january ? 28 : 0));
    const ytd = (await get(`/api/contact/${ids.tess}/ytdtime`, cookies.admin)).json();
    expect(ytd).toMatchObject({ total_time: ytdUnits, pay: 48 + 20 + 30 + 28 });
  });

  test('self or admin only', async () => {
    expect((await get(`/api/contact/${ids.tess}/currenttime`, cookies.agent)).statusCode).toBe(403);
    expect((await get(`/api/contact/${ids.tess}/ytdtime`, cookies.client)).statusCode).toBe(403);
    expect((await get(`/api/contact/${ids.tess}/ytdtime`)).statusCode).toBe(401);
    expect((await get('/api/contact/999999/currenttime', cookies.admin)).statusCode).toBe(404);
  });
});

describe('all contacts (time/0)', () => {
  test('sums every entry of the period: units, value by ticket type, pay at each rate (admins only)', async () => {
    const rows = await t.app.db
      .selectFrom('time_entries as te')
      .leftJoin('tickets as tk', 'tk.ticket_id', 'te.ticket_id')
      .leftJoin('contact_meta as cm', (join) => join.onRef('cm.contact_id', '=', 'te.contact_id').on('cm.meta_key', '=', 'pay_rate'))
      .select(['te.date', 'te.time', 'te.pay_rate', 'tk.type_id', 'cm.meta_value as rate'])
      .execute();
    for (const [name, period] of [['currenttime', currentMonthPeriod(now, 'UTC')], ['ytdtime', yearToDatePeriod(now, 'UTC')]] as const) {
      const inside = rows.filter((r) => r.date >= period.from.toISOString() && r.date < period.to.toISOString());
      const expected = {
        total_time: inside.reduce((sum, r) => sum + r.time, 0),
        value: Math.round(inside.reduce((sum, r) => sum + r.time * (r.type_id === TYPE.meeting ? 5 : 10), 0) * 100) / 100,
        pay: Math.round(inside.reduce((sum, r) => sum + (r.time * (r.pay_rate ?? Number(r.rate ?? 0))) / 10, 0) * 100) / 100,
      };
      expect(expected.total_time).toBeGreaterThan(currentUnits);
      const res = await get(`/api/time/0/${name}`, cookies.admin);
      expect(res.json()).toMatchObject(expected);
      expect((await get(`/api/time/0/${name}`, cookies.agent)).statusCode).toBe(403);
    }
  });
});

describe('time entries and the My Time chart', () => {
  test('entries of a month range with the ticket title and company name, newest first', async () => {
    const month = currentMonthPeriod(now, 'UTC').month;
    const res = await get(`/api/contact/${ids.tess}/time?from=${month}&to=${month}`, cookies.tess);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { time: number; ticket_title: string; company_name: string; date: string }[];
    expect(entries.map((e) => e.time)).toEqual(january ? [5, 12, 10, 7] : [5, 12, 10]);
    expect(entries[0]).toMatchObject({ ticket_title: 'Quarterly meeting', company_name: 'Tally Corp' });
    expect((await get(`/api/contact/${ids.tess}/time`, cookies.tess)).json()).toEqual(entries);
    const year = `${now.getUTCFullYear()}`;
    const whole = (await get(`/api/contact/${ids.tess}/time?from=${year}-01&to=${year}-12`, cookies.admin)).json();
    expect(whole.map((e: { time: number }) => e.time).sort((a: number, b: number) => a - b)).toEqual([5, 7, 10, 12]);
  });

  test('a bad month or range answers 400; another agent 403', async () => {
    for (const query of ['from=2026-13&to=2026-12', 'from=2026-05&to=2026-01', 'from=2020-01&to=2026-01', 'from=may']) {
      const res = await get(`/api/contact/${ids.tess}/time?${query}`, cookies.tess);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.invalidInput);
    }
    expect((await get(`/api/contact/${ids.tess}/time`, cookies.agent)).statusCode).toBe(403);
  });

  test('six months, oldest first, each with its units and pay', async () => {
    const res = await get(`/api/contact/${ids.tess}/time/monthly`, cookies.tess);
    const months = res.json() as { month: string; total_time: number; pay: number }[];
    expect(months).toHaveLength(6);
    expect(months[5]).toMatchObject({ month: currentMonthPeriod(now, 'UTC').month, total_time: currentUnits, pay: 98 + (january ? 28 : 0) });
    const januaryIndex = months.findIndex((m) => m.month === `${now.getUTCFullYear()}-01`);
    const expected = months.map((m, index) => (index === 5 ? currentUnits : index === januaryIndex ? 7 : 0));
    expect(months.map((m) => m.total_time)).toEqual(expected);
    expect((await get(`/api/contact/${ids.tess}/time/monthly?months=12`, cookies.admin)).json()).toHaveLength(12);
    expect((await get(`/api/contact/${ids.tess}/time/monthly?months=99`, cookies.admin)).statusCode).toBe(400);
  });

  test("the demo agent's chart matches its entries month by month", async () => {
    const months = (await get(`/api/contact/${ids.agent}/time/monthly`, cookies.agent)).json() as { from: string; to: string; total_time: number }[];
    const rows = await t.app.db.selectFrom('time_entries').select(['date', 'time']).where('contact_id', '=', ids.agent).execute();
    for (const month of months) {
      expect(month.total_time).toBe(rows.filter((r) => r.date >= month.from && r.date < month.to).reduce((sum, r) => sum + r.time, 0));
    }
    expect(months.some((m) => m.total_time > 0)).toBe(true);
  });
});
