import { ticketValueUsd, TYPE } from '@portal/domain';
import { createTestApp, type DemoCookies, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let acme: number;
beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.loginDemoUsers();
  acme = await t.companyId('Acme, LLC');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function workedAcmeTicket() {
  const tickets = await t.app.repos.tickets.listForCompany(acme);
  const worked = tickets.find((ticket) => (ticket.total_time ?? 0) > 0 && ticket.type_id !== TYPE.meeting);
  if (!worked) throw new Error('the seed has no worked Acme ticket');
  return worked;
}

test('admins and clients see the ticket value in whole dollars; agents never do', async () => {
  const ticket = await workedAcmeTicket();
  const expected = ticketValueUsd(ticket.total_time!, ticket.type_id, { unitPriceUsd: 10, meetingHourlyUsd: 50 });
  expect(expected).toBeGreaterThan(0);

  for (const who of ['admin', 'client'] as const) {
    const body = (await get(`/api/ticket/${ticket.ticket_id}`, cookies[who])).json();
    expect(body.value).toBe(expected);
    expect(body.total_time).toBe(ticket.total_time);
  }
  const asAgent = await get(`/api/ticket/${ticket.ticket_id}`, cookies.agent);
  expect(asAgent.statusCode).toBe(200);
  expect(asAgent.json().total_time).toBe(ticket.total_time);
  expect(asAgent.json()).not.toHaveProperty('value');

  const agentList = (await get(`/api/company/${acme}/tickets`, cookies.agent)).json();
  expect(agentList.every((row: object) => !('value' in row))).toBe(true);
  const clientList = (await get(`/api/company/${acme}/tickets`, cookies.client)).json();
  expect(clientList.every((row: { value?: number }) => typeof row.value === 'number')).toBe(true);
});

test('meeting tickets are valued at the meeting rate', async () => {
  const meeting = (await t.app.repos.tickets.listForCompany(acme)).find((ticket) => ticket.type_id === TYPE.meeting && (ticket.total_time ?? 0) > 0);
  if (!meeting) return;
  const body = (await get(`/api/ticket/${meeting.ticket_id}`, cookies.admin)).json();
  expect(body.value).toBe(Math.ceil((meeting.total_time! * 50) / 10));
});

test('the ticket carries its company name and mode', async () => {
  const ticket = await workedAcmeTicket();
  expect((await get(`/api/ticket/${ticket.ticket_id}`, cookies.client)).json()).toMatchObject({ company_name: 'Acme, LLC', company_mode: 1, company_id: acme });
});
