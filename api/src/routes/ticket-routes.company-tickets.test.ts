import { COMPANY_TICKETS_COMPLETED_DEFAULT } from '@portal/contract';
import { PRIORITY, STATUS, TYPE } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: Record<'admin' | 'agent' | 'client', string>;
let history: number;
const open: number[] = [];
const cancelled: number[] = [];
/** Completed tickets of History Co, newest completion first. */
let completed: number[] = [];

interface Row { ticket_id: number; status_id: number; date_completed: string | null; total_time: number; value?: number }

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const ticketsOf = async (query = '', cookie = cookies.admin) => {
  const res = await get(`/api/company/${history}/tickets${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
};

async function insertTicket(status: number, completedAt: string | null): Promise<number> {
  const now = t.app.config.clock().toISOString();
  const row = await t.app.db
    .insertInto('tickets')
    .values({
      contact_id: null, company_id: history, assignee_id: null, title: `History ${status}`, description: 'A long description no list shows.',
      type_id: TYPE.contentUpdate, priority_id: PRIORITY.medium, status_id: status, date_created: now, date_updated: now,
      date_completed: completedAt, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
    })
    .returning('ticket_id')
    .executeTakeFirstOrThrow();
  return row.ticket_id;
}

beforeAll(async () => {
  t = await createTestApp();
  cookies = { admin: await t.login('admin@demo.test'), agent: await t.login('agent@demo.test'), client: await t.login('client@demo.test') };
  history = await t.app.repos.companies.create(t.app.db, { name: 'History Co', url: 'https://history.example' });
  // Completed in shuffled order, so the newest completions are not simply the highest ids.
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();
  const byCompletion: { id: number; at: string }[] = [];
  for (let i = 0; i < 60; i++) {
    const at = day((i * 37) % 60);
    byCompletion.push({ id: await insertTicket(STATUS.complete, at), at });
  }
  completed = byCompletion.sort((a, b) => b.at.localeCompare(a.at)).map((c) => c.id);
  for (const status of [STATUS.backlog, STATUS.assigned, STATUS.inProgress, STATUS.testing, STATUS.needMoreInfo, 8]) {
    open.push(await insertTicket(status, null));
  }
  for (let i = 0; i < 3; i++) cancelled.push(await insertTicket(STATUS.cancelled, null));
  await t.app.db
    .insertInto('time_entries')
    .values({ contact_id: null, ticket_id: completed[0]!, company_id: history, company_name: 'History Co', contact_name: null, pay_rate: null, date: day(1), time: 7, description: 'x', date_created: day(1) })
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('GET /company/:id/tickets (the client dashboard)', () => {
  test('every open ticket, newest first, then the newest 50 completed ones by completion; no cancelled ones', async () => {
    const list = await ticketsOf();
    expect(list.map((x) => x.ticket_id)).toEqual([...[...open].reverse(), ...completed.slice(0, COMPANY_TICKETS_COMPLETED_DEFAULT)]);
    expect(list.some((x) => cancelled.includes(x.ticket_id))).toBe(false);
    expect(COMPANY_TICKETS_COMPLETED_DEFAULT).toBe(50);
  });

  test('no description in the list; total_time on every ticket, value only for admins and clients', async () => {
    const list = await ticketsOf();
    expect(list.every((x) => !('description' in x))).toBe(true);
    expect(list.find((x) => x.ticket_id === completed[0])).toMatchObject({ total_time: 7, value: 70 });
    expect(list.every((x) => typeof x.total_time === 'number' && typeof x.value === 'number')).toBe(true);
    expect((await ticketsOf('', cookies.agent)).every((x) => !('value' in x) && !('description' in x))).toBe(true);
    const acme = await t.companyId('Acme, LLC');
    const clientList = (await get(`/api/company/${acme}/tickets`, cookies.client)).json() as Row[];
    expect(clientList.length).toBeGreaterThan(0);
    expect(clientList.every((x) => !('description' in x) && typeof x.value === 'number')).toBe(true);
  });

  test('?completed_limit= picks how many completed tickets come along (0 to 500); open ones are always all there', async () => {
    expect((await ticketsOf('?completed_limit=5')).map((x) => x.ticket_id)).toEqual([...[...open].reverse(), ...completed.slice(0, 5)]);
    expect((await ticketsOf('?completed_limit=0')).map((x) => x.ticket_id)).toEqual([...open].reverse());
    expect((await ticketsOf('?completed_limit=500')).map((x) => x.ticket_id)).toEqual([...[...open].reverse(), ...completed]);
    for (const bad of ['501', '-1', '2.5', 'all']) {
      expect((await get(`/api/company/${history}/tickets?completed_limit=${bad}`, cookies.admin)).statusCode).toBe(400);
    }
  });

  test('the OpenAPI document shows the query parameter and a list without description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { parameters: { name: string; in: string }[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const route = doc.paths['/api/company/{id}/tickets']!.get;
    expect(route.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:completed_limit', 'path:id']));
    const answer = route.responses['200']!.content['application/json']!.schema as { type: string; items: { properties: Record<string, unknown> } };
    expect(answer.type).toBe('array');
    expect(Object.keys(answer.items.properties)).toEqual(expect.arrayContaining(['ticket_id', 'status_id', 'date_completed', 'total_time']));
    expect(answer.items.properties).not.toHaveProperty('description');
  });
});
