import { MESSAGES, MODE } from '@portal/domain';
import { aCompany } from '../test-support/factories';
import { openDemoCast, type DemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let call: DemoCast['call'];
let cookies: DemoCookies;
let ids: DemoIds;
let dana: string;

const save = (companyId: number, key: string, value: string | null, cookie = cookies.admin) =>
  call('PUT', `/api/company/${companyId}/meta/${key}`, cookie, { company_id: companyId, meta_key: key, meta_value: value });

beforeAll(async () => {
  ({ t, call, cookies, ids } = await openDemoCast());
  dana = await t.login('dana@acme.test');
});
afterAll(async () => {
  await t.close();
});

test('type_assignments: a map of type keys to active staff, saved by admins and read back', async () => {
  const res = await save(ids.acme, 'type_assignments', JSON.stringify({ question: ids.sam, incident_bug: String(ids.agent) }));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ id: expect.any(Number), meta_key: 'type_assignments', meta_value: JSON.stringify({ question: ids.sam, incident_bug: ids.agent }) });
  expect((await call('GET', `/api/company/${ids.acme}/meta/type_assignments`, cookies.client)).json().meta_value).toBe(res.json().meta_value);
  expect((await save(ids.acme, 'type_assignments', '{}')).json().meta_value).toBe('{}');
});

test("type_assignments: an unknown type key, a client's or an unknown contact id, or bad JSON is refused whole", async () => {
  for (const value of [
    JSON.stringify({ Question: ids.sam }), JSON.stringify({ hosting_move: ids.sam }), JSON.stringify({ question: ids.client }),
    JSON.stringify({ question: 999_999 }), JSON.stringify({ question: 'sam' }), '[1]', 'not json', null,
  ]) {
    const res = await save(ids.acme, 'type_assignments', value);
    expect([value, res.statusCode, res.json().error]).toEqual([value, 400, MESSAGES.companyMetaNotUpdated]);
  }
  expect((await call('GET', `/api/company/${ids.acme}/meta/type_assignments`, cookies.admin)).json().meta_value).toBe('{}');
  expect((await save(ids.acme, 'type_assignments', '{}', cookies.agent)).statusCode).toBe(403);
  expect((await save(ids.acme, 'type_assignments', '{}', cookies.client)).statusCode).toBe(403);
});

test('maintenance_prefs: staff and primary contacts save valid prefs; others and bad prefs are refused', async () => {
  const prefs = { frequency: 'quarterly', intensity: ['maintenance', 'security'] };
  const res = await save(ids.acme, 'maintenance_prefs', JSON.stringify(prefs), cookies.client);
  expect(res.statusCode).toBe(200);
  expect(JSON.parse(res.json().meta_value)).toEqual(prefs);
  expect((await save(ids.acme, 'maintenance_prefs', JSON.stringify(prefs), cookies.agent)).statusCode).toBe(200);
  expect((await save(ids.acme, 'maintenance_prefs', JSON.stringify(prefs), dana)).statusCode).toBe(403);
  expect((await save(ids.acme, 'maintenance_prefs', JSON.stringify(prefs), cookies.client2)).statusCode).toBe(403);
  for (const value of ['{"intensity":["security"]}', '{"frequency":"weekly","intensity":["security"]}', '{"frequency":"monthly","intensity":[]}', '{"frequency":"monthly"', '']) {
    const bad = await save(ids.acme, 'maintenance_prefs', value, cookies.client);
    expect([value, bad.statusCode, bad.json().error]).toEqual([value, 400, MESSAGES.companyMetaNotUpdated]);
  }
  expect(JSON.parse((await call('GET', `/api/company/${ids.acme}/meta/maintenance_prefs`, dana)).json().meta_value)).toEqual(prefs);
});

test('services and default_agent: admins only, checked like PUT /company', async () => {
  const co = await aCompany(t.app, 'Meta Co', MODE.active, '1');
  expect((await save(co, 'services', '3,1')).json()).toMatchObject({ meta_key: 'services', meta_value: '1,3' });
  expect((await save(co, 'services', '1,7')).json().error).toBe(MESSAGES.companyMetaNotUpdated);
  expect((await save(co, 'default_agent', String(ids.sam))).json().meta_value).toBe(String(ids.sam));
  expect((await save(co, 'default_agent', String(ids.client))).statusCode).toBe(400);
  expect((await save(co, 'default_agent', '')).json().meta_value).toBeNull();
  expect((await save(co, 'services', '2', cookies.agent)).statusCode).toBe(403);
});

test('a key outside the list, a mismatched body or an unknown company is refused', async () => {
  expect((await save(ids.acme, 'status', '3')).json()).toEqual({ statusCode: 400, error: MESSAGES.companyMetaNotUpdated });
  const mismatched = await call('PUT', `/api/company/${ids.acme}/meta/services`, cookies.admin, { meta_key: 'default_agent', meta_value: '1' });
  expect(mismatched.statusCode).toBe(400);
  expect((await call('PUT', `/api/company/${ids.acme}/meta/services`, cookies.admin, { company_id: 1234, meta_value: '1' })).statusCode).toBe(400);
  expect((await save(999_999, 'services', '1')).statusCode).toBe(404);
  expect((await call('PUT', `/api/company/${ids.acme}/meta/services`, undefined, { meta_value: '1' })).statusCode).toBe(401);
});
