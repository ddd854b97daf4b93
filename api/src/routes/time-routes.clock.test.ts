import { TYPE } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// The API has one clock (ServiceContext.clock, `config.clock`): time logged is dated by it and the
// current month is the clock's month, so a test that sets the clock sees it in the answers.

const NOW = new Date('2033-05-20T12:00:00.000Z');
let cast: DemoCast;

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
});
afterAll(async () => {
  await cast.t.close();
});

test("time logged now is dated by the clock and counted in the clock's month", async () => {
  const { t, call, cookies, ids } = cast;
  const ticket = await aTicket(t.app, { company_id: ids.acme, title: 'Fix the footer', type_id: TYPE.incidentBug });
  const logged = await call('POST', '/api/time', cookies.agent, { ticket_id: ticket, time: 4, description: 'Footer fixed' });
  expect(logged.statusCode).toBe(201);
  expect(logged.json().entry.date).toBe(NOW.toISOString());

  const current = await call('GET', `/api/contact/${ids.agent}/currenttime?time_zone=UTC`, cookies.agent);
  expect(current.statusCode).toBe(200);
  expect(current.json()).toMatchObject({ contact_id: ids.agent, from: '2033-05-01T00:00:00.000Z', to: '2033-06-01T00:00:00.000Z', total_time: 4 });

  const months = await call('GET', `/api/contact/${ids.agent}/time/monthly?months=2&time_zone=UTC`, cookies.agent);
  expect(months.statusCode).toBe(200);
  expect(months.json()).toMatchObject([{ month: '2033-04', total_time: 0 }, { month: '2033-05', total_time: 4 }]);
});
