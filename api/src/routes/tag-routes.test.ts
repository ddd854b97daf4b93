import { MESSAGES, STATUS } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number;
beforeAll(async () => ({ t, call, cookies, ids, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

const tagged = (path: string, cookie: string, name: string) => call('POST', path, cookie, { name });

describe('tags on tickets', () => {
  test('staff tag a ticket (a new word becomes a tag, case-insensitively one), and the ticket and lists carry it', async () => {
    const added = await tagged(`/api/ticket/${ticketId}/tags`, cookies.agent, '  Waiting   on host ');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ ticket_id: ticketId, tags: ['Waiting on host'] });
    expect((await tagged(`/api/ticket/${ticketId}/tags`, cookies.admin, 'VIP')).json().tags).toEqual(['VIP', 'Waiting on host']);
    expect((await tagged(`/api/ticket/${ticketId}/tags`, cookies.admin, 'vip')).json().tags).toEqual(['VIP', 'Waiting on host']);

    expect((await call('GET', `/api/ticket/${ticketId}`, cookies.agent)).json().tags).toEqual(['VIP', 'Waiting on host']);
    const listed = (await call('GET', '/api/staff/tickets?view=list', cookies.admin)).json() as { ticket_id: number; tags: string[] }[];
    expect(listed.find((row) => row.ticket_id === ticketId)?.tags).toEqual(['VIP', 'Waiting on host']);

    const tags = (await call('GET', '/api/tags?q=V', cookies.agent)).json() as { name: string; usage_count: number }[];
    expect(tags.map((tag) => [tag.name, tag.usage_count])).toEqual([['VIP', 1]]);
    expect(((await call('GET', '/api/tags?q=host', cookies.agent)).json() as { name: string }[]).map((tag) => tag.name)).toEqual(['Waiting on host']);

    const removed = await call('DELETE', `/api/ticket/${ticketId}/tags/vip`, cookies.agent);
    expect(removed.json()).toEqual({ ticket_id: ticketId, tags: ['Waiting on host'] });
  });

  test('a client never receives a tag and cannot tag, list or manage tags', async () => {
    await tagged(`/api/ticket/${ticketId}/tags`, cookies.agent, 'margin low');
    const detail = await call('GET', `/api/ticket/${ticketId}`, cookies.client);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('tags');
    const companyList = (await call('GET', `/api/company/${ids.acme}/tickets`, cookies.client)).json() as Record<string, unknown>[];
    expect(companyList.length).toBeGreaterThan(0);
    for (const row of companyList) expect(row).not.toHaveProperty('tags');

    const tag = ((await call('GET', '/api/tags', cookies.admin)).json() as { id: number; name: string }[]).find((x) => x.name === 'margin low')!;
    const refused = await Promise.all([
      call('GET', '/api/tags', cookies.client),
      tagged(`/api/ticket/${ticketId}/tags`, cookies.client, 'mine'),
      call('DELETE', `/api/ticket/${ticketId}/tags/margin%20low`, cookies.client),
      call('PUT', `/api/tags/${tag.id}`, cookies.client, { name: 'x' }),
      call('DELETE', `/api/tags/${tag.id}`, cookies.client),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await call('GET', '/api/tags')).statusCode).toBe(401);
    expect((await call('GET', `/api/ticket/${ticketId}`, cookies.agent)).json().tags).toContain('margin low');
  });

  test('only admins rename, merge and delete tags', async () => {
    const other = await aTicket(t.app, { company_id: ids.acme, title: 'Other', status_id: STATUS.assigned });
    await tagged(`/api/ticket/${other}/tags`, cookies.agent, 'hosting');
    await tagged(`/api/ticket/${other}/tags`, cookies.agent, 'Hostng');
    await tagged(`/api/ticket/${ticketId}/tags`, cookies.agent, 'Hostng');
    const all = (await call('GET', '/api/tags', cookies.admin)).json() as { id: number; name: string }[];
    const typo = all.find((x) => x.name === 'Hostng')!;
    const hosting = all.find((x) => x.name === 'hosting')!;

    expect((await call('PUT', `/api/tags/${typo.id}`, cookies.agent, { name: 'Hosting' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/tags/${typo.id}`, cookies.agent)).statusCode).toBe(403);

    const merged = await call('PUT', `/api/tags/${typo.id}`, cookies.admin, { name: 'HOSTING' });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ id: hosting.id, name: 'hosting', usage_count: 2 });
    expect((await call('GET', `/api/ticket/${other}`, cookies.agent)).json().tags).toEqual(['hosting']);

    const renamed = await call('PUT', `/api/tags/${hosting.id}`, cookies.admin, { name: 'Hosting' });
    expect(renamed.json()).toMatchObject({ name: 'Hosting', usage_count: 2 });
    expect((await call('DELETE', `/api/tags/${hosting.id}`, cookies.admin)).json()).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/ticket/${other}`, cookies.agent)).json().tags).toEqual([]);
    const gone = await call('DELETE', `/api/tags/${hosting.id}`, cookies.admin);
    expect([gone.statusCode, gone.json().error]).toEqual([404, MESSAGES.tagNotFound]);
  });

  test('a blank, long or comma name is refused with its message', async () => {
    const blank = await tagged(`/api/ticket/${ticketId}/tags`, cookies.agent, '  ');
    expect([blank.statusCode, blank.json().error]).toEqual([400, MESSAGES.enterTagName]);
    const comma = await tagged(`/api/ticket/${ticketId}/tags`, cookies.agent, 'a,b');
    expect([comma.statusCode, comma.json().error]).toEqual([400, MESSAGES.tagNameInvalid]);
  });
});

describe('answers kept in memory', () => {
  test('a tag added, renamed or deleted is in the next read of the ticket and the lists', async () => {
    const id = await aTicket(t.app, { company_id: ids.acme, title: 'Cached', status_id: STATUS.assigned });
    const tagsOf = async (path: string) => {
      const body = (await call('GET', path, cookies.admin)).json() as { ticket_id: number; tags?: string[] } | { ticket_id: number; tags: string[] }[];
      return (Array.isArray(body) ? body.find((row) => row.ticket_id === id) : body)?.tags;
    };
    const paths = [`/api/ticket/${id}`, '/api/staff/tickets?view=list'];
    for (const path of paths) expect(await tagsOf(path)).toEqual([]);

    await tagged(`/api/ticket/${id}/tags`, cookies.agent, 'cached');
    for (const path of paths) expect(await tagsOf(path)).toEqual(['cached']);

    const tag = ((await call('GET', '/api/tags?q=cached', cookies.admin)).json() as { id: number }[])[0]!;
    await call('PUT', `/api/tags/${tag.id}`, cookies.admin, { name: 'Kept' });
    for (const path of paths) expect(await tagsOf(path)).toEqual(['Kept']);
    await call('DELETE', `/api/tags/${tag.id}`, cookies.admin);
    for (const path of paths) expect(await tagsOf(path)).toEqual([]);
  });
});

describe('filtering the lists by tag', () => {
  test('the staff list page and the kanban keep the tickets carrying every tag asked for', async () => {
    const a = await aTicket(t.app, { company_id: ids.acme, title: 'Tagged A', status_id: STATUS.assigned });
    const b = await aTicket(t.app, { company_id: ids.acme, title: 'Tagged B', status_id: STATUS.assigned });
    await tagged(`/api/ticket/${a}/tags`, cookies.agent, 'launch');
    await tagged(`/api/ticket/${a}/tags`, cookies.agent, 'seo');
    await tagged(`/api/ticket/${b}/tags`, cookies.agent, 'Launch');

    const page = (query: string) => call('GET', `/api/staff/tickets/list?statuses=${STATUS.assigned}&maintenance_only=0&${query}`, cookies.admin);
    const one = (await page('tag=LAUNCH')).json() as { tickets: { ticket_id: number }[]; total: number };
    expect(one.tickets.map((row) => row.ticket_id).sort()).toEqual([a, b].sort());
    expect(one.total).toBe(2);
    const both = (await page('tag=launch,seo')).json() as { tickets: { ticket_id: number }[]; total: number };
    expect([both.tickets.map((row) => row.ticket_id), both.total]).toEqual([[a], 1]);

    const kanban = (await call('GET', '/api/staff/tickets?view=kanban&tag=seo', cookies.admin)).json() as { ticket_id: number; tags: string[] }[];
    const list = (await call('GET', '/api/staff/tickets?view=list&tag=seo', cookies.admin)).json() as { ticket_id: number; tags: string[] }[];
    expect(list.map((row) => row.ticket_id)).toEqual([a]);
    expect(list[0]!.tags).toEqual(['launch', 'seo']);
    for (const row of kanban) expect(row.tags).toContain('seo');
  });
});
