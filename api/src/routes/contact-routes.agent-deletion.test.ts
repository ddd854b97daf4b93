import { MESSAGES, STATUS, agentRemovedNote, type Change } from '@portal/domain';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Deleting an agent undoes where it was named (docs/product/companies-and-contacts.md#deleting-an-agent): GET
// /contact/:id/placements says where first; DELETE clears it as default agent and from the type assignments,
// and sends its open tickets back to Backlog unassigned with a note, in one transaction, published live.

let cast: DemoCast;
let zed: number;
let other: number;
let beta: number;
beforeAll(async () => {
  cast = await openDemoCast();
  const { t, ids } = cast;
  zed = await t.app.repos.contacts.create(t.app.db, { first_name: 'Zed', last_name: 'Zulu', email: 'zed.zulu@demo.test', phone: null, group_id: 3 });
  other = await t.app.repos.contacts.create(t.app.db, { first_name: 'Olga', last_name: 'Other', email: 'olga.other@demo.test', phone: null, group_id: 3 });
  beta = await aCompany(t.app, 'Beta Deletion Test', 1);
  await t.app.repos.companies.setMeta(t.app.db, beta, 'default_agent', String(zed));
  await t.app.repos.companies.setMeta(t.app.db, beta, 'type_assignments', JSON.stringify({ question: zed, meeting: other }));
  await t.app.repos.companies.setMeta(t.app.db, ids.acme, 'type_assignments', JSON.stringify({ incident_bug: zed }));
  await t.app.repos.options.save(t.app.db, 'type_assignments', { meeting: zed, question: other });
});
afterAll(async () => {
  await cast.t.close();
});

test('the placements say where the agent is named and how many open tickets it holds; admins only', async () => {
  const { call, cookies, t, ids } = cast;
  await aTicket(t.app, { company_id: beta, assignee_id: zed, status_id: STATUS.assigned, title: 'Placed' });
  expect((await call('GET', `/api/contact/${zed}/placements`, cookies.agent)).statusCode).toBe(403);
  expect((await call('GET', `/api/contact/${zed}/placements`, cookies.client)).statusCode).toBe(403);
  expect((await call('GET', `/api/contact/${ids.client}/placements`, cookies.admin)).statusCode).toBe(404);
  const res = await call('GET', `/api/contact/${zed}/placements`, cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    default_agent_of: [{ company_id: beta, company_name: 'Beta Deletion Test' }],
    type_assignments: [
      { company_id: null, company_name: null, type_key: 'meeting', type_name: 'Meeting' },
      { company_id: ids.acme, company_name: 'Acme, LLC', type_key: 'incident_bug', type_name: 'Incident/Bug' },
      { company_id: beta, company_name: 'Beta Deletion Test', type_key: 'question', type_name: 'Question' },
    ],
    open_tickets: 1,
  });
});

test('deleting clears the agent everywhere, sends statuses 2, 7 and 8 back to Backlog with a note, and publishes it', async () => {
  const { call, cookies, t, ids } = cast;
  const assigned = await aTicket(t.app, { company_id: ids.acme, assignee_id: zed, status_id: STATUS.assigned, title: 'Assigned one' });
  const moreInfo = await aTicket(t.app, { company_id: ids.acme, assignee_id: zed, status_id: STATUS.needMoreInfo, title: 'Waiting one' });
  const launch = await aTicket(t.app, { company_id: beta, assignee_id: zed, status_id: STATUS.readyToLaunch, title: 'Launch one' });
  const done = await aTicket(t.app, { company_id: beta, assignee_id: zed, status_id: STATUS.complete, title: 'Done one' });
  const published: Change[] = [];
  const spy = jest.spyOn(t.app.events, 'publish').mockImplementation(async (...changes: Change[]) => { published.push(...changes); return undefined; });

  expect((await call('DELETE', `/api/contact/${zed}`, cookies.agent)).statusCode).toBe(403);
  const res = await call('DELETE', `/api/contact/${zed}`, cookies.admin);
  spy.mockRestore();
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    deleted: 1, tickets_unassigned: 4,
    cleared: { default_agent_of: [{ company_id: beta }], open_tickets: 4 },
  });

  const ticket = (id: number) => t.app.db.selectFrom('tickets').select(['status_id', 'assignee_id']).where('ticket_id', '=', id).executeTakeFirstOrThrow();
  for (const id of [assigned, moreInfo, launch]) expect(await ticket(id)).toEqual({ status_id: STATUS.backlog, assignee_id: null });
  expect(await ticket(done)).toEqual({ status_id: STATUS.complete, assignee_id: zed });

  const notes = (await call('GET', `/api/ticket/${moreInfo}/activity`, cookies.admin)).json() as { note: string; contact_id: number }[];
  expect(notes.map((n) => n.note)).toContain(agentRemovedNote('Zed Zulu'));
  expect(notes.find((n) => n.note === agentRemovedNote('Zed Zulu'))?.contact_id).toBe(ids.admin);
  expect(((await call('GET', `/api/ticket/${done}/activity`, cookies.admin)).json() as { note: string }[]).map((n) => n.note))
    .not.toContain(agentRemovedNote('Zed Zulu'));

  const meta = async (companyId: number, key: string) => (await call('GET', `/api/company/${companyId}/meta/${key}`, cookies.admin));
  expect((await meta(beta, 'default_agent')).json().meta_value ?? null).toBeNull();
  expect(JSON.parse((await meta(beta, 'type_assignments')).json().meta_value)).toEqual({ meeting: other });
  expect(JSON.parse((await meta(ids.acme, 'type_assignments')).json().meta_value)).toEqual({});
  expect(await t.app.repos.options.get('type_assignments')).toEqual({ question: other });

  const audit = await t.app.db.selectFrom('audit_log').select(['action', 'entity_id', 'changes']).where('action', 'in', ['company.updated', 'option.updated']).execute();
  expect(audit.find((a) => a.entity_id === beta && String(a.changes).includes('default_agent'))).toBeDefined();
  expect(audit.some((a) => a.action === 'option.updated')).toBe(true);

  expect(published).toEqual(expect.arrayContaining([
    expect.objectContaining({ kind: 'ticket', ticketId: launch, companyId: beta }),
    { kind: 'activity', ticketId: assigned, companyId: ids.acme },
    { kind: 'company', companyId: beta, metaKeys: ['default_agent', 'type_assignments'] },
    { kind: 'company', companyId: ids.acme, metaKeys: ['type_assignments'] },
  ]));
  expect((await call('DELETE', `/api/contact/${zed}`, cookies.admin)).json()).toEqual({ statusCode: 409, error: MESSAGES.deleteAgentFailed });
});
