import { TYPE } from '@portal/domain';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// GET /company/-1/prevmonthtime/:offset and /time/payroll/:offset: a month of every company's time
// in the caller's time zone, and each agent's pay from the rate recorded on each entry. The clock is
// fixed in March 2030, where only this file logs time.

const NOW = new Date('2030-03-15T12:00:00.000Z');
let cast: DemoCast;
let gone: number;

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  const { t, ids, call, cookies } = cast;
  const ticket = await aTicket(t.app, { company_id: ids.acme, title: 'Fix the footer', type_id: TYPE.incidentBug });
  const globex = await t.companyId('Globex Corporation');
  const meeting = await aTicket(t.app, { company_id: globex, title: 'Weekly call', type_id: TYPE.meeting });
  gone = await t.app.repos.contacts.create(t.app.db, { first_name: 'Gone', last_name: 'Agent', email: 'gone.agent@demo.test', phone: null, group_id: 2 });
  const log = (ticketId: number, companyId: number, contactId: number, time: number, date: string, payRate: number | null) =>
    aTimeEntry(t.app, { ticket_id: ticketId, company_id: companyId, contact_id: contactId, time, date, pay_rate: payRate, description: `${time} units` });
  await log(ticket, ids.acme, ids.agent, 10, '2030-03-02T10:00:00.000Z', 40);
  await log(meeting, globex, ids.agent, 5, '2030-03-06T10:00:00.000Z', 50);
  // No rate recorded: paid at Sam's current rate (30).
  await log(ticket, ids.acme, ids.sam, 6, '2030-03-04T10:00:00.000Z', null);
  // 1 March 03:00 UTC is still 28 February in New York.
  await log(ticket, ids.acme, ids.sam, 2, '2030-03-01T03:00:00.000Z', 30);
  await log(ticket, ids.acme, gone, 4, '2030-03-08T10:00:00.000Z', 25);
  await log(ticket, ids.acme, ids.agent, 7, '2030-02-10T10:00:00.000Z', 40);
  expect((await call('DELETE', `/api/contact/${gone}`, cookies.admin)).statusCode).toBe(200);
});
afterAll(async () => {
  await cast.t.close();
});

test('prevmonthtime 0: every entry of this month, oldest first, with company, ticket, agent and pay rate', async () => {
  const { call, cookies, ids } = cast;
  const res = await call('GET', '/api/company/-1/prevmonthtime/0', cookies.admin);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ month: '2030-03', from: '2030-03-01T00:00:00.000Z', to: '2030-04-01T00:00:00.000Z' });
  expect(body.entries.map((e: { time: number }) => e.time)).toEqual([2, 10, 6, 5, 4]);
  expect(body.entries[1]).toMatchObject({
    company_id: ids.acme, company: 'Acme, LLC', ticket_title: 'Fix the footer', type_id: TYPE.incidentBug, contact_id: ids.agent, agent: 'Alex Agent',
    agent_payrate: 40, date: '2030-03-02T10:00:00.000Z', description: '10 units',
  });
  expect(body.entries[2]).toMatchObject({ agent: 'Sam Support', agent_payrate: 30 });
  expect(body.entries[3]).toMatchObject({ company: 'Globex Corporation', type_id: TYPE.meeting });
  expect(body.entries[4]).toMatchObject({ agent: 'Gone Agent', agent_payrate: 25 });
});

test('prevmonthtime pages by a cursor: limit entries, then the next page after the answer\'s next, null at the end', async () => {
  const { call, cookies } = cast;
  const first = (await call('GET', '/api/company/-1/prevmonthtime/0?limit=2', cookies.admin)).json();
  expect(first.entries.map((e: { time: number }) => e.time)).toEqual([2, 10]);
  expect(first.next).toMatch(/^2030-03-02T10:00:00.000Z_\d+$/);
  const second = (await call('GET', `/api/company/-1/prevmonthtime/0?limit=2&after=${encodeURIComponent(first.next)}`, cookies.admin)).json();
  expect(second.entries.map((e: { time: number }) => e.time)).toEqual([6, 5]);
  const third = (await call('GET', `/api/company/-1/prevmonthtime/0?limit=2&after=${encodeURIComponent(second.next)}`, cookies.admin)).json();
  expect(third).toMatchObject({ next: null });
  expect(third.entries.map((e: { time: number }) => e.time)).toEqual([4]);
  expect((await call('GET', '/api/company/-1/prevmonthtime/0', cookies.admin)).json().next).toBeNull();
  expect((await call('GET', '/api/company/-1/prevmonthtime/0?after=yesterday', cookies.admin)).statusCode).toBe(400);
  expect((await call('GET', '/api/company/-1/prevmonthtime/0?limit=5001', cookies.admin)).statusCode).toBe(400);
});

test("offsets count calendar months in the caller's time zone", async () => {
  const { call, cookies } = cast;
  const zone = 'America/New_York';
  const march = (await call('GET', `/api/company/-1/prevmonthtime/0?time_zone=${zone}`, cookies.admin)).json();
  expect(march).toMatchObject({ month: '2030-03', from: '2030-03-01T05:00:00.000Z' });
  expect(march.entries.map((e: { time: number }) => e.time)).toEqual([10, 6, 5, 4]);
  const february = (await call('GET', `/api/company/-1/prevmonthtime/1?time_zone=${zone}`, cookies.admin)).json();
  expect(february.month).toBe('2030-02');
  expect(february.entries.map((e: { time: number }) => e.time)).toEqual([7, 2]);
  const utcFebruary = (await call('GET', '/api/company/-1/prevmonthtime/1', cookies.admin)).json();
  expect(utcFebruary.entries.map((e: { time: number }) => e.time)).toEqual([7]);
});

test("payroll: units x the entry's pay rate / 10 per agent, a deleted agent's name kept, the total to the cent", async () => {
  const { call, cookies, ids } = cast;
  const res = await call('GET', '/api/time/payroll/0', cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    month: '2030-03', from: '2030-03-01T00:00:00.000Z', to: '2030-04-01T00:00:00.000Z',
    rows: [
      { contact_id: ids.agent, name: 'Alex Agent', rate: null, units: 15, total: 65 },
      { contact_id: gone, name: 'Gone Agent', rate: 25, units: 4, total: 10 },
      { contact_id: ids.sam, name: 'Sam Support', rate: 30, units: 8, total: 24 },
    ],
    total: 99,
  });
  const february = (await call('GET', '/api/time/payroll/1', cookies.admin)).json();
  expect(february.rows).toEqual([{ contact_id: ids.agent, name: 'Alex Agent', rate: 40, units: 7, total: 28 }]);
  expect((await call('GET', '/api/time/payroll/5', cookies.admin)).json()).toMatchObject({ month: '2029-10', rows: [], total: 0 });
});

test('admins only; a bad offset is 400; only the all-companies id is routed', async () => {
  const { call, cookies, ids } = cast;
  for (const url of ['/api/company/-1/prevmonthtime/0', '/api/time/payroll/0']) {
    expect((await call('GET', url, cookies.agent)).statusCode).toBe(403);
    expect((await call('GET', url, cookies.client)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
  }
  for (const offset of ['-1', '121', 'abc', '1.5']) {
    expect((await call('GET', `/api/time/payroll/${offset}`, cookies.admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/company/-1/prevmonthtime/${offset}`, cookies.admin)).statusCode).toBe(400);
  }
  expect((await call('GET', `/api/company/${ids.acme}/prevmonthtime/0`, cookies.admin)).statusCode).toBe(404);
});
