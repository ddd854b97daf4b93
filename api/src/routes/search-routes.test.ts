import { MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: Record<'agent' | 'client' | 'client2', string>;
let acme: number;
let globex: number;

beforeAll(async () => {
  t = await createTestApp();
  cookies = { agent: await t.login('agent@demo.test'), client: await t.login('client@demo.test'), client2: await t.login('client2@demo.test') };
  acme = await t.companyId('Acme, LLC');
  globex = await t.companyId('Globex Corporation');
});
afterAll(async () => {
  await t.close();
});

const search = (type: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/search/${type}`, payload, headers: { cookie } });
const where = (conditions: object[], extra: object = {}) => ({ filter: { conditions, ...extra } });

test('tickets by status, joined with OR, ordered; agents get no value', async () => {
  const res = await search('ticket', cookies.agent, { ...where([{ field: 'status_id', op: '=', value: 1 }, { field: 'status_id', op: '=', value: 2 }], { joiner: 'OR' }), orderBy: 'ticket_id desc' });
  expect(res.statusCode).toBe(200);
  const rows = res.json();
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r: { status_id: number }) => r.status_id === 1 || r.status_id === 2)).toBe(true);
  expect(rows.map((r: { ticket_id: number }) => r.ticket_id)).toEqual([...rows.map((r: { ticket_id: number }) => r.ticket_id)].sort((a, b) => b - a));
  expect(rows.some((r: object) => 'value' in r)).toBe(false);
  expect(new Set(rows.map((r: { company_id: number }) => r.company_id)).size).toBeGreaterThan(1);
});

test('a client only ever sees its companies\' rows, whatever it asks for', async () => {
  const tickets = (await search('ticket', cookies.client, where([{ field: 'company_id', op: 'in', value: [acme, globex] }]))).json();
  expect(tickets.length).toBeGreaterThan(0);
  expect(tickets.every((r: { company_id: number; value: number }) => r.company_id === acme && typeof r.value === 'number')).toBe(true);
  const time = (await search('time', cookies.client2, where([]))).json();
  expect(time.length).toBeGreaterThan(0);
  expect(time.every((r: { company_id: number }) => r.company_id === globex)).toBe(true);
  const contacts = (await search('contact', cookies.client, where([{ field: 'email', op: 'like', value: '%demo.test' }]))).json();
  expect(contacts.map((c: { email: string }) => c.email)).toEqual(['client@demo.test']);
  const links = (await search('company_contacts', cookies.client2, where([{ field: 'company_id', op: '=', value: acme }]))).json();
  expect(links).toEqual([]);
});

test('contact search never returns a password', async () => {
  const rows = (await search('contact', cookies.agent, where([{ field: 'group_id', op: '<=', value: 4 }]))).json();
  expect(rows.length).toBe(4);
  expect(JSON.stringify(rows)).not.toMatch(/password|scrypt/);
  expect((await search('contact', cookies.agent, where([{ field: 'password_hash', op: '!=', value: null }]))).statusCode).toBe(400);
});

test('company contacts and time for staff, with null and like operators', async () => {
  const links = (await search('company_contacts', cookies.agent, where([{ field: 'company_id', value: acme }], {}))).json();
  expect(links.map((l: { email: string }) => l.email).sort()).toEqual(['client@demo.test', 'dana@acme.test']);
  expect(links.find((l: { email: string }) => l.email === 'client@demo.test').primary).toBe(1);
  const unassigned = (await search('ticket', cookies.agent, where([{ field: 'assignee_id', op: '=', value: null }]))).json();
  expect(unassigned.length).toBeGreaterThan(0);
  expect(unassigned.every((r: { assignee_id: null }) => r.assignee_id === null)).toBe(true);
  const titled = (await search('ticket', cookies.agent, where([{ field: 'title', op: 'like', value: '%CAREERS%' }]))).json();
  expect(titled.map((r: { title: string }) => r.title)).toEqual(['Add a careers page']);
});

test('unknown type: 400 "Type not specified."; bad field, operator or value: 400 "Invalid input."; no match: 200 []', async () => {
  const unknown = await search('invoice', cookies.agent, where([]));
  expect(unknown.json()).toEqual({ statusCode: 400, error: MESSAGES.typeNotSpecified });
  for (const payload of [
    where([{ field: 'secret', op: '=', value: 1 }]),
    where([{ field: 'status_id', op: 'drop table', value: 1 }]),
    where([{ field: 'status_id', op: '=', value: 'one' }]),
    where([{ field: 'status_id', op: 'like', value: '1' }]),
    where([{ field: 'date_due', op: '<', value: 'never' }]),
    { ...where([]), orderBy: 'password_hash' },
    { ...where([]), orderBy: 'ticket_id; drop table tickets' },
  ]) {
    const res = await search('ticket', cookies.agent, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.invalidInput);
  }
  expect((await search('ticket', cookies.agent, where([{ field: 'title', op: '=', value: "x' or '1'='1" }]))).json()).toEqual([]);
});
