import { MESSAGES } from '@portal/domain';
import { aTimeEntry } from '../test-support/billing';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// A deleted company keeps its money (docs/product/time-and-billing.md#deleted-companies): its issued invoices stay
// readable by admins, listed on their own; its unissued month can still be issued, under the name it had, mailed to
// nobody. The clock is fixed in April 2032, where only this file logs time.

const NOW = new Date('2032-04-15T12:00:00.000Z');
let cast: DemoCast;
let gone: number;
let issuedId: number;

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  const { t, ids, call, cookies } = cast;
  gone = await aCompany(t.app, 'Gone Gadgets', 1);
  const client = await t.app.repos.contacts.create(t.app.db, { first_name: 'Gia', last_name: 'Gone', email: 'gia@gone.test', phone: null, group_id: 5 });
  await t.app.repos.companyContacts.link(t.app.db, { company_id: gone, contact_id: client, title: null, primary: 1 });
  const ticket = await aTicket(t.app, { company_id: gone, title: 'Gadget page' });
  await aTimeEntry(t.app, { ticket_id: ticket, company_id: gone, contact_id: ids.agent, time: 10, date: '2032-02-10T10:00:00.000Z', description: 'February work' });
  await aTimeEntry(t.app, { ticket_id: ticket, company_id: gone, contact_id: ids.agent, time: 6, date: '2032-03-10T10:00:00.000Z', description: 'March work' });
  const issued = await call('POST', `/api/company/${gone}/invoices`, cookies.admin, { offset: 2, time_zone: 'UTC' });
  expect(issued.statusCode).toBe(201);
  issuedId = issued.json().invoice_id;
  expect((await call('DELETE', `/api/company/${gone}`, cookies.admin)).statusCode).toBe(200);
});
afterAll(async () => {
  await cast.t.close();
});

test("admins list the deleted companies' invoices and open them; nobody else does", async () => {
  const { call, cookies } = cast;
  const res = await call('GET', '/api/invoices/deleted-companies', cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([expect.objectContaining({ invoice_id: issuedId, company_id: gone, company_name: 'Gone Gadgets', month: '2032-02', total: 100 })]);
  for (const who of [cookies.agent, cookies.client]) expect((await call('GET', '/api/invoices/deleted-companies', who)).statusCode).toBe(403);
  expect((await call('GET', '/api/invoices/deleted-companies')).statusCode).toBe(401);
  const invoice = await call('GET', `/api/company/${gone}/invoices/${issuedId}`, cookies.admin);
  expect(invoice.statusCode).toBe(200);
  expect(invoice.json()).toMatchObject({ number: `INV-203202-${String(gone).padStart(4, '0')}`, company_name: 'Gone Gadgets', items: [expect.objectContaining({ description: 'February work' })] });
  // A live company's invoice is not in the list.
  expect((await call('GET', '/api/invoices/deleted-companies', cookies.admin)).json().map((i: { company_id: number }) => i.company_id)).toEqual([gone]);
});

test("the deleted company's months say so; the unissued one is issued under its old name and mailed to nobody", async () => {
  const { call, cookies, t } = cast;
  const february = (await call('GET', `/api/company/${gone}/invoiceitems/2?time_zone=UTC`, cookies.admin)).json();
  expect(february).toMatchObject({ company_name: 'Gone Gadgets', company_deleted: true, invoice: { invoice_id: issuedId } });
  const march = (await call('GET', `/api/company/${gone}/invoiceitems/1?time_zone=UTC`, cookies.admin)).json();
  expect(march).toMatchObject({ company_name: 'Gone Gadgets', company_deleted: true, invoice: null, totals: { total: 60 } });

  const mailsBefore = await t.app.db.selectFrom('mail_outbox').select('id').execute();
  const issued = await call('POST', `/api/company/${gone}/invoices`, cookies.admin, { offset: 1, time_zone: 'UTC', summary: 'Last work' });
  expect(issued.statusCode).toBe(201);
  expect(issued.json()).toMatchObject({ company_name: 'Gone Gadgets', month: '2032-03', total: 60 });
  expect(await t.app.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(mailsBefore.length);
  expect((await call('POST', `/api/company/${gone}/invoices`, cookies.admin, { offset: 1, time_zone: 'UTC' })).json()).toEqual({
    statusCode: 409, error: MESSAGES.invoiceAlreadyIssued,
  });
  // A month without its time: still the usual refusal, and a company that never existed is 404.
  expect((await call('POST', `/api/company/${gone}/invoices`, cookies.admin, { offset: 0, time_zone: 'UTC' })).statusCode).toBe(404);
  expect((await call('POST', '/api/company/987654/invoices', cookies.admin, { offset: 1 })).statusCode).toBe(404);
  const listed = (await call('GET', '/api/invoices/deleted-companies', cookies.admin)).json() as { month: string }[];
  expect(listed.map((i) => i.month)).toEqual(['2032-03', '2032-02']);
  const marked = await call('PUT', `/api/company/${gone}/invoices/${issued.json().invoice_id}`, cookies.admin, { status: 'paid' });
  expect(marked.json()).toMatchObject({ status: 'paid' });
});
