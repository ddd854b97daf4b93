import { MESSAGES, STATUS, TYPE, defaultDueDate } from '@portal/domain';
import { createTestApp, recordingTransport, type DemoCookies, type TestApp } from '../test-support/test-app';

let t: TestApp;
const mailbox = recordingTransport();
const mail = mailbox.sent;
let cookies: DemoCookies;
let acme: number;
let globex: number;
let ids: Record<'admin' | 'agent' | 'client' | 'dana' | 'sam', number>;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://portal.example',
    mailTransport: mailbox.transport,
  });
  cookies = await t.loginDemoUsers();
  acme = await t.companyId('Acme, LLC');
  globex = await t.companyId('Globex Corporation');
  ids = {
    admin: await t.contactId('admin@demo.test'),
    agent: await t.contactId('agent@demo.test'),
    client: await t.contactId('client@demo.test'),
    dana: await t.contactId('dana@acme.test'),
    sam: await t.contactId('sam.support@demo.test'),
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mailbox.reset();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  type_id: TYPE.question,
  title: 'Where is the invoice?',
  description: 'I cannot find **last month** invoice.',
  priority_id: 3,
  company_id: acme,
  estimate_required: 0,
  ...overrides,
});
/** Creates, then lets the job runner send what the creation queued. */
const create = async (cookie: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/ticket', payload, headers: { cookie } });
  await t.app.jobs.drain();
  return res;
};
const count = async (table: 'tickets' | 'activity' | 'notifications') =>
  Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

test('a client creates a ticket for its company: assigned to the default agent (status 2, stamped), requester itself, note, notifications, mail', async () => {
  const before = Date.now();
  const res = await create(cookies.client, form({ time_zone: 'America/New_York' }));
  expect(res.statusCode).toBe(201);
  const ticket = res.json();
  expect(ticket).toMatchObject({
    company_id: acme, contact_id: ids.client, status_id: STATUS.assigned, assignee_id: ids.agent, estimate_required: 0,
    estimated_time: 0, estimate_approved: -1, on_hold: 0, contact_name: 'Casey Client', assignee_name: 'Alex Agent',
  });
  expect(Date.parse(ticket.date_assigned)).toBeGreaterThanOrEqual(before);
  expect(typeof ticket.value).toBe('number');
  const due = new Date(ticket.date_due).getTime();
  const expected = defaultDueDate(3, new Date(before), 'America/New_York').getTime();
  expect(Math.abs(due - expected)).toBeLessThan(24 * 3600 * 1000);
  expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false }).format(new Date(ticket.date_due))).toBe('16');

  const notes = await t.app.db.selectFrom('activity').selectAll().where('ticket_id', '=', ticket.ticket_id).execute();
  expect(notes).toEqual([expect.objectContaining({ note: MESSAGES.newTicketCreated, contact_id: ids.client, contact_name: 'Casey Client' })]);
  const notifications = await t.app.db.selectFrom('notifications').selectAll().where('ticket_id', '=', ticket.ticket_id).execute();
  expect(notifications.map((n) => n.contact_id).sort()).toEqual([ids.admin, ids.agent].sort());
  expect(mail).toHaveLength(1);
  expect(mail[0]!.to).toBe('admin@demo.test');
  expect(mail[0]!.text).toContain(`https://portal.example/clients/${acme}/tickets/${ticket.ticket_id}`);
});

test('a client cannot create for another company, and a body contact_id never changes the requester', async () => {
  const before = await count('tickets');
  const res = await create(cookies.client, form({ company_id: globex }));
  expect(res.statusCode).toBe(403);
  expect(await count('tickets')).toBe(before);
  const own = await create(cookies.client, form({ contact_id: ids.dana }));
  expect(own.json().contact_id).toBe(ids.client);
});

test('staff create for any company; the requester defaults to the primary contact, or the one named', async () => {
  const res = await create(cookies.agent, form());
  expect(res.statusCode).toBe(201);
  expect(res.json().contact_id).toBe(ids.client);
  const named = await create(cookies.admin, form({ contact_id: ids.dana }));
  expect(named.json().contact_id).toBe(ids.dana);
  const outsider = await create(cookies.admin, form({ company_id: globex, contact_id: ids.dana }));
  expect(outsider.statusCode).toBe(400);
});

test('a type-assignment entry wins over the default agent; the company map wins over the global one', async () => {
  await t.app.repos.options.save(t.app.db, 'type_assignments', { question: ids.agent, content_update: ids.sam });
  await t.app.repos.companies.setMeta(t.app.db, acme, 'type_assignments', JSON.stringify({ question: ids.sam }));
  try {
    const mapped = (await create(cookies.client, form())).json();
    expect(mapped).toMatchObject({ status_id: STATUS.assigned, assignee_id: ids.sam });
    expect(mapped.date_assigned).toEqual(expect.any(String));
    const global = (await create(cookies.client, form({ type_id: TYPE.contentUpdate }))).json();
    expect(global).toMatchObject({ status_id: STATUS.assigned, assignee_id: ids.sam });
    const unmapped = (await create(cookies.client, form({ type_id: TYPE.incidentBug }))).json();
    expect(unmapped).toMatchObject({ status_id: STATUS.assigned, assignee_id: ids.agent });
    const sam = await t.app.db.selectFrom('notifications').selectAll().where('ticket_id', '=', mapped.ticket_id).where('contact_id', '=', ids.sam).execute();
    expect(sam).toHaveLength(1);
  } finally {
    await t.app.repos.options.save(t.app.db, 'type_assignments', {});
    await t.app.repos.companies.setMeta(t.app.db, acme, 'type_assignments', '{}');
  }
});

test.each([
  ['type_id', 'Type'], ['title', 'Title'], ['description', 'Description'], ['priority_id', 'Priority'], ['company_id', 'Company'],
  ['estimate_required', 'Estimate Required'],
])('a missing, empty or "null" %s answers "The %s field is required." and writes nothing', async (field, label) => {
  const before = [await count('tickets'), await count('activity'), await count('notifications')];
  for (const value of [undefined, '', 'null', null]) {
    const payload: Record<string, unknown> = form({ [field]: value });
    if (value === undefined) delete payload[field];
    const res = await create(cookies.admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`The ${label} field is required.`);
  }
  expect([await count('tickets'), await count('activity'), await count('notifications')]).toEqual(before);
  expect(mail).toHaveLength(0);
});

test('unknown type, priority or company and a due date outside 1900-2099 are refused', async () => {
  const before = await count('tickets');
  expect((await create(cookies.admin, form({ type_id: 5 }))).json().error).toBe(MESSAGES.invalidInput);
  expect((await create(cookies.admin, form({ priority_id: 9 }))).json().error).toBe(MESSAGES.invalidInput);
  expect((await create(cookies.admin, form({ company_id: 999_999 }))).json().error).toBe(MESSAGES.companyNotFound);
  expect((await create(cookies.admin, form({ date_due: '2150-01-01T16:00:00Z' }))).json().error).toBe(MESSAGES.inputOutOfRange);
  expect((await create(cookies.admin, form({ date_due: 'soon' }))).json().error).toBe(MESSAGES.invalidInput);
  expect(await count('tickets')).toBe(before);
});

test('a given due date is kept; a form\'s text values are accepted', async () => {
  const res = await create(cookies.client, form({ type_id: '1', priority_id: '2', company_id: String(acme), estimate_required: '1', date_due: '2031-05-06T20:00:00.000Z' }));
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ date_due: '2031-05-06T20:00:00.000Z', estimate_required: 1, priority_id: 2 });
});

test('a failing SMTP server never fails the creation: the mail waits in the outbox for its retry', async () => {
  mailbox.failing = true;
  const res = await create(cookies.client, form({ title: 'Mail is down' }));
  expect(res.statusCode).toBe(201);
  expect(await t.app.repos.tickets.findById(res.json().ticket_id)).toBeDefined();
  const [row] = (await t.app.repos.mailOutbox.list('pending')).filter((r) => r.subject.includes('Mail is down'));
  expect(row).toMatchObject({ to_address: 'admin@demo.test', attempts: 1, error: 'SMTP down' });
  expect(mail).toHaveLength(0);
});

test('the note and notifications are written in the insert\'s transaction: a failure leaves no ticket', async () => {
  const before = [await count('tickets'), await count('activity')];
  // A notification for a contact that does not exist violates its foreign key inside the transaction.
  const original = t.app.repos.contacts.listAdmins;
  t.app.repos.contacts.listAdmins = async () => [{ contact_id: 987_654, email: 'ghost@demo.test' }];
  try {
    const res = await create(cookies.client, form({ title: 'Rolled back' }));
    expect(res.statusCode).toBe(500);
  } finally {
    t.app.repos.contacts.listAdmins = original;
  }
  expect([await count('tickets'), await count('activity')]).toEqual(before);
  expect(await t.app.repos.mailOutbox.list()).not.toContainEqual(expect.objectContaining({ subject: expect.stringContaining('Rolled back') }));
});

test('with neither a type assignment nor a usable default agent the ticket waits in Backlog, unassigned', async () => {
  const bare = await t.app.repos.companies.create(t.app.db, { name: 'No Agent Co', url: 'https://noagent.example' });
  const deactivated = await t.app.repos.companies.create(t.app.db, { name: 'Gone Agent Co', url: 'https://goneagent.example' });
  await t.app.repos.companies.setMeta(t.app.db, deactivated, 'default_agent', String(ids.client));
  for (const companyId of [bare, deactivated]) {
    const res = await create(cookies.admin, form({ company_id: companyId }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status_id: STATUS.backlog, assignee_id: null, date_assigned: null, assignee_name: null });
  }
});

test('a cleared due date (null or the text null, as the form sends it) stores none; only an absent one gets the default', async () => {
  for (const cleared of [null, 'null', '']) {
    const res = await create(cookies.client, form({ date_due: cleared, time_zone: 'America/New_York' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().date_due).toBeNull();
  }
  const absent = await create(cookies.client, form({ time_zone: 'America/New_York' }));
  expect(absent.json().date_due).toEqual(expect.any(String));
});

test("a picker day is 16:00 of that day in the caller's zone, and the zone decides the year as on the screen", async () => {
  const day = await create(cookies.client, form({ date_due: '2030-07-04', time_zone: 'America/New_York' }));
  expect(day.json().date_due).toBe('2030-07-04T20:00:00.000Z');
  const lastEvening = await create(cookies.client, form({ date_due: '2100-01-01T01:00:00Z', time_zone: 'America/New_York' }));
  expect(lastEvening.statusCode).toBe(201);
  const nextYear = await create(cookies.client, form({ date_due: '2100-01-01T01:00:00Z', time_zone: 'UTC' }));
  expect(nextYear.json().error).toBe(MESSAGES.inputOutOfRange);
});
