import { STATUS } from '@portal/domain';
import { EXPORT_PAGE_SIZE } from '../repositories/export-repository';
import { aToken, bearer } from '../test-support/api-tokens';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// CSV exports (docs/product/integrations.md#exports): content, who may export, neutralised cells, the filters honoured.
// The portal's clock is 7 December 2026 (UTC, the tests' zone): the files are named after that day.

const now = new Date('2026-12-07T12:00:00.000Z');
let cast: DemoCast;
let evil: number;
let allListed = 0;
const listedCount = () => allListed;

/** A CSV's rows as arrays of cells (the tests' own small reader: quoted cells, doubled quotes, commas and newlines inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  return rows;
}

async function invoice(companyId: number, fields: { number: string; month: string; issue_date: string; total_cents: number; status?: 'issued' | 'paid' }) {
  const [year, month] = fields.month.split('-').map(Number) as [number, number];
  await cast.t.app.db.insertInto('invoices').values({
    company_id: companyId, company_name: 'Acme, LLC', number: fields.number, month: fields.month,
    period_from: new Date(Date.UTC(year, month - 1, 1)).toISOString(), period_to: new Date(Date.UTC(year, month, 1)).toISOString(),
    time_zone: 'UTC', issue_date: fields.issue_date, due_date: '2026-12-31', status: fields.status ?? 'issued', paid_at: null, summary: '', provider_name: 'Agency',
    provider_email: 'billing@agency.test', unit_price_cents: 1000, meeting_hourly_cents: 5000, standard_units: 10, standard_cents: fields.total_cents, meeting_units: 0,
    meeting_cents: 0, total_cents: fields.total_cents, issued_by: null, date_created: now.toISOString(), bank_included_units: null, bank_overage_units: null, bank_overage_cents: null,
  }).execute();
}

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => now });
  const { t, ids } = cast;
  evil = await aTicket(t.app, { company_id: ids.acme, title: '=HYPERLINK("http://evil.example","Click")', status_id: STATUS.inProgress, assignee_id: ids.agent });
  await aTicket(t.app, { company_id: ids.acme, title: 'Closed long ago', status_id: STATUS.complete });
  await aTimeEntry(t.app, { ticket_id: evil, company_id: ids.acme, contact_id: ids.agent, time: 15, date: '2026-11-03T10:00:00.000Z', description: '@SUM(1+1)' });
  await aTimeEntry(t.app, { ticket_id: evil, company_id: ids.acme, contact_id: ids.admin, time: 5, date: '2026-11-04T10:00:00.000Z', description: 'Admin work' });
  await aTimeEntry(t.app, { ticket_id: evil, company_id: ids.acme, contact_id: ids.agent, time: 7, date: '2026-12-02T10:00:00.000Z', description: 'December' });
  await invoice(ids.acme, { number: 'INV-2026-0001', month: '2026-11', issue_date: '2026-12-01', total_cents: 20000 });
  await invoice(ids.acme, { number: '-INV-odd', month: '2026-09', issue_date: '2026-10-01', total_cents: 1050, status: 'paid' });
});
afterAll(async () => {
  await cast.t.close();
});

test('the ticket list exports as a CSV file named after the day, with the list\'s columns and only the tickets it lists', async () => {
  const { call, cookies } = cast;
  const res = await call('GET', '/api/exports/tickets.csv', cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="tickets-2026-12-07.csv"');
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual(['Ticket', 'Title', 'Company', 'Status', 'Priority', 'Type', 'Assignee', 'Requester', 'Created', 'Updated', 'Due', 'On hold']);
  const ids = rows.map((row) => Number(row[0]));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(rows.some((row) => row[1] === 'Closed long ago')).toBe(false);
  const listed = (await call('GET', '/api/staff/tickets?view=list', cookies.admin)).json() as { ticket_id: number }[];
  expect(new Set(ids)).toEqual(new Set(listed.map((t) => t.ticket_id)));
  allListed = ids.length;
});

test('a cell that a spreadsheet would run as a formula is written as text', async () => {
  const { call, cookies } = cast;
  const rows = parseCsv((await call('GET', '/api/exports/tickets.csv', cookies.admin)).body);
  const row = rows.find((r) => Number(r[0]) === evil)!;
  expect(row[1]).toBe('\'=HYPERLINK("http://evil.example","Click")');
  expect(row.slice(2, 6)).toEqual(['Acme, LLC', 'In Progress', 'Medium', 'Content Update']);
  const time = parseCsv((await call('GET', '/api/exports/time.csv?from=2026-11-01&to=2026-11-30', cookies.admin)).body);
  expect(time.find((r) => r[7]?.includes('SUM'))?.[7]).toBe('\'@SUM(1+1)');
  const invoices = parseCsv((await call('GET', '/api/exports/invoices.csv', cookies.admin)).body);
  expect(invoices.map((r) => r[0])).toContain('\'-INV-odd');
});

test('the ticket export honours the list\'s filters: statuses, tags, Maintenance Only', async () => {
  const { call, cookies } = cast;
  const inProgress = parseCsv((await call('GET', `/api/exports/tickets.csv?statuses=${STATUS.inProgress}`, cookies.admin)).body).slice(1);
  expect(inProgress.length).toBeGreaterThan(0);
  expect(inProgress.every((row) => row[3] === 'In Progress')).toBe(true);
  const backlog = parseCsv((await call('GET', `/api/exports/tickets.csv?statuses=${STATUS.backlog}`, cookies.admin)).body).slice(1);
  expect(backlog.some((row) => Number(row[0]) === evil)).toBe(false);
  const tag = await cast.t.app.db.insertInto('tags').values({ name: 'export-me', name_key: 'export-me', date_created: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
  await cast.t.app.db.insertInto('ticket_tags').values({ ticket_id: evil, tag_id: tag.id, date_added: now.toISOString() }).execute();
  const tagged = parseCsv((await call('GET', '/api/exports/tickets.csv?tag=export-me', cookies.admin)).body).slice(1);
  expect(tagged.map((row) => Number(row[0]))).toEqual([evil]);
  // Maintenance Only: the tickets the list shows under the same filter, no more, no fewer.
  const statuses = [1, 2, 3, 4, 7, 8].join(',');
  const maintenance = parseCsv((await call('GET', `/api/exports/tickets.csv?maintenance_only=1&statuses=${statuses}`, cookies.admin)).body).slice(1);
  const page = (await call('GET', `/api/staff/tickets/list?maintenance_only=1&statuses=${statuses}&limit=500`, cookies.admin)).json() as { tickets: { ticket_id: number }[]; total: number };
  expect(page.total).toBeLessThan(listedCount());
  expect(new Set(maintenance.map((row) => Number(row[0])))).toEqual(new Set(page.tickets.map((t) => t.ticket_id)));
});

test('time entries of a range of days: date, ticket, company, worker, units, hours, description, billed', async () => {
  const { call, cookies } = cast;
  const res = await call('GET', '/api/exports/time.csv?from=2026-11-01&to=2026-11-30', cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe('attachment; filename="time-2026-12-07.csv"');
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual(['Date', 'Ticket', 'Ticket title', 'Company', 'Worker', 'Units', 'Hours', 'Description', 'Billed', 'Invoice']);
  const mine = rows.filter((row) => Number(row[1]) === evil);
  expect(mine.map((row) => [row[0], row[5], row[6], row[8], row[9]])).toEqual([
    ['2026-11-03', '15', '1.5', 'yes', 'INV-2026-0001'],
    ['2026-11-04', '5', '0.5', 'yes', 'INV-2026-0001'],
  ]);
  expect(rows.some((row) => row[7] === 'December')).toBe(false);
  expect((await call('GET', '/api/exports/time.csv?from=2026-11-30&to=2026-11-01', cookies.admin)).statusCode).toBe(400);
});

test('an agent exports its own time only; a client exports nothing', async () => {
  const { call, cookies } = cast;
  const rows = parseCsv((await call('GET', '/api/exports/time.csv?from=2026-11-01&to=2026-11-30', cookies.agent)).body).slice(1);
  expect(rows.some((row) => row[7] === 'Admin work')).toBe(false);
  expect(rows.some((row) => row[7] === '\'@SUM(1+1)')).toBe(true);
  for (const path of ['/api/exports/tickets.csv', '/api/exports/time.csv?from=2026-11-01&to=2026-11-30', '/api/exports/invoices.csv']) {
    expect((await call('GET', path, cookies.client)).statusCode).toBe(403);
  }
  expect((await call('GET', '/api/exports/invoices.csv', cookies.agent)).statusCode).toBe(403);
  // One worker's time: an admin names anyone; an agent only itself.
  const adminsOwn = parseCsv((await call('GET', `/api/exports/time.csv?from=2026-11-01&to=2026-11-30&contact_id=${cast.ids.admin}`, cookies.admin)).body).slice(1);
  expect(adminsOwn.map((row) => row[7])).toEqual(['Admin work']);
  expect((await call('GET', `/api/exports/time.csv?from=2026-11-01&to=2026-11-30&contact_id=${cast.ids.admin}`, cookies.agent)).statusCode).toBe(403);
  expect((await call('GET', '/api/exports/tickets.csv')).statusCode).toBe(401);
});

test('the issued invoices: number, company, period, issued, total, status; a range of issue days', async () => {
  const { call, cookies } = cast;
  const res = await call('GET', '/api/exports/invoices.csv', cookies.admin);
  expect(res.headers['content-disposition']).toBe('attachment; filename="invoices-2026-12-07.csv"');
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual(['Number', 'Company', 'Period', 'Issued', 'Due', 'Total', 'Status', 'Paid']);
  expect(rows.find((row) => row[0] === 'INV-2026-0001')).toEqual(['INV-2026-0001', 'Acme, LLC', '2026-11', '2026-12-01', '2026-12-31', '200.00', 'Issued', '']);
  expect(rows.find((row) => row[0] === '\'-INV-odd')?.slice(5, 7)).toEqual(['10.50', 'Paid']);
  const december = parseCsv((await call('GET', '/api/exports/invoices.csv?from=2026-12-01&to=2026-12-31', cookies.admin)).body).slice(1);
  expect(december.map((row) => row[0])).toEqual(['INV-2026-0001']);
});

test('a read-only token exports; a token of a client does not', async () => {
  const { ids, t } = cast;
  const reader = await aToken(t.app, ids.admin, { access: 'read' });
  const res = await t.app.inject({ method: 'GET', url: '/api/exports/invoices.csv', headers: bearer(reader) });
  expect(res.statusCode).toBe(200);
  const client = await aToken(t.app, ids.client, { access: 'read' });
  expect((await t.app.inject({ method: 'GET', url: '/api/exports/tickets.csv', headers: bearer(client) })).statusCode).toBe(403);
});

test('an export longer than a page is read page after page, every row once and in order', async () => {
  const { call, cookies, ids, t } = cast;
  const many = EXPORT_PAGE_SIZE * 2 + 7;
  const rows = Array.from({ length: many }, (_, i) => ({
    ticket_id: evil, company_id: ids.acme, contact_id: ids.agent, company_name: 'Acme, LLC', contact_name: 'Agent', pay_rate: null,
    date: new Date(Date.UTC(2026, 9, 1 + (i % 28), 8, 0, 0, i)).toISOString(), time: 1, description: `bulk ${i}`, date_created: now.toISOString(), corrects_time_id: null,
  }));
  await t.app.db.insertInto('time_entries').values(rows).execute();
  const exported = parseCsv((await call('GET', '/api/exports/time.csv?from=2026-10-01&to=2026-10-31', cookies.admin)).body).slice(1)
    .filter((row) => row[7]!.startsWith('bulk '));
  expect(exported).toHaveLength(many);
  expect(new Set(exported.map((row) => row[7])).size).toBe(many);
  const days = exported.map((row) => row[0]!);
  expect(days).toEqual([...days].sort());
});
