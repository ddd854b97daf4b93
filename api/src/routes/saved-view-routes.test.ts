import { MESSAGES, STATUS } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number;
beforeAll(async () => ({ t, call, cookies, ids, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

const listFilter = (tags: string[], statuses: number[] = [STATUS.assigned, STATUS.inProgress]) => ({
  board: 'list', sort: 'dateDue', direction: 'ASC', statuses, maintenance_only: false, tags,
});

describe('saved views', () => {
  test('a view’s live count is the list’s total under the same filter, and follows the tickets', async () => {
    const a = await aTicket(t.app, { company_id: ids.acme, title: 'Count A', status_id: STATUS.assigned });
    await aTicket(t.app, { company_id: ids.acme, title: 'Count B', status_id: STATUS.assigned });
    for (const id of [a, ticketId]) await call('POST', `/api/ticket/${id}/tags`, cookies.agent, { name: 'launch' });

    const created = await call('POST', '/api/saved-views', cookies.admin, { name: 'Launches', filter: listFilter(['Launch']) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Launches', screen: 'admins', filter: listFilter(['Launch']), position: 0 });

    const page = (await call('GET', `/api/staff/tickets/list?statuses=${STATUS.assigned},${STATUS.inProgress}&maintenance_only=0&tag=Launch`, cookies.admin)).json();
    expect(page.total).toBe(2);
    expect(created.json().count).toBe(page.total);

    await call('DELETE', `/api/ticket/${a}/tags/launch`, cookies.agent);
    const listed = (await call('GET', '/api/saved-views', cookies.admin)).json() as { name: string; count: number }[];
    expect(listed.map((view) => [view.name, view.count])).toEqual([['Launches', 1]]);

    const everything = await call('POST', '/api/saved-views', cookies.admin, { name: 'Kanban', filter: { ...listFilter([]), board: 'kanban', statuses: [] } });
    const kanban = (await call('GET', '/api/staff/tickets?view=kanban', cookies.admin)).json() as unknown[];
    expect(everything.json().count).toBe(kanban.length);
  });

  test('an agent’s views count their own tickets; views are personal and names are unique per person ignoring case', async () => {
    await call('POST', `/api/ticket/${ticketId}/tags`, cookies.agent, { name: 'mine' });
    const unassigned = await aTicket(t.app, { company_id: ids.acme, title: 'Not mine', status_id: STATUS.inProgress });
    await call('POST', `/api/ticket/${unassigned}/tags`, cookies.agent, { name: 'mine' });

    const agentView = await call('POST', '/api/saved-views', cookies.agent, { name: 'Mine', filter: listFilter(['mine']) });
    expect(agentView.json()).toMatchObject({ screen: 'agents', count: 1 });
    const twice = await call('POST', '/api/saved-views', cookies.agent, { name: ' MINE ', filter: listFilter([]) });
    expect([twice.statusCode, twice.json().error]).toEqual([409, MESSAGES.savedViewNameTaken]);
    expect((await call('POST', '/api/saved-views', cookies.admin, { name: 'Mine', filter: listFilter([]) })).statusCode).toBe(201);

    const id = agentView.json().id as number;
    expect(((await call('GET', '/api/saved-views', cookies.admin)).json() as { id: number }[]).map((view) => view.id)).not.toContain(id);
    for (const [method, payload] of [['PUT', { name: 'Taken over' }], ['DELETE', undefined]] as const) {
      const answer = await call(method, `/api/saved-views/${id}`, cookies.admin, payload);
      expect([answer.statusCode, answer.json().error]).toEqual([404, MESSAGES.savedViewNotFound]);
    }
    const renamed = await call('PUT', `/api/saved-views/${id}`, cookies.agent, { name: 'My launches' });
    expect(renamed.json()).toMatchObject({ name: 'My launches', count: 1 });
    expect((await call('DELETE', `/api/saved-views/${id}`, cookies.agent)).json()).toEqual({ deleted: 1 });
  });

  test('clients are refused every saved-view route; a blank name is refused with its message', async () => {
    const refused = await Promise.all([
      call('GET', '/api/saved-views', cookies.client),
      call('POST', '/api/saved-views', cookies.client, { name: 'Mine', filter: listFilter([]) }),
      call('PUT', '/api/saved-views/1', cookies.client, { name: 'x' }),
      call('DELETE', '/api/saved-views/1', cookies.client),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await call('GET', '/api/saved-views')).statusCode).toBe(401);
    const blank = await call('POST', '/api/saved-views', cookies.agent, { name: '  ', filter: listFilter([]) });
    expect([blank.statusCode, blank.json().error]).toEqual([400, MESSAGES.enterSavedViewName]);
    const closed = await call('POST', '/api/saved-views', cookies.agent, { name: 'Closed', filter: listFilter([], [STATUS.complete]) });
    expect(closed.statusCode).toBe(400);
  });
});
