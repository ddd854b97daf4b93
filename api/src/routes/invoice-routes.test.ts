import { MESSAGES, TYPE } from '@portal/domain';
import { isUniqueViolation } from '../repositories/invoice-repository';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Monthly invoices from logged time: the admin screen's month and a company's draft, issuing it
// (frozen, once, mailed to the primary contacts), marking it paid, and who may read it. The clock is
// fixed in March 2030, where only this file logs time.

const NOW = new Date('2030-03-15T12:00:00.000Z');
let cast: DemoCast;
let standard: number;
let meeting: number;
let second: { id: number; email: string };

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW, publicUrl: 'https://portal.example' });
  const { t, ids } = cast;
  const acme = ids.acme;
  standard = await aTicket(t.app, { company_id: acme, title: 'Estimated redesign', type_id: TYPE.newDevelopment, estimated_time: 20, estimate_approved: 1 });
  meeting = await aTicket(t.app, { company_id: acme, title: 'Planning meeting', type_id: TYPE.meeting });
  const log = (ticket: number, time: number, date: string, description: string) =>
    aTimeEntry(t.app, { ticket_id: ticket, company_id: acme, contact_id: ids.agent, time, date, description, pay_rate: 40 });
  await log(standard, 4, '2030-02-20T10:00:00.000Z', 'Earlier design work');
  await log(standard, 7, '2030-03-02T10:00:00.000Z', 'Layout');
  await log(meeting, 3, '2030-03-03T10:00:00.000Z', 'Kickoff call');
  await log(standard, 5, '2030-03-04T10:00:00.000Z', 'Styles');
  await log(meeting, 9, '2030-03-05T10:00:00.000Z', 'Review call');
  const id = await t.app.repos.contacts.create(t.app.db, { first_name: 'Second', last_name: 'Primary', email: 'second.primary@acme.test', phone: null, group_id: 5 });
  await t.app.repos.companyContacts.link(t.app.db, { company_id: acme, contact_id: id, title: 'CFO', primary: 1 });
  second = { id, email: 'second.primary@acme.test' };
});
afterAll(async () => {
  await cast.t.close();
});

const cents = (amount: number) => Math.round(amount * 100);

test("a company's draft: items at both rates, totals equal to the sum of the lines to the cent, estimates", async () => {
  const { call, cookies, ids } = cast;
  const res = await call('GET', `/api/company/${ids.acme}/invoiceitems/0`, cookies.admin);
  expect(res.statusCode).toBe(200);
  const draft = res.json();
  expect(draft).toMatchObject({ company_id: ids.acme, company_name: 'Acme, LLC', month: '2030-03', invoice: null });
  expect(draft.items.map((item: { description: string; amount: number; rate_kind: string }) => [item.description, item.rate_kind, item.amount])).toEqual([
    ['Layout', 'standard', 70], ['Kickoff call', 'meeting', 15], ['Styles', 'standard', 50], ['Review call', 'meeting', 45],
  ]);
  expect(draft.items[0]).toMatchObject({ ticket_title: 'Estimated redesign', unit_price: 10, estimated_time: 20, ticket_time: 16 });
  expect(draft.items[1]).toMatchObject({ unit_price: 5, estimated_time: null, ticket_time: null });
  expect(draft.totals).toEqual({
    standard: { units: 12, unit_price: 10, amount: 120 }, meeting: { units: 12, unit_price: 5, amount: 60 }, units: 24, total: 180,
  });
  expect(cents(draft.totals.total)).toBe(draft.items.reduce((sum: number, item: { amount: number }) => sum + cents(item.amount), 0));
  expect(draft.estimates).toEqual({ tickets: 1, estimated: 20, actual: 12, unestimated: 12 });
});

test('the month: every company with time, its total, and the month total; an odd meeting rate still adds up to the cent', async () => {
  const { call, cookies, ids, t } = cast;
  const month = (await call('GET', '/api/company/-1/invoiceitems/0', cookies.admin)).json();
  expect(month.month).toBe('2030-03');
  expect(month.companies).toEqual([{ company_id: ids.acme, company_name: 'Acme, LLC', units: 24, total: 180, invoice: null }]);
  expect(month.totals.total).toBe(180);

  await t.app.repos.options.save(t.app.db, 'rates', { unitPriceUsd: 10.01, meetingHourlyUsd: 47.33 });
  try {
    const [draft, again] = await Promise.all([
      call('GET', `/api/company/${ids.acme}/invoiceitems/0`, cookies.admin).then((r) => r.json()),
      call('GET', '/api/company/-1/invoiceitems/0', cookies.admin).then((r) => r.json()),
    ]);
    const sum = draft.items.reduce((total: number, item: { amount: number }) => total + cents(item.amount), 0);
    expect(cents(draft.totals.total)).toBe(sum);
    expect(cents(again.companies[0].total)).toBe(sum);
    expect(again.totals).toEqual(draft.totals);
  } finally {
    await t.app.repos.options.save(t.app.db, 'rates', { unitPriceUsd: 10, meetingHourlyUsd: 50 });
  }
});

test('issuing freezes the month, mails every primary contact the link, and is refused the second time', async () => {
  const { call, cookies, ids, t } = cast;
  const outboxBefore = (await t.app.repos.mailOutbox.list()).length;
  const res = await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 0, summary: 'Redesign work and two calls.' });
  expect(res.statusCode).toBe(201);
  const invoice = res.json();
  expect(invoice).toMatchObject({
    company_id: ids.acme, company_name: 'Acme, LLC', month: '2030-03', number: `INV-203003-${String(ids.acme).padStart(4, '0')}`,
    issue_date: '2030-03-15', due_date: '2030-04-14', status: 'issued', paid_at: null, total: 180, summary: 'Redesign work and two calls.',
    provider_name: 'Web Agency Support', time_zone: 'UTC',
  });
  expect(invoice.items).toHaveLength(4);
  expect(invoice.totals.meeting).toEqual({ units: 12, unit_price: 5, amount: 60 });
  expect(invoice.estimates).toEqual({ tickets: 1, estimated: 20, actual: 12, unestimated: 12 });

  const mails = (await t.app.repos.mailOutbox.list()).slice(outboxBefore);
  expect(mails.map((mail) => mail.to_address).sort()).toEqual(['client@demo.test', second.email].sort());
  const link = `https://portal.example/clients/${ids.acme}/invoices/${invoice.invoice_id}`;
  for (const mail of mails) {
    expect(mail.subject).toBe(`Invoice ${invoice.number} from Web Agency Support`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('March 2030');
    expect(mail.text).toContain('$180.00');
    expect(mail.text).toContain('2030-04-14');
    expect(mail.html).toContain(link);
  }

  const again = await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 0 });
  expect(again.json()).toEqual({ statusCode: 409, error: MESSAGES.invoiceAlreadyIssued });
  expect((await t.app.repos.mailOutbox.list()).length).toBe(outboxBefore + 2);

  // Even a write that skipped the check is refused by the database (two admins at the same moment).
  const { invoice_id: _id, ...copy } = (await t.app.db.selectFrom('invoices').selectAll().where('invoice_id', '=', invoice.invoice_id).executeTakeFirstOrThrow());
  const duplicate = await t.app.db.transaction().execute((trx) => t.app.repos.invoices.create(trx, { ...copy, number: 'INV-DUP' }, [])).catch((error: unknown) => error);
  expect(isUniqueViolation(duplicate)).toBe(true);
});

test('time logged after issuing changes the draft, never the issued invoice', async () => {
  const { call, cookies, ids, t } = cast;
  const [issued] = (await call('GET', `/api/company/${ids.acme}/invoices`, cookies.admin)).json();
  await aTimeEntry(t.app, { ticket_id: standard, company_id: ids.acme, contact_id: ids.agent, time: 10, date: '2030-03-14T10:00:00.000Z', pay_rate: 40 });
  const frozen = (await call('GET', `/api/company/${ids.acme}/invoices/${issued.invoice_id}`, cookies.admin)).json();
  expect(frozen.total).toBe(180);
  expect(frozen.items).toHaveLength(4);
  const draft = (await call('GET', `/api/company/${ids.acme}/invoiceitems/0`, cookies.admin)).json();
  expect(draft.totals.total).toBe(280);
  expect(draft.invoice).toMatchObject({ invoice_id: issued.invoice_id, total: 180 });
  const month = (await call('GET', '/api/company/-1/invoiceitems/0', cookies.admin)).json();
  expect(month.companies[0].invoice).toMatchObject({ invoice_id: issued.invoice_id, status: 'issued' });
});

test('nothing to bill, a missing company and a bad offset are refused', async () => {
  const { call, cookies, ids } = cast;
  expect((await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 2 })).json())
    .toEqual({ statusCode: 400, error: MESSAGES.invoiceNothingToBill });
  expect((await call('POST', '/api/company/999999/invoices', cookies.admin, { offset: 0 })).statusCode).toBe(404);
  expect((await call('GET', '/api/company/999999/invoiceitems/0', cookies.admin)).statusCode).toBe(404);
  expect((await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: -1 })).statusCode).toBe(400);
  expect((await call('GET', `/api/company/${ids.acme}/invoiceitems/121`, cookies.admin)).statusCode).toBe(400);
});

test('an admin marks it paid and back; its primary contacts read it; other clients and staff are refused', async () => {
  const { call, cookies, ids, t } = cast;
  const [issued] = (await call('GET', `/api/company/${ids.acme}/invoices`, cookies.client)).json();
  const url = `/api/company/${ids.acme}/invoices/${issued.invoice_id}`;
  const paid = await call('PUT', url, cookies.admin, { status: 'paid' });
  expect(paid.json()).toMatchObject({ status: 'paid', paid_at: NOW.toISOString() });
  expect((await call('PUT', url, cookies.admin, { status: 'issued' })).json()).toMatchObject({ status: 'issued', paid_at: null });
  expect((await call('PUT', url, cookies.client, { status: 'paid' })).statusCode).toBe(403);

  expect((await call('GET', url, cookies.client)).json()).toMatchObject({ invoice_id: issued.invoice_id, items: expect.any(Array) });
  expect((await call('GET', url, cookies.client2)).statusCode).toBe(403);
  expect((await call('GET', url, cookies.agent)).statusCode).toBe(403);
  expect((await call('GET', url, await t.login('dana@acme.test'))).statusCode).toBe(403);
  const globex = await t.companyId('Globex Corporation');
  expect((await call('GET', `/api/company/${globex}/invoices/${issued.invoice_id}`, cookies.admin)).json())
    .toEqual({ statusCode: 404, error: MESSAGES.invoiceNotFound });
  expect((await call('GET', `/api/company/${globex}/invoices`, cookies.client)).statusCode).toBe(403);
});
