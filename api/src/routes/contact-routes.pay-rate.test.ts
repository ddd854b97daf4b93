import { MESSAGES } from '@portal/domain';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// PUT /contact/:id/pay_rate (docs/product/companies-and-contacts.md#pay-rate): admins only; the new rate applies
// from the first of the current month, so a closed month's payroll does not move. The clock is fixed in
// June 2031, where only this file logs time.

const NOW = new Date('2031-06-15T12:00:00.000Z');
let cast: DemoCast;
let agent: number;

const payroll = async (offset: number) => {
  const { call, cookies } = cast;
  const answer = (await call('GET', `/api/time/payroll/${offset}`, cookies.admin)).json() as { rows: { contact_id: number; rate: number | null; units: number; total: number }[] };
  return answer.rows.find((row) => row.contact_id === agent);
};

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  const { t, ids } = cast;
  agent = await t.app.repos.contacts.create(t.app.db, { first_name: 'Rita', last_name: 'Rate', email: 'rita.rate@demo.test', phone: null, group_id: 3 });
  await t.app.repos.contacts.upsertMeta(t.app.db, agent, 'pay_rate', '40');
  const ticket = await aTicket(t.app, { company_id: ids.acme, title: 'Rate work' });
  const log = (time: number, date: string, payRate: number | null) =>
    aTimeEntry(t.app, { ticket_id: ticket, company_id: ids.acme, contact_id: agent, time, date, pay_rate: payRate });
  // May: one entry logged at 40, one that recorded no rate (paid at the current rate, 40, until now).
  await log(10, '2031-05-10T10:00:00.000Z', 40);
  await log(5, '2031-05-20T10:00:00.000Z', null);
  // June (this month): logged at 40.
  await log(20, '2031-06-02T10:00:00.000Z', 40);
});
afterAll(async () => {
  await cast.t.close();
});

test('only admins change a pay rate; a bad rate is refused with its message', async () => {
  const { call, cookies, ids } = cast;
  expect((await call('PUT', `/api/contact/${agent}/pay_rate`, cookies.agent, { pay_rate: 99 })).statusCode).toBe(403);
  expect((await call('PUT', `/api/contact/${agent}/pay_rate`, cookies.client, { pay_rate: 99 })).statusCode).toBe(403);
  expect((await call('PUT', `/api/contact/${ids.agent}/pay_rate`, cookies.agent, { pay_rate: 99 })).statusCode).toBe(403);
  expect((await call('PUT', `/api/contact/${agent}/pay_rate`, undefined, { pay_rate: 99 })).statusCode).toBe(401);
  for (const bad of [-1, '4.567', 'forty', 10_001]) {
    const res = await call('PUT', `/api/contact/${agent}/pay_rate`, cookies.admin, { pay_rate: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.invalidPayRate);
  }
  expect((await call('PUT', '/api/contact/999999/pay_rate', cookies.admin, { pay_rate: 10 })).statusCode).toBe(404);
  expect((await call('PUT', `/api/contact/${ids.client}/pay_rate`, cookies.admin, { pay_rate: 10 })).json()).toEqual({
    statusCode: 409, error: MESSAGES.payRateNotSaved,
  });
  expect(await payroll(0)).toMatchObject({ rate: 40, total: 80 });
});

test('a new rate pays this month and later at it; last month keeps what it paid; the trail has before and after', async () => {
  const { t, call, cookies } = cast;
  expect(await payroll(1)).toEqual({ contact_id: agent, name: 'Rita Rate', rate: 40, units: 15, total: 60 });
  expect(await payroll(0)).toMatchObject({ rate: 40, units: 20, total: 80 });

  const res = await call('PUT', `/api/contact/${agent}/pay_rate`, cookies.admin, { pay_rate: '50.50', time_zone: 'UTC' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ contact_id: agent, first_name: 'Rita', pay_rate: 50.5 });

  expect(await payroll(1)).toEqual({ contact_id: agent, name: 'Rita Rate', rate: 40, units: 15, total: 60 });
  expect(await payroll(0)).toEqual({ contact_id: agent, name: 'Rita Rate', rate: 50.5, units: 20, total: 101 });
  const agents = (await call('GET', '/api/contact?group=agents', cookies.admin)).json() as { contact_id: number; pay_rate: number | null }[];
  expect(agents.find((a) => a.contact_id === agent)?.pay_rate).toBe(50.5);

  const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'contact.updated').where('entity_id', '=', agent).execute();
  expect(audit).toHaveLength(1);
  expect(JSON.parse(String(audit[0]!.changes))).toEqual([{ field: 'pay_rate', before: 40, after: 50.5 }]);

  // A second change moves this month again, and still not May.
  expect((await call('PUT', `/api/contact/${agent}/pay_rate`, cookies.admin, { pay_rate: 30 })).statusCode).toBe(200);
  expect(await payroll(0)).toMatchObject({ rate: 30, total: 60 });
  expect(await payroll(1)).toMatchObject({ rate: 40, total: 60 });
});
