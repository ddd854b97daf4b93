import { HOUR_BANK_MESSAGES, MODE, PRIORITY, STATUS, currentMonthPeriod } from '@portal/domain';
import { aCompany, aTicket } from '../test-support/factories';
import { hourBankBalance, tellBankThresholds } from '../services/hour-bank';
import { serviceContext } from '../services/service-context';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

// docs/product/hour-banks.md: Acme has a bank of 1 hour (10 units) a month, no roll-over; the demo's time of Acme is
// removed first so the month starts empty.
let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, acme: number, ticketId: number, dana: string;
beforeAll(async () => {
  ({ t, call, cookies, ids, acme, ticketId } = await openWorkTicket());
  dana = await t.login('dana@acme.test');
  await t.app.db.deleteFrom('time_entries').where('company_id', '=', acme).execute();
});
afterAll(() => t.close());

const bank = (cookie: string) => call('GET', `/api/company/${acme}/hour-bank`, cookie);
const bankMonth = async (company: number) => (await call('GET', `/api/company/${company}/hour-bank`, cookies.admin)).json().balance as { month: string };
const log = (ticket: number, time: number) => call('POST', '/api/time', cookies.agent, { ticket_id: ticket, time, description: 'Work' });
const noticesOf = (contactId: number) => t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', contactId)
  .where('note', 'like', '%plan hours%').execute();

describe('hour banks', () => {
  test('no bank until an admin sets one; staff and primary contacts read it, other clients do not', async () => {
    expect((await bank(cookies.client)).json()).toEqual({ balance: null, settings: null });
    const body = { enabled: true, included_hours: 1, rollover_cap_hours: 0 };
    expect((await call('PUT', `/api/company/${acme}/hour-bank`, cookies.agent, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${acme}/hour-bank`, cookies.client, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${acme}/hour-bank`, cookies.admin, { ...body, included_hours: 0.05 })).statusCode).toBe(400);
    const saved = await call('PUT', `/api/company/${acme}/hour-bank`, cookies.admin, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({ included_hours: 1, rollover_cap_hours: 0 });
    expect((await bank(cookies.client)).json().balance).toMatchObject({ includedUnits: 10, availableUnits: 10, usedUnits: 0, percentUsed: 0 });
    expect((await bank(cookies.agent)).statusCode).toBe(200);
    expect((await bank(dana)).statusCode).toBe(403);
    expect((await bank(cookies.client2)).statusCode).toBe(403);
  });

  test('logged time draws the bank with what it was spent on; 80 % is told once to primary contacts and admins', async () => {
    expect((await log(ticketId, 7)).statusCode).toBe(201);
    expect(await noticesOf(ids.client)).toEqual([]);
    expect((await log(ticketId, 1)).statusCode).toBe(201);
    const { balance } = (await bank(cookies.client)).json();
    expect(balance).toMatchObject({ usedUnits: 8, remainingUnits: 2, overageUnits: 0, percentUsed: 80, spentOn: [{ ticketId, title: 'Work log', units: 8 }] });
    expect((await log(ticketId, 1)).statusCode).toBe(201);
    const notice = 'Acme, LLC has used 80 % of this month\'s plan hours';
    expect(await noticesOf(ids.client)).toEqual([{ note: notice }]);
    expect(await noticesOf(ids.admin)).toEqual([{ note: notice }]);
    expect(await noticesOf(ids.dana)).toEqual([]);
    const mail = await t.app.db.selectFrom('mail_outbox').select('to_address').where('subject', '=', notice).execute();
    expect(mail.map((m) => m.to_address).sort()).toEqual(['admin@demo.test', 'client@demo.test']);
  });

  test('past the bank a non-Urgent ticket needs the client\'s approval: 409, ask, approve, then the time is logged', async () => {
    // 9 of 10 used: 1 unit fits, 2 do not.
    const refused = await log(ticketId, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HOUR_BANK_MESSAGES.approvalNeeded);
    expect((await call('POST', `/api/ticket/${ticketId}/overage-approval`, cookies.client, { hours: 0.2 })).statusCode).toBe(403);
    const asked = await call('POST', `/api/ticket/${ticketId}/overage-approval`, cookies.agent, { hours: 0.2 });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().approval).toMatchObject({ units: 2, status: 'pending', question: "This needs about 0.2 hours beyond your plan's 1: approve?" });
    expect((await call('POST', `/api/ticket/${ticketId}/overage-approval`, cookies.agent, { hours: 1 })).statusCode).toBe(409);
    expect((await log(ticketId, 3)).statusCode).toBe(409);
    expect((await call('POST', `/api/ticket/${ticketId}/overage-approval/approve`, dana)).statusCode).toBe(403);
    expect((await call('POST', `/api/ticket/${ticketId}/overage-approval/approve`, cookies.agent)).statusCode).toBe(403);
    const approved = await call('POST', `/api/ticket/${ticketId}/overage-approval/approve`, cookies.client);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval.status).toBe('approved');
    expect((await log(ticketId, 3)).statusCode).toBe(201);
    // The approval covered 2 units beyond the bank; a third needs another.
    expect((await log(ticketId, 1)).statusCode).toBe(409);
    const feed = (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.client)).json() as { note: string }[];
    expect(feed.map((a) => a.note)).toEqual(expect.arrayContaining([
      HOUR_BANK_MESSAGES.approvalAsked({ hours: '0.2' }), HOUR_BANK_MESSAGES.approvalApproved({ hours: '0.2' }),
    ]));
    const trail = await t.app.db.selectFrom('audit_log').select('action').where('entity_id', '=', ticketId).execute();
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['ticket.overage_requested', 'ticket.overage_approved']));
    // 100 % was crossed with the approved time: told once.
    const full = 'Acme, LLC has used 100 % of this month\'s plan hours';
    expect((await noticesOf(ids.client)).filter((n) => n.note === full)).toHaveLength(1);
  });

  test('an Urgent ticket needs no approval; a declined request lets nothing past', async () => {
    const urgent = await aTicket(t.app, { company_id: acme, contact_id: ids.client, assignee_id: ids.agent, title: 'Site down', priority_id: PRIORITY.urgent, status_id: STATUS.inProgress });
    expect((await log(urgent, 4)).statusCode).toBe(201);
    const other = await aTicket(t.app, { company_id: acme, contact_id: ids.client, assignee_id: ids.agent, title: 'Banner', status_id: STATUS.inProgress });
    await call('POST', `/api/ticket/${other}/overage-approval`, cookies.agent, { hours: 1 });
    expect((await call('POST', `/api/ticket/${other}/overage-approval/decline`, cookies.client)).json().approval.status).toBe('declined');
    expect((await log(other, 1)).statusCode).toBe(409);
    expect((await call('POST', `/api/ticket/${other}/overage-approval/approve`, cookies.client)).statusCode).toBe(404);
    // Told once however often the bank is crossed.
    expect((await noticesOf(ids.admin))).toHaveLength(2);
  });

  test('the invoice shows Included hours at 0 and Overage at the rate as separate lines; the total is the overage', async () => {
    // 16 units this month (9 + 3 + the Urgent 4) against 10: 6 beyond, at $10 a unit.
    const draft = (await call('GET', `/api/company/${acme}/invoiceitems/0`, cookies.admin)).json();
    expect(draft.hour_bank).toEqual({ included: { units: 10, amount: 0 }, overage: { units: 6, amount: 60 } });
    expect(draft.totals.total).toBe(60);
    const month = (await call('GET', '/api/company/-1/invoiceitems/0', cookies.admin)).json();
    expect(month.companies.find((c: { company_id: number }) => c.company_id === acme).total).toBe(60);
    // Issued, the invoice keeps both lines and its total.
    const issued = await call('POST', `/api/company/${acme}/invoices`, cookies.admin, { offset: 0 });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().hour_bank).toEqual({ included: { units: 10, amount: 0 }, overage: { units: 6, amount: 60 } });
    expect(issued.json().total).toBe(60);
    const invoice = (await call('GET', `/api/company/${acme}/invoices/${issued.json().invoice_id}`, cookies.client)).json();
    expect(invoice.hour_bank.overage).toEqual({ units: 6, amount: 60 });
  });

  test('two processes telling the same threshold at once tell it once (the notice row is unique)', async () => {
    const company = await aCompany(t.app, 'Race Ltd', MODE.active);
    const ticket = await aTicket(t.app, { company_id: company, title: 'Race' });
    await call('PUT', `/api/company/${company}/hour-bank`, cookies.admin, { enabled: true, included_hours: 1, rollover_cap_hours: 0 });
    await log(ticket, 9);
    await t.app.db.deleteFrom('hour_bank_notices').where('company_id', '=', company).execute();
    const before = (await hourBankBalance(serviceContext(t.app), company, (await bankMonth(company)).month))!;
    const zero = { ...before, usedUnits: 0, percentUsed: 0 };
    const told = await Promise.all([tellBankThresholds(serviceContext(t.app), company, zero), tellBankThresholds(serviceContext(t.app), company, zero)]);
    expect(told.filter((changes) => changes.length > 0)).toHaveLength(1);
    const notice = 'Race Ltd has used 80 % of this month\'s plan hours';
    expect(await t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', ids.admin).where('note', '=', notice).execute()).toHaveLength(2);
  });

  test('two processes logging past the bank at once: only what fits is logged, the rest waits for approval', async () => {
    const company = await aCompany(t.app, 'Crowd Ltd', MODE.active);
    const ticket = await aTicket(t.app, { company_id: company, title: 'Crowd' });
    await call('PUT', `/api/company/${company}/hour-bank`, cookies.admin, { enabled: true, included_hours: 1, rollover_cap_hours: 0 });
    expect((await log(ticket, 5)).statusCode).toBe(201);
    // A second API on the same database, as another process would be; 5 units are left and 12 entries of 1 come at once.
    const other = await t.openAnother();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? t.app : other).inject({
      method: 'POST', url: '/api/time', headers: { cookie: cookies.agent }, payload: { ticket_id: ticket, time: 1, description: 'Work' },
    })));
    await other.close();
    expect(answers.filter((res) => res.statusCode === 201).length).toBe(5);
    expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json().error)).toEqual(Array(7).fill(HOUR_BANK_MESSAGES.approvalNeeded));
    expect((await call('GET', `/api/company/${company}/hour-bank`, cookies.admin)).json().balance).toMatchObject({ usedUnits: 10, overageUnits: 0 });
  });

  test('raising an entry of this month past the bank needs the approval too; lowering it does not', async () => {
    const company = await aCompany(t.app, 'Raise Ltd', MODE.active);
    const ticket = await aTicket(t.app, { company_id: company, title: 'Raise' });
    await call('PUT', `/api/company/${company}/hour-bank`, cookies.admin, { enabled: true, included_hours: 1, rollover_cap_hours: 0 });
    const logged = await log(ticket, 6);
    expect(logged.statusCode).toBe(201);
    const edit = (time: number) => call('PUT', `/api/time/${logged.json().entry.time_id}`, cookies.agent, { time });
    const refused = await edit(12);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HOUR_BANK_MESSAGES.approvalNeeded);
    expect((await call('GET', `/api/company/${company}/hour-bank`, cookies.admin)).json().balance).toMatchObject({ usedUnits: 6 });
    expect((await edit(10)).statusCode).toBe(200);
    expect((await edit(3)).statusCode).toBe(200);
    expect((await call('GET', `/api/company/${company}/hour-bank`, cookies.admin)).json().balance).toMatchObject({ usedUnits: 3 });
    // Raised to 80 %, the notice is told as when logging.
    expect((await edit(8)).statusCode).toBe(200);
    const notice = 'Raise Ltd has used 80 % of this month\'s plan hours';
    expect(await t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', ids.admin).where('note', '=', notice).execute()).toHaveLength(1);
  });

  test('a company without a bank logs time as before', async () => {
    const globex = await t.app.db.selectFrom('companies').select('company_id').where('name', 'like', 'Globex%').executeTakeFirstOrThrow();
    const ticket = await aTicket(t.app, { company_id: globex.company_id, title: 'No bank' });
    expect((await log(ticket, 50)).statusCode).toBe(201);
  });
});

describe('roll-over and corrections', () => {
  test("last month's unused hours roll over up to the cap; a correction counts in the month of the entry it corrects", async () => {
    const company = await aCompany(t.app, 'Rollover Ltd', MODE.active);
    const ticket = await aTicket(t.app, { company_id: company, title: 'Care' });
    await call('PUT', `/api/company/${company}/hour-bank`, cookies.admin, { enabled: true, included_hours: 2, rollover_cap_hours: 1 });
    const period = currentMonthPeriod(t.app.config.clock(), t.app.config.defaultTimeZone);
    const lastMonth = new Date(period.from.getTime() - 86_400_000).toISOString();
    await t.app.db.updateTable('hour_banks').set({ start_month: '2000-01' }).where('company_id', '=', company).execute();
    const entry = {
      ticket_id: ticket, contact_id: ids.agent, company_id: company, company_name: 'Rollover Ltd', contact_name: 'Alex Agent', pay_rate: 40,
      description: 'Care', date_created: lastMonth,
    };
    const { time_id } = await t.app.db.insertInto('time_entries').values({ ...entry, time: 12, date: lastMonth }).returning('time_id').executeTakeFirstOrThrow();
    const read = async (month?: string) => (await call('GET', `/api/company/${company}/hour-bank${month ? `?month=${month}` : ''}`, cookies.admin)).json().balance;
    // 20 included last month, 12 used: 8 unused, under the cap of 10.
    expect(await read()).toMatchObject({ includedUnits: 20, rolledOverUnits: 8, availableUnits: 28, usedUnits: 0 });
    const now = t.app.config.clock().toISOString();
    await t.app.db.insertInto('time_entries').values({ ...entry, time: -4, date: now, date_created: now, corrects_time_id: time_id }).execute();
    // What POST /time/:id/corrections publishes: the kept answer is dropped with the company's totals.
    await t.app.events.publish({ kind: 'time', ticketId: ticket, companyId: company, contactId: ids.agent });
    expect(await read()).toMatchObject({ rolledOverUnits: 10, usedUnits: 0 });
    expect(await read(previousMonthOf(period.month))).toMatchObject({ usedUnits: 8 });
    await call('PUT', `/api/company/${company}/hour-bank`, cookies.admin, { enabled: true, included_hours: 2, rollover_cap_hours: 0 });
    expect(await read()).toMatchObject({ rolledOverUnits: 0, availableUnits: 20 });
  });
});

function previousMonthOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}
