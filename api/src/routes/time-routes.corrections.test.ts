import { MESSAGES, STATUS } from '@portal/domain';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Correcting logged time (docs/product/time-and-billing.md#correcting-time): the worker or an admin
// edits and deletes an entry; an issued invoice freezes its month (409, log a correction this month);
// a correction is a line of its own on this month's invoice; every change is in the audit trail with
// before and after, and is published live. The clock is fixed in March 2030, where only this file logs time.

const NOW = new Date('2030-03-15T12:00:00.000Z');
let cast: DemoCast;
let ticketId: number;
let samCookie: string;
let february: number;
let march: number;
let samsMarch: number;

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  const { t, ids } = cast;
  ticketId = await aTicket(t.app, { company_id: ids.acme, contact_id: ids.client, assignee_id: ids.agent, title: 'Correct me', status_id: STATUS.inProgress });
  const log = (contactId: number, time: number, date: string, description: string) =>
    aTimeEntry(t.app, { ticket_id: ticketId, company_id: ids.acme, contact_id: contactId, time, date, description, pay_rate: 40 });
  february = await log(ids.agent, 10, '2030-02-20T10:00:00.000Z', 'February work');
  march = await log(ids.agent, 5, '2030-03-02T10:00:00.000Z', 'March work');
  samsMarch = await log(ids.sam, 3, '2030-03-03T10:00:00.000Z', "Sam's work");
  samCookie = await t.login('sam.support@demo.test');
});
afterAll(async () => {
  await cast.t.close();
});

const auditOf = async (timeId: number) =>
  (await cast.call('GET', `/api/audit?entity=time&entity_id=${timeId}`, cast.cookies.admin)).json().entries as {
    action: string; actor_id: number; changes: { field: string; before: unknown; after: unknown }[];
  }[];

test('an agent edits the units, description and day of its own entry; the total and the trail follow', async () => {
  const { call, cookies, ids, t } = cast;
  const publish = jest.spyOn(t.app.events, 'publish');
  const res = await call('PUT', `/api/time/${march}`, cookies.agent, { time: 15, description: ' Fixed the form ', date: '2030-03-10', time_zone: 'UTC' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    entry: { time_id: march, time: 15, description: 'Fixed the form', date: '2030-03-10T12:00:00.000Z', invoice: null, corrects_time_id: null },
    total_time: 10 + 15 + 3,
  });
  expect((await call('GET', `/api/ticket/${ticketId}`, cookies.client)).json().total_time).toBe(28);
  expect(publish).toHaveBeenCalledWith(expect.objectContaining({ kind: 'time', ticketId, companyId: ids.acme, contactId: ids.agent, monthsBack: [0] }));
  publish.mockRestore();

  const [entry] = await auditOf(march);
  expect(entry).toMatchObject({ action: 'time.updated', actor_id: ids.agent });
  expect(entry!.changes).toEqual([
    { field: 'time', before: 5, after: 15 },
    { field: 'description', before: 'March work', after: 'Fixed the form' },
    { field: 'date', before: '2030-03-02T10:00:00.000Z', after: '2030-03-10T12:00:00.000Z' },
  ]);
});

test("an agent cannot edit or delete another agent's time (403); an admin can; clients never", async () => {
  const { call, cookies, ids } = cast;
  const put = await call('PUT', `/api/time/${samsMarch}`, cookies.agent, { time: 1 });
  expect(put.statusCode).toBe(403);
  expect(put.json().error).toBe(MESSAGES.notAuthorized);
  expect((await call('DELETE', `/api/time/${samsMarch}`, cookies.agent)).statusCode).toBe(403);
  expect((await call('PUT', `/api/time/${march}`, cookies.client, { time: 1 })).statusCode).toBe(403);
  expect((await call('PUT', `/api/time/${march}`, samCookie, { time: 1 })).statusCode).toBe(403);
  expect((await cast.t.app.repos.time.findById(samsMarch))!.time).toBe(3);

  const admin = await call('PUT', `/api/time/${samsMarch}`, cookies.admin, { time: 4 });
  expect(admin.statusCode).toBe(200);
  expect(admin.json().entry).toMatchObject({ time: 4, contact_id: ids.sam });
  expect((await auditOf(samsMarch))[0]).toMatchObject({ action: 'time.updated', actor_id: ids.admin, changes: [{ field: 'time', before: 3, after: 4 }] });
});

test('bad edits answer a clear message and change nothing', async () => {
  const { call, cookies } = cast;
  const cases: [object, string][] = [
    [{ time: 0 }, MESSAGES.invalidTimeEntry],
    [{ time: -2 }, MESSAGES.invalidTimeEntry],
    [{ description: '   ' }, MESSAGES.invalidTimeEntry],
    [{ time: 500 }, MESSAGES.inputOutOfRange],
    [{ date: '2030-03-16' }, MESSAGES.timeEntryDateInvalid],
    [{ date: '2030-02-31' }, MESSAGES.timeEntryDateInvalid],
  ];
  for (const [body, message] of cases) {
    const res = await call('PUT', `/api/time/${march}`, cookies.agent, body);
    expect([res.statusCode, res.json().error]).toEqual([400, message]);
  }
  expect((await call('PUT', '/api/time/999999', cookies.agent, { time: 2 })).statusCode).toBe(404);
  expect((await cast.t.app.repos.time.findById(march))).toMatchObject({ time: 15, description: 'Fixed the form' });
});

test('an issued invoice freezes its month: no edit, delete or move into it (409, log a correction this month)', async () => {
  const { call, cookies, ids } = cast;
  const issued = await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 1, time_zone: 'UTC' });
  expect(issued.statusCode).toBe(201);
  const number = issued.json().number as string;

  const list = (await call('GET', `/api/ticket/${ticketId}/time`, cookies.agent)).json();
  expect(list.entries.find((e: { time_id: number }) => e.time_id === february)).toMatchObject({ invoice: number });
  expect(list.entries.find((e: { time_id: number }) => e.time_id === march)).toMatchObject({ invoice: null });

  for (const [method, body] of [['PUT', { time: 2 }], ['DELETE', undefined]] as const) {
    const res = await call(method, `/api/time/${february}`, cookies.admin, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MESSAGES.timeEntryFrozen);
    expect(res.json().error).toMatch(/Log a correction this month/);
  }
  const moved = await call('PUT', `/api/time/${march}`, cookies.agent, { date: '2030-02-27', time_zone: 'UTC' });
  expect([moved.statusCode, moved.json().error]).toEqual([409, MESSAGES.timeEntryFrozen]);
  expect((await cast.t.app.repos.time.findById(february))!.time).toBe(10);
  const entries = (await call('GET', `/api/contact/${ids.agent}/time?from=2030-02&to=2030-03&time_zone=UTC`, cookies.agent)).json();
  expect(entries.find((e: { time_id: number }) => e.time_id === february)).toMatchObject({ invoice: number });
});

test("a correction is logged this month for the frozen entry's worker, and is its own line on this month's invoice", async () => {
  const { call, cookies, ids, t } = cast;
  const open = await call('POST', `/api/time/${march}/corrections`, cookies.agent, { time: -1, description: 'x' });
  expect([open.statusCode, open.json().error]).toEqual([400, MESSAGES.timeEntryNotFrozen]);
  expect((await call('POST', `/api/time/${february}/corrections`, samCookie, { time: -1, description: 'x' })).statusCode).toBe(403);
  expect((await call('POST', `/api/time/${february}/corrections`, cookies.agent, { time: -4 })).json().error).toBe(MESSAGES.invalidTimeEntry);

  const res = await call('POST', `/api/time/${february}/corrections`, cookies.agent, { time: -4, description: 'Billed twice in February' });
  expect(res.statusCode).toBe(201);
  const correction = res.json().entry;
  expect(correction).toMatchObject({
    time: -4, corrects_time_id: february, contact_id: ids.agent, ticket_id: ticketId, date: NOW.toISOString(), invoice: null,
  });
  expect(res.json().total_time).toBe(10 + 15 + 4 - 4);
  const stored = await t.app.repos.time.findById(correction.time_id);
  expect(stored).toMatchObject({ company_id: ids.acme, pay_rate: 40 });

  const tooMuch = await call('POST', `/api/time/${february}/corrections`, cookies.agent, { time: -7, description: 'More' });
  expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([400, MESSAGES.timeCorrectionTooLarge]);
  const tooMuchEdit = await call('PUT', `/api/time/${correction.time_id}`, cookies.agent, { time: -11 });
  expect([tooMuchEdit.statusCode, tooMuchEdit.json().error]).toEqual([400, MESSAGES.timeCorrectionTooLarge]);

  const draft = (await call('GET', `/api/company/${ids.acme}/invoiceitems/0?time_zone=UTC`, cookies.admin)).json();
  const line = draft.items.find((item: { time_id: number }) => item.time_id === correction.time_id);
  expect(line).toMatchObject({
    units: -4, amount: -40, description: 'Billed twice in February', corrects_time_id: february, corrects_date: '2030-02-20T10:00:00.000Z',
  });
  expect(draft.items.filter((item: { corrects_time_id: number | null }) => item.corrects_time_id === null)).toHaveLength(2);
  const [audit] = await auditOf(correction.time_id);
  expect(audit).toMatchObject({ action: 'time.corrected', actor_id: ids.agent });
  expect(audit!.changes).toEqual(expect.arrayContaining([{ field: 'time', before: null, after: -4 }, { field: 'corrects_time_id', before: null, after: february }]));

  const payroll = (await call('GET', '/api/time/payroll/0?time_zone=UTC', cookies.admin)).json();
  expect(payroll.rows.find((row: { contact_id: number }) => row.contact_id === ids.agent)).toMatchObject({ units: 15 - 4 });
});

test("issuing this month freezes the correction into the invoice's items", async () => {
  const { call, cookies, ids } = cast;
  const issued = (await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 0, time_zone: 'UTC' })).json();
  const invoice = (await call('GET', `/api/company/${ids.acme}/invoices/${issued.invoice_id}`, cookies.admin)).json();
  expect(invoice.items.find((item: { units: number }) => item.units === -4)).toMatchObject({ corrects_time_id: february, corrects_date: '2030-02-20T10:00:00.000Z' });
  expect(invoice.total).toBe((15 + 4 - 4) * 10);
});

describe('deleting', () => {
  let open: number;
  beforeAll(async () => {
    const { t, ids } = cast;
    open = await aTimeEntry(t.app, { ticket_id: ticketId, company_id: ids.acme, contact_id: ids.agent, time: 6, date: '2030-01-05T10:00:00.000Z', description: 'Old work' });
  });

  test('an agent deletes its own entry of an open month; the total follows and the trail keeps what it was', async () => {
    const { call, cookies, ids, t } = cast;
    const before = await t.app.repos.time.totalForTicket(ticketId);
    const publish = jest.spyOn(t.app.events, 'publish');
    const res = await call('DELETE', `/api/time/${open}`, cookies.agent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ time_id: open, ticket_id: ticketId, total_time: before - 6 });
    expect(await t.app.repos.time.findById(open)).toBeUndefined();
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ kind: 'time', ticketId, monthsBack: expect.arrayContaining([2]) }));
    publish.mockRestore();
    const [audit] = await auditOf(open);
    expect(audit).toMatchObject({ action: 'time.deleted', actor_id: ids.agent });
    expect(audit!.changes).toEqual(expect.arrayContaining([
      { field: 'time', before: 6, after: null }, { field: 'description', before: 'Old work', after: null }, { field: 'contact_id', before: ids.agent, after: null },
    ]));
    expect((await call('DELETE', `/api/time/${open}`, cookies.agent)).statusCode).toBe(404);
  });
});
