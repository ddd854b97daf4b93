import { TYPE } from '@portal/domain';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// An issued invoice's amount is in the agency's currency (the option locale, docs/product/languages.md), never
// converted: in the mail to an English reader and in the invoice.issued event. The clock is fixed in May 2031.

const NOW = new Date('2031-05-15T12:00:00.000Z');
let cast: DemoCast;

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW, publicUrl: 'https://portal.example' });
  const { t, ids } = cast;
  const ticket = await aTicket(t.app, { company_id: ids.acme, title: 'Euro work', type_id: TYPE.newDevelopment });
  await aTimeEntry(t.app, { ticket_id: ticket, company_id: ids.acme, contact_id: ids.agent, time: 1235, date: '2031-05-02T10:00:00.000Z', description: 'Build', pay_rate: 40 });
  await t.app.repos.options.save(t.app.db, 'rates', { unitPriceUsd: 10, meetingHourlyUsd: 50 });
  await t.app.repos.options.save(t.app.db, 'locale', { language: 'en', currency: 'EUR' });
});
afterAll(async () => {
  await cast.t.close();
});

test('issuing in an agency that invoices in euros mails the total in euros and records it so', async () => {
  const { call, cookies, ids, t } = cast;
  const outboxBefore = (await t.app.repos.mailOutbox.list()).length;
  const res = await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 0, summary: 'Euro work.' });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ total: 12350 });
  const mails = (await t.app.repos.mailOutbox.list()).slice(outboxBefore);
  expect(mails.length).toBeGreaterThan(0);
  const english = mails.find((mail) => mail.to_address === 'client@demo.test');
  expect(english?.text).toContain('€12,350.00');
  expect(english?.text).not.toContain('$');
  const event = await t.app.db.selectFrom('webhook_events').select('payload').where('type', '=', 'invoice.issued').executeTakeFirstOrThrow();
  expect(JSON.parse(event.payload)).toMatchObject({ invoice: { total: '€12,350.00' } });
});
