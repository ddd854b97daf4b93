import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './test-support/test-app';

// Every route of issue 2 for every kind of caller. A cell is the status the caller must get;
// the rules are DESIGN §3 (admin everything, staff staff work, clients only their companies).

type Actor = 'anonymous' | 'clientA' | 'clientB' | 'agent' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'clientA', 'clientB', 'agent', 'admin'];

interface Fixtures {
  ids: { clientA: number; clientB: number; agent: number; admin: number; dana: number; acme: number; acmeTicket: number };
  /** A notification owned by client A, made fresh for each cell that deletes one. */
  freshNotificationOfClientA(): Promise<number>;
}

interface Row {
  route: string;
  request: (f: Fixtures, actor: Actor) => Promise<InjectOptions> | InjectOptions;
  expect: Record<Actor, number>;
}

const MISSING = 999_999;

const ROWS: Row[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/docs/json', request: () => ({ method: 'GET', url: '/api/docs/json' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/auth/login (wrong password)', request: () => ({ method: 'POST', url: '/api/auth/login', payload: { username: 'client@demo.test', password: 'nope-nope' } }),
    expect: { anonymous: 401, clientA: 401, clientB: 401, agent: 401, admin: 401 } },
  { route: 'GET /api/auth/me', request: () => ({ method: 'GET', url: '/api/auth/me' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/contact/:clientA', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.clientA}` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/contact/:missing', request: () => ({ method: 'GET', url: `/api/contact/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'PUT /api/contact/:clientA', request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}`, payload: { phone: '555-020-0001' } }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/contact/:own with a new group_id',
    request: (f, actor) => {
      const target = actor === 'admin' ? f.ids.dana : actor === 'anonymous' ? f.ids.clientA : f.ids[actor];
      return { method: 'PUT', url: `/api/contact/${target}`, payload: { group_id: actor === 'admin' ? 5 : 1 } };
    },
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'PUT /api/contact/:clientA/meta/note_prefs',
    request: (f) => ({ method: 'PUT', url: `/api/contact/${f.ids.clientA}/meta/note_prefs`, payload: { meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }) } }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 403 } },
  { route: 'POST /api/notifications', request: (f) => ({ method: 'POST', url: '/api/notifications', payload: { contact_id: f.ids.clientA, note: 'Matrix note' } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 201, admin: 201 } },
  { route: 'GET /api/contact/:clientA/notifications', request: (f) => ({ method: 'GET', url: `/api/contact/${f.ids.clientA}/notifications` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/notifications/:id (of client A)', request: async (f) => ({ method: 'DELETE', url: `/api/notifications/${await f.freshNotificationOfClientA()}` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 200 } },
  { route: 'DELETE /api/notifications/:missing', request: () => ({ method: 'DELETE', url: `/api/notifications/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'DELETE /api/contact/:clientA/notifications', request: (f) => ({ method: 'DELETE', url: `/api/contact/${f.ids.clientA}/notifications` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/options/status-defaults', request: () => ({ method: 'GET', url: '/api/options/status-defaults' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'POST /api/options', request: () => ({ method: 'POST', url: '/api/options', payload: { option_name: 'type_assignments', option_value: {} } }),
    expect: { anonymous: 401, clientA: 403, clientB: 403, agent: 403, admin: 200 } },
  { route: 'GET /api/company', request: () => ({ method: 'GET', url: '/api/company' }),
    expect: { anonymous: 401, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:acme', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/company/:missing', request: () => ({ method: 'GET', url: `/api/company/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'GET /api/company/:acme/tickets', request: (f) => ({ method: 'GET', url: `/api/company/${f.ids.acme}/tickets` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:acmeTicket', request: (f) => ({ method: 'GET', url: `/api/ticket/${f.ids.acmeTicket}` }),
    expect: { anonymous: 401, clientA: 200, clientB: 403, agent: 200, admin: 200 } },
  { route: 'GET /api/ticket/:missing', request: () => ({ method: 'GET', url: `/api/ticket/${MISSING}` }),
    expect: { anonymous: 401, clientA: 404, clientB: 404, agent: 404, admin: 404 } },
  { route: 'POST /api/auth/logout', request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    expect: { anonymous: 200, clientA: 200, clientB: 200, agent: 200, admin: 200 } },
];

const EMAILS: Record<Exclude<Actor, 'anonymous'>, string> = {
  clientA: 'client@demo.test',
  clientB: 'client2@demo.test',
  agent: 'agent@demo.test',
  admin: 'admin@demo.test',
};

let t: TestApp;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await t.companyId('Acme, LLC');
  const acmeTicket = (await t.app.repos.tickets.listForCompany(acme))[0]!.ticket_id;
  const clientA = await t.contactId(EMAILS.clientA);
  fixtures = {
    ids: {
      clientA,
      clientB: await t.contactId(EMAILS.clientB),
      agent: await t.contactId(EMAILS.agent),
      admin: await t.contactId(EMAILS.admin),
      dana: await t.contactId('dana@acme.test'),
      acme,
      acmeTicket,
    },
    freshNotificationOfClientA: async () =>
      (await t.app.repos.notifications.create({ contact_id: clientA, note: 'to delete' })).notification_id,
  };
});

afterAll(async () => {
  await t.close();
});

const cells = ROWS.flatMap((row) => ACTORS.map((actor) => [row.route, actor, row.expect[actor], row] as const));

test.each(cells)('%s as %s -> %i', async (_route, actor, expected, row) => {
  const request = await row.request(fixtures, actor);
  // A fresh session per cell: logout cells must not sign the next cells out.
  const cookie = actor === 'anonymous' ? undefined : await t.login(EMAILS[actor]);
  const res = await t.app.inject({ ...request, headers: { ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode).toBe(expected);
  if (expected >= 400) {
    const body = res.json();
    expect(body).toEqual({ statusCode: expected, error: expect.any(String) });
    expect(body.error.length).toBeGreaterThan(3);
  }
});
