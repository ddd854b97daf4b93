import { MESSAGES } from '@portal/domain';
import { startFakeAccounting, type FakeAccounting } from '../test-support/fake-graphql-accounting';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The accounting service through a real GraphQL server: the bearer token, the sort orders, page
// size 300, the business found once, and every failure answered without internals.

let fake: FakeAccounting;
let t: TestApp;
let unconfigured: TestApp;
let admin: string;

beforeAll(async () => {
  fake = await startFakeAccounting({
    businessId: 'QnVzaW5lc3M6MQ==',
    customers: [
      { id: 'C2', name: 'Zeta Works', firstName: 'Zoe', lastName: 'Z', email: 'zoe@zeta.test', outstanding: '120.00' },
      { id: 'C1', name: 'Acme, LLC', firstName: 'Casey', lastName: 'Client', email: null, outstanding: '0.00' },
      { id: 'C3', name: 'Globex', firstName: null, lastName: null, email: 'ap@globex.test', outstanding: '55.50' },
    ],
    invoices: [
      { id: 'I1', customerId: 'C1', invoiceDate: '2026-09-01', invoiceNumber: '101', due: '0.00', paid: '300.00' },
      { id: 'I3', customerId: 'C1', invoiceDate: '2026-11-01', invoiceNumber: '103', due: '180.00', paid: '0.00' },
      { id: 'I2', customerId: 'C1', invoiceDate: '2026-10-01', invoiceNumber: '102', due: '0.00', paid: '240.00' },
      { id: 'I4', customerId: 'C2', invoiceDate: '2026-10-15', invoiceNumber: '104', due: '120.00', paid: '0.00' },
    ],
  });
  t = await createTestApp({ accounting: { url: fake.url, token: 'wave-secret-token', timeoutMs: 2000 } });
  unconfigured = await createTestApp({ accounting: { url: '', token: '' } });
  admin = await t.login('admin@demo.test');
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.args.length = 0;
  fake.failing = null;
  fake.ignoreSort = false;
});

const get = (app: TestApp, url: string, cookie: string) => app.app.inject({ method: 'GET', url, headers: { cookie } });

test('customers by name ascending, page 1 of 300, with the bearer token; the business is looked up once', async () => {
  const res = await get(t, '/api/accounting/customers', admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Acme, LLC', 'Globex', 'Zeta Works']);
  expect(res.json()[2]).toEqual({ id: 'C2', name: 'Zeta Works', firstName: 'Zoe', lastName: 'Z', email: 'zoe@zeta.test', outstandingAmount: { value: '120.00' } });
  expect(fake.requests.every((r) => r.authorization === 'Bearer wave-secret-token')).toBe(true);
  expect(fake.args.find((a) => a.field === 'customers')!.args).toEqual({ page: 1, pageSize: 300, sort: ['NAME_ASC'] });
  expect(fake.args.find((a) => a.field === 'business')!.args).toEqual({ id: 'QnVzaW5lc3M6MQ==' });
  expect(res.body).not.toContain('wave-secret-token');

  await get(t, '/api/accounting/customers', admin);
  expect(fake.args.filter((a) => a.field === 'businesses')).toHaveLength(1);
});

test("a customer's invoices by invoice date descending, sorted again when the service does not", async () => {
  const res = await get(t, '/api/accounting/customers/C1/invoices', admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(['103', '102', '101']);
  expect(res.json()[0]).toEqual({
    id: 'I3', invoiceDate: '2026-11-01', invoiceNumber: '103', items: [{ product: { name: 'Support' }, description: 'Work 103', total: { value: '180.00' } }],
    amountDue: { value: '180.00' }, amountPaid: { value: '0.00' },
  });
  expect(fake.args.find((a) => a.field === 'invoices')!.args).toMatchObject({ customerId: 'C1', sort: ['INVOICE_DATE_DESC'], pageSize: 300 });

  fake.ignoreSort = true;
  const unsorted = await get(t, '/api/accounting/customers/C1/invoices', admin);
  expect(unsorted.json().map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(['103', '102', '101']);
});

test('GraphQL errors and HTTP errors answer 502 without internals', async () => {
  fake.failing = 'graphql';
  expect((await get(t, '/api/accounting/customers', admin)).json()).toEqual({ statusCode: 502, error: MESSAGES.accountingServiceFailed });
  fake.failing = 'http';
  const res = await get(t, '/api/accounting/customers/C1/invoices', admin);
  expect(res.json()).toEqual({ statusCode: 502, error: MESSAGES.accountingServiceFailed });
  expect(res.body).not.toContain('secret stack');
});

test('status says whether it is connected; unconfigured answers 503; admins only', async () => {
  expect((await get(t, '/api/accounting/status', admin)).json()).toEqual({ connected: true });
  const cookie = await unconfigured.login('admin@demo.test');
  expect((await get(unconfigured, '/api/accounting/status', cookie)).json()).toEqual({ connected: false });
  expect((await get(unconfigured, '/api/accounting/customers', cookie)).json()).toEqual({ statusCode: 503, error: MESSAGES.serviceNotConnected });
  expect((await get(unconfigured, '/api/accounting/customers/C1/invoices', cookie)).json()).toEqual({ statusCode: 503, error: MESSAGES.serviceNotConnected });
  expect((await get(t, '/api/accounting/customers', await t.login('agent@demo.test'))).statusCode).toBe(403);
  expect(fake.requests).toHaveLength(0);
});
