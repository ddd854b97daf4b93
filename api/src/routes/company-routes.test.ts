import { MESSAGES, MODE, STATUS } from '@portal/domain';
import { sql } from 'kysely';
import { isPostgresUrl } from '../db/connect';
import { aCompany, aTicket, type TicketFields } from '../test-support/factories';
import { createTestApp, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let cookies: DemoCookies;
let ids: DemoIds & { initech: number };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const company = (name: string, mode: number, services: string | null) => aCompany(t.app, name, mode, services);

const ticket = (fields: TicketFields) => aTicket(t.app, { contact_id: ids.client, ...fields });

const get = (url: string, cookie: string) => call('GET', url, cookie);
const row = (ticketId: number) => t.app.db.selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.loginDemoUsers();
  ids = { ...(await t.demoIds()), initech: await t.companyId('Initech') };
});
afterAll(async () => {
  await t.close();
});

test('a client lists only its own companies, without the staff note; staff list all by name', async () => {
  const own = (await get('/api/company', cookies.client)).json();
  expect(own.map((c: { name: string }) => c.name)).toEqual(['Acme, LLC']);
  expect(own[0].note).toBeNull();
  const other = (await get('/api/company', cookies.client2)).json();
  expect(other.map((c: { name: string }) => c.name)).toEqual(['Globex Corporation']);

  const all = (await get('/api/company', cookies.agent)).json();
  const names = all.map((c: { name: string }) => c.name);
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect([...names].sort((a: string, b: string) => a.localeCompare(b))).toEqual(names);
  expect(all.find((c: { name: string }) => c.name === 'Acme, LLC').note).toEqual(expect.any(String));
});

test('company contacts: primary first, with title; for staff and the company\'s own clients', async () => {
  const res = await call('GET', `/api/company/${ids.acme}/contacts`, cookies.client);
  expect(res.statusCode).toBe(200);
  expect(res.json().map((c: { email: string; primary: number; title: string }) => [c.email, c.primary, c.title])).toEqual([
    ['client@demo.test', 1, 'Marketing Director'], ['dana@acme.test', 0, 'Web Editor'],
  ]);
  expect(JSON.stringify(res.json())).not.toMatch(/password/);
  expect((await call('GET', `/api/company/${ids.acme}/contacts`, cookies.client2)).statusCode).toBe(403);
});

test('company meta, by key; a missing key is 404', async () => {
  const all = (await call('GET', `/api/company/${ids.acme}/meta`, cookies.agent)).json();
  expect(all.map((m: { meta_key: string }) => m.meta_key)).toEqual(expect.arrayContaining(['default_agent', 'type_assignments']));
  expect((await call('GET', `/api/company/${ids.acme}/meta/default_agent`, cookies.client)).json()).toMatchObject({ meta_key: 'default_agent', meta_value: String(ids.agent) });
  expect((await call('GET', `/api/company/${ids.acme}/meta/type_assignments`, cookies.agent)).json().meta_value).toBe('{}');
  expect((await call('GET', `/api/company/${ids.acme}/meta/nothing_here`, cookies.agent)).statusCode).toBe(404);
  expect((await call('GET', `/api/options/type_assignments`, cookies.client)).json()).toEqual({ option_name: 'type_assignments', option_value: {} });
});

describe('company mode and note', () => {
  test('mode 3 cancels statuses 1-3 and completes 4, each unassigned, leaving 5 and 7+ alone, in one save', async () => {
    const co = await company('Wind Down', MODE.active, '1');
    const made = {
      backlog: await ticket({ company_id: co, status_id: STATUS.backlog }),
      assigned: await ticket({ company_id: co, status_id: STATUS.assigned, assignee_id: ids.agent }),
      inProgress: await ticket({ company_id: co, status_id: STATUS.inProgress, assignee_id: ids.agent }),
      testing: await ticket({ company_id: co, status_id: STATUS.testing, assignee_id: ids.sam }),
      complete: await ticket({ company_id: co, status_id: STATUS.complete, assignee_id: ids.sam }),
      needInfo: await ticket({ company_id: co, status_id: STATUS.needMoreInfo, assignee_id: ids.agent }),
    };
    const res = await call('PUT', `/api/company/${co}`, cookies.admin, { mode: '3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_id: co, mode: MODE.inactive, tickets_changed: 4, total_time: 0 });
    const after = async (ticketId: number) => {
      const r = await row(ticketId);
      return [r.status_id, r.assignee_id];
    };
    expect(await after(made.backlog)).toEqual([STATUS.cancelled, null]);
    expect(await after(made.assigned)).toEqual([STATUS.cancelled, null]);
    expect(await after(made.inProgress)).toEqual([STATUS.cancelled, null]);
    expect(await after(made.testing)).toEqual([STATUS.complete, null]);
    expect((await row(made.testing)).date_completed).not.toBeNull();
    expect(await after(made.complete)).toEqual([STATUS.complete, ids.sam]);
    expect(await after(made.needInfo)).toEqual([STATUS.needMoreInfo, ids.agent]);
    expect((await t.app.repos.companies.getMeta(co, 'status'))?.meta_value).toBe('3');
    // Each closed ticket says so in its feed, signed by the admin, for its client to read too.
    const feed = async (ticketId: number) => (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.admin)).json()
      .filter((item: { source: string | null }) => item.source === 'status').map((item: { note: string; contact_name: string }) => [item.note, item.contact_name]);
    expect(await feed(made.assigned)).toEqual([['Ticket cancelled (was Assigned).', 'Ada Admin']]);
    expect(await feed(made.testing)).toEqual([['Ticket completed (was Testing).', 'Ada Admin']]);
    expect(await feed(made.needInfo)).toEqual([]);

    const reactivated = await call('PUT', `/api/company/${co}`, cookies.admin, { company_id: co, mode: MODE.active });
    expect(reactivated.json()).toMatchObject({ mode: MODE.active, tickets_changed: 0 });
  });

  test('only admins change the mode; staff save the note; clients neither', async () => {
    const co = await company('Notes Co', MODE.active, null);
    const open = await ticket({ company_id: co, status_id: STATUS.backlog });
    expect((await call('PUT', `/api/company/${co}`, cookies.agent, { mode: MODE.closed })).statusCode).toBe(403);
    expect((await row(open)).status_id).toBe(STATUS.backlog);
    const note = await call('PUT', `/api/company/${co}`, cookies.agent, { company_id: String(co), note: 'Call before deploys.' });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ note: 'Call before deploys.', mode: MODE.active, tickets_changed: 0 });
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.client, { note: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${ids.acme}`, cookies.client2, { note: 'Theirs' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company/${co}`, cookies.admin, { mode: 9 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/company/${co}`, cookies.admin, { company_id: ids.acme, note: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/company/${co}`, cookies.admin, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/company/999999', cookies.admin, { note: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/company/${co}`, cookies.admin, { note: '' })).json().note).toBeNull();
  });

  test('a failure while closing the tickets rolls the mode and every ticket back', async () => {
    const co = await company('Rollback Co', MODE.active, null);
    const first = await ticket({ company_id: co, status_id: STATUS.assigned, assignee_id: ids.agent, title: 'Fine' });
    const last = await ticket({ company_id: co, status_id: STATUS.testing, assignee_id: ids.agent, title: 'Explode' });
    // A trigger refuses the second ticket's write, after the company row and the first ticket were written.
    if (isPostgresUrl(process.env.DATABASE_URL)) {
      await sql`create function refuse_explode() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(t.app.db);
      await sql`create trigger refuse_explode before update on tickets for each row when (new.title = 'Explode') execute function refuse_explode()`.execute(t.app.db);
    } else {
      await sql`create trigger refuse_explode before update on tickets when new.title = 'Explode' begin select raise(abort, 'refused'); end`.execute(t.app.db);
    }
    try {
      const res = await call('PUT', `/api/company/${co}`, cookies.admin, { mode: MODE.closed, note: 'Closing' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ statusCode: 500, error: MESSAGES.unexpectedError });
    } finally {
      await sql`drop trigger refuse_explode${isPostgresUrl(process.env.DATABASE_URL) ? sql` on tickets` : sql``}`.execute(t.app.db);
    }
    const saved = await t.app.repos.companies.findById(co);
    expect(saved).toMatchObject({ mode: MODE.active, note: null });
    expect(saved?.meta.find((m) => m.meta_key === 'status')?.meta_value).toBe('1');
    expect([(await row(first)).status_id, (await row(first)).assignee_id]).toEqual([STATUS.assigned, ids.agent]);
    expect((await row(last)).status_id).toBe(STATUS.testing);
  });
});
