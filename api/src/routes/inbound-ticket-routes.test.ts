import { INBOUND_MESSAGES, PRIORITY, STATUS, TYPE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { aToken, bearer } from '../test-support/api-tokens';
import { createTestApp, openDemoCast, type DemoCast } from '../test-support/test-app';

// A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): POST /api/inbound/tickets with a token.

let cast: DemoCast;
let clientToken: string;
let adminToken: string;
let globex: number;

beforeAll(async () => {
  cast = await openDemoCast();
  const { t, ids } = cast;
  clientToken = await aToken(t.app, ids.client, { access: 'inbound' });
  adminToken = await aToken(t.app, ids.admin, { access: 'write' });
  globex = await t.companyId('Globex Corporation');
});
afterAll(async () => {
  await cast.t.close();
});

const send = (token: string, payload: object, app: FastifyInstance = cast.t.app) =>
  app.inject({ method: 'POST', url: '/api/inbound/tickets', headers: bearer(token), payload });

const monitor = (key: string, extra: object = {}) => ({ title: 'Site down', description: 'The **homepage** answers 503.', key, ...extra });

const ticketRow = (ticketId: number) => cast.t.app.db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();
const notes = (ticketId: number) => cast.t.app.db.selectFrom('activity').selectAll().where('ticket_id', '=', ticketId).orderBy('activity_id').execute();
const ticketsTitled = (title: string) => cast.t.app.db.selectFrom('tickets').select('ticket_id').where('title', '=', title).execute();

test('an inbound token opens a ticket for its client\'s one company, as the new-ticket form does', async () => {
  const { ids } = cast;
  const res = await send(clientToken, monitor('uptime-1', { priority: 'urgent' }));
  expect(res.statusCode).toBe(201);
  const answer = res.json() as { ticket_id: number; created: boolean };
  expect(answer).toEqual({ ticket_id: expect.any(Number), created: true });
  const ticket = await ticketRow(answer.ticket_id);
  expect(ticket).toMatchObject({
    company_id: ids.acme, contact_id: ids.client, title: 'Site down', description: 'The **homepage** answers 503.', priority_id: PRIORITY.urgent, type_id: TYPE.incidentBug,
  });
  // What createTicket writes with every new ticket: the first note, the admins told, the audit trail.
  expect((await notes(answer.ticket_id))[0]).toMatchObject({ note: 'New ticket created.', contact_id: ids.client });
  const told = await cast.t.app.db.selectFrom('notifications').select('contact_id').where('ticket_id', '=', answer.ticket_id).execute();
  expect(told.map((n) => n.contact_id)).toContain(ids.admin);
  const audited = await cast.t.app.db.selectFrom('audit_log').select('action').where('action', '=', 'ticket.created').where('entity_id', '=', answer.ticket_id).execute();
  expect(audited).toHaveLength(1);
});

test('the same key while its ticket is open adds a public note instead of a second ticket', async () => {
  const first = (await send(clientToken, monitor('uptime-2'))).json() as { ticket_id: number };
  const again = await send(clientToken, monitor('uptime-2', { description: 'Still down after 5 minutes.' }));
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual({ ticket_id: first.ticket_id, created: false, note_id: expect.any(Number) });
  const note = (await notes(first.ticket_id)).find((n) => n.activity_id === again.json().note_id);
  expect(note).toMatchObject({ note: '**Site down**\n\nStill down after 5 minutes.', internal: 0 });
  // Through the same services as the screens: the webhooks hear of the ticket and of the note.
  const events = await cast.t.app.db.selectFrom('webhook_events').select('type').where('ticket_id', '=', first.ticket_id).orderBy('id').execute();
  expect(events.map((e) => e.type)).toEqual(['ticket.created', 'ticket.note_added']);
});

test('the key of a closed ticket opens a new ticket, and the key then points to it', async () => {
  const first = (await send(clientToken, monitor('uptime-3'))).json() as { ticket_id: number };
  await cast.t.app.db.updateTable('tickets').set({ status_id: STATUS.complete }).where('ticket_id', '=', first.ticket_id).execute();
  const reopened = await send(clientToken, monitor('uptime-3'));
  expect(reopened.statusCode).toBe(201);
  const second = reopened.json() as { ticket_id: number; created: boolean };
  expect(second.ticket_id).not.toBe(first.ticket_id);
  const repeat = await send(clientToken, monitor('uptime-3'));
  expect(repeat.json()).toMatchObject({ ticket_id: second.ticket_id, created: false });
});

test('keys are per company: the same key at another company opens its own ticket', async () => {
  const acme = (await send(adminToken, monitor('shared-key', { company_id: cast.ids.acme }))).json() as { ticket_id: number };
  const other = await send(adminToken, monitor('shared-key', { company_id: globex }));
  expect(other.statusCode).toBe(201);
  expect(other.json().ticket_id).not.toBe(acme.ticket_id);
});

test('staff open tickets on behalf of a company they name; a company-scoped token uses its company and no other', async () => {
  const { t, ids } = cast;
  expect((await send(adminToken, monitor('staff-1'))).json()).toMatchObject({ error: INBOUND_MESSAGES.companyRequired });
  const named = await send(adminToken, monitor('staff-1', { company_id: ids.acme, type: 'Question', priority: 4 }));
  expect(named.statusCode).toBe(201);
  const ticket = await ticketRow(named.json().ticket_id);
  // The requester is the company's first contact (primary first), as when staff use the form.
  expect(ticket).toMatchObject({ company_id: ids.acme, type_id: TYPE.question, priority_id: PRIORITY.low });
  expect(ticket.contact_id).not.toBe(ids.admin);

  const scoped = await aToken(t.app, ids.agent, { access: 'inbound', companyId: globex });
  const inScope = await send(scoped, monitor('scoped-1'));
  expect(inScope.statusCode).toBe(201);
  expect((await ticketRow(inScope.json().ticket_id)).company_id).toBe(globex);
  const outOfScope = await send(scoped, monitor('scoped-2', { company_id: ids.acme }));
  expect(outOfScope.statusCode).toBe(403);
  expect(await t.app.db.selectFrom('inbound_keys').select('key').where('key', '=', 'scoped-2').execute()).toEqual([]);
});

test('a client\'s token cannot open a ticket for a company that is not its own', async () => {
  const res = await send(clientToken, monitor('foreign', { company_id: globex }));
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ error: INBOUND_MESSAGES.companyOutOfScope });
});

test('a cookie session is refused, a read-only token too, and an anonymous caller gets 401', async () => {
  const { call, cookies, ids } = cast;
  const cookie = await call('POST', '/api/inbound/tickets', cookies.admin, monitor('cookie', { company_id: ids.acme }));
  expect(cookie.statusCode).toBe(403);
  expect(cookie.json()).toMatchObject({ error: INBOUND_MESSAGES.bearerOnly });
  const reader = await aToken(cast.t.app, ids.admin, { access: 'read' });
  expect((await send(reader, monitor('read', { company_id: ids.acme }))).statusCode).toBe(403);
  expect((await call('POST', '/api/inbound/tickets', undefined, monitor('anon', { company_id: ids.acme }))).statusCode).toBe(401);
});

test('a priority or type the portal does not have, a missing title or a key over 200 characters is refused with what to fix', async () => {
  const unknown = await send(clientToken, monitor('bad-1', { priority: 'Critical' }));
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toMatchObject({ error: INBOUND_MESSAGES.unknownPriority });
  expect((await send(clientToken, monitor('bad-2', { type: 'Outage' }))).json()).toMatchObject({ error: INBOUND_MESSAGES.unknownType });
  const long = await send(clientToken, monitor('k'.repeat(201)));
  expect(long.statusCode).toBe(400);
  expect(long.json()).toMatchObject({ error: INBOUND_MESSAGES.invalid });
  expect((await send(clientToken, { description: 'x', key: 'no-title' })).statusCode).toBe(400);
});

test('two requests with one key at once, in two processes, open one ticket and add one note', async () => {
  const other = await cast.t.openAnother();
  try {
    const title = 'Race for one key';
    const answers = await Promise.all([send(clientToken, monitor('race', { title })), send(clientToken, monitor('race', { title }), other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const tickets = await ticketsTitled(title);
    expect(tickets).toHaveLength(1);
    expect(answers.map((a) => a.json().ticket_id)).toEqual([tickets[0]!.ticket_id, tickets[0]!.ticket_id]);
  } finally {
    await other.close();
  }
});

test('a monitor that floods the route is stopped by its token\'s rate limit (429)', async () => {
  const limited = await createTestApp({ apiTokenRateLimit: { max: 2, timeWindowMs: 60_000 } });
  try {
    const token = await aToken(limited.app, (await limited.demoIds()).client, { access: 'inbound' });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await send(token, monitor('flood'), limited.app)).statusCode);
    expect(statuses).toEqual([201, 200, 429]);
  } finally {
    await limited.close();
  }
});
