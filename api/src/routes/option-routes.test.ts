import { DEFAULT_STATUSES, MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  agent = await t.login('agent@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = (name: string, cookie = agent) => t.app.inject({ method: 'GET', url: `/api/options/${name}`, headers: { cookie } });
const save = (payload: object, cookie = admin) => t.app.inject({ method: 'POST', url: '/api/options', headers: { cookie }, payload });

test('every default list is served', async () => {
  for (const name of ['priority-defaults', 'status-defaults', 'type-defaults', 'group-defaults', 'mode-defaults', 'service-defaults', 'type_assignments', 'rates']) {
    const res = await get(name);
    expect(res.statusCode).toBe(200);
    expect(res.json().option_name).toBe(name);
  }
  expect((await get('status-defaults')).json().option_value).toEqual(DEFAULT_STATUSES);
  expect((await get('type_assignments')).json().option_value).toEqual({});
  expect((await get('rates')).json().option_value).toEqual({ unitPriceUsd: 10, meetingHourlyUsd: 50 });
});

test('an unknown option is 404', async () => {
  const res = await get('secret-keys');
  expect(res.json()).toEqual({ statusCode: 404, error: MESSAGES.noResultsFound });
});

test('an admin saves an option (object or JSON text); others may not', async () => {
  const statuses = [...DEFAULT_STATUSES.slice(0, 7), { id: 8, name: 'Ready to Ship' }];
  const saved = await save({ option_name: 'status-defaults', option_value: statuses });
  expect(saved.statusCode).toBe(200);
  expect((await get('status-defaults')).json().option_value).toEqual(statuses);

  const asText = await save({ option_name: 'type_assignments', option_value: JSON.stringify({ incident_bug: 2 }) });
  expect(asText.json()).toEqual({ option_name: 'type_assignments', option_value: { incident_bug: 2 } });

  const byAgent = await save({ option_name: 'type_assignments', option_value: {} }, agent);
  expect(byAgent.statusCode).toBe(403);
  expect((await get('type_assignments')).json().option_value).toEqual({ incident_bug: 2 });
});

test.each([
  ['an unknown name', { option_name: 'whatever', option_value: [] }],
  ['a list item without a name', { option_name: 'priority-defaults', option_value: [{ id: 1 }] }],
  ['rates that are not numbers', { option_name: 'rates', option_value: { unitPriceUsd: 'ten', meetingHourlyUsd: 50 } }],
  ['text that is not JSON', { option_name: 'rates', option_value: '{oops' }],
])('refuses %s with 400', async (_label, payload) => {
  const res = await save(payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, error: MESSAGES.invalidInput });
});

describe('default lists keep what is locked or used (docs/product/companies-and-contacts.md#default-lists)', () => {
  const usage = (name: string, cookie = admin) => t.app.inject({ method: 'GET', url: `/api/options/${name}/usage`, headers: { cookie } });

  test('usage counts the records of each id', async () => {
    const priorities = (await usage('priority-defaults')).json() as Record<string, number>;
    const tickets = await t.app.db.selectFrom('tickets').select('priority_id').execute();
    expect(Object.values(priorities).reduce((a, b) => a + b, 0)).toBe(tickets.length);
    expect((await usage('group-defaults')).json()['1']).toBeGreaterThanOrEqual(1);
    expect((await usage('service-defaults')).json()['2']).toBeGreaterThanOrEqual(1);
    expect((await usage('rates')).statusCode).toBe(400);
    expect((await usage('priority-defaults', agent)).statusCode).toBe(403);
  });

  test('removing a used id is refused with how many use it; an unused one goes', async () => {
    const priorities = (await get('priority-defaults')).json().option_value as { id: number; name: string }[];
    const counts = (await usage('priority-defaults')).json() as Record<string, number>;
    const used = priorities.find((p) => (counts[String(p.id)] ?? 0) > 0)!;
    const res = await save({ option_name: 'priority-defaults', option_value: priorities.filter((p) => p.id !== used.id) });
    expect(res.statusCode).toBe(409);
    const n = counts[String(used.id)]!;
    expect(res.json().error).toBe(`Cannot delete "${used.name}": ${n} ${n === 1 ? 'ticket uses' : 'tickets use'} it.`);

    const added = [...priorities, { id: 9, name: 'Someday', color: 'blue' }];
    expect((await save({ option_name: 'priority-defaults', option_value: added })).statusCode).toBe(200);
    expect((await save({ option_name: 'priority-defaults', option_value: priorities })).statusCode).toBe(200);
  });

  test('a locked id, a blank name or a repeated id is refused', async () => {
    const groups = (await get('group-defaults')).json().option_value as { id: number; name: string }[];
    const locked = await save({ option_name: 'group-defaults', option_value: groups.filter((g) => g.id !== 1) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatch(/^Cannot delete "Admin"/);
    expect((await save({ option_name: 'group-defaults', option_value: [...groups, { id: 6, name: ' ' }] })).json())
      .toEqual({ statusCode: 400, error: 'Every item needs an id and a name.' });
    expect((await save({ option_name: 'group-defaults', option_value: [...groups, { id: 2, name: 'Twin' }] })).statusCode).toBe(400);
  });
});
