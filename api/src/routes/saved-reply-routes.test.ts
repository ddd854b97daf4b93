import { MESSAGES } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number;
beforeAll(async () => ({ t, call, cookies, ids, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

const titles = (answer: { json(): unknown }) => (answer.json() as { title: string }[]).map((reply) => reply.title);

describe('saved replies', () => {
  test('admins write shared replies, every staff member writes their own; each sees the shared ones and their own', async () => {
    const shared = await call('POST', '/api/saved-replies', cookies.admin, { title: 'Welcome', body: 'Hello!', shared: true });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ title: 'Welcome', body: 'Hello!', owner_id: null, usage_count: 0 });
    const mine = await call('POST', '/api/saved-replies', cookies.agent, { title: 'Agent only', body: 'Mine' });
    expect(mine.json()).toMatchObject({ owner_id: ids.agent, usage_count: 0 });
    const adminOwn = (await call('POST', '/api/saved-replies', cookies.admin, { title: 'Admin only', body: 'Also mine' })).json();

    expect(titles(await call('GET', '/api/saved-replies', cookies.agent))).toEqual(['Agent only', 'Welcome']);
    expect(titles(await call('GET', '/api/saved-replies', cookies.admin))).toEqual(['Admin only', 'Welcome']);

    const edited = await call('PUT', `/api/saved-replies/${mine.json().id}`, cookies.agent, { title: 'Agent only', body: 'Mine, edited' });
    expect(edited.json()).toMatchObject({ body: 'Mine, edited' });
    expect((await call('PUT', `/api/saved-replies/${shared.json().id}`, cookies.admin, { title: 'Welcome!', body: 'Hi' })).json().title).toBe('Welcome!');
    expect((await call('DELETE', `/api/saved-replies/${adminOwn.id}`, cookies.admin)).json()).toEqual({ deleted: 1 });
    expect((await call('DELETE', `/api/saved-replies/${mine.json().id}`, cookies.agent)).json()).toEqual({ deleted: 1 });
  });

  test('an agent may not write shared replies nor touch a colleague’s own; clients are refused every route', async () => {
    const shared = await t.app.repos.savedReplies.create({ title: 'Shared', body: 'For all', owner_id: null });
    const adminOwn = await t.app.repos.savedReplies.create({ title: 'Private', body: 'Admin’s', owner_id: ids.admin });

    const sharedByAgent = await call('POST', '/api/saved-replies', cookies.agent, { title: 'Sneaky', body: 'x', shared: true });
    expect(sharedByAgent.statusCode).toBe(403);
    expect(sharedByAgent.json().error).toBe(MESSAGES.notAuthorized);
    expect((await call('PUT', `/api/saved-replies/${shared.id}`, cookies.agent, { title: 'Changed', body: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/saved-replies/${shared.id}`, cookies.agent)).statusCode).toBe(403);
    for (const [method, payload] of [['PUT', { title: 'Changed', body: 'x' }], ['DELETE', undefined]] as const) {
      const answer = await call(method, `/api/saved-replies/${adminOwn.id}`, cookies.agent, payload);
      expect([answer.statusCode, answer.json().error]).toEqual([404, MESSAGES.savedReplyNotFound]);
    }
    const colleagues = await call('POST', `/api/saved-replies/${adminOwn.id}/uses`, cookies.agent, { ticket_id: ticketId });
    expect(colleagues.statusCode).toBe(404);

    const clientCalls = [
      call('GET', '/api/saved-replies', cookies.client),
      call('POST', '/api/saved-replies', cookies.client, { title: 'Mine', body: 'x' }),
      call('PUT', `/api/saved-replies/${shared.id}`, cookies.client, { title: 'Mine', body: 'x' }),
      call('DELETE', `/api/saved-replies/${shared.id}`, cookies.client),
      call('POST', `/api/saved-replies/${shared.id}/uses`, cookies.client, { ticket_id: ticketId }),
    ];
    expect((await Promise.all(clientCalls)).map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await call('GET', '/api/saved-replies')).statusCode).toBe(401);
    expect(await t.app.repos.savedReplies.findById(shared.id)).toMatchObject({ title: 'Shared', usage_count: 0 });
    expect(await t.app.repos.savedReplies.findById(adminOwn.id)).toMatchObject({ title: 'Private' });
  });

  test('a blank title or text is refused with its message', async () => {
    const noTitle = await call('POST', '/api/saved-replies', cookies.agent, { title: ' ', body: 'Text' });
    expect([noTitle.statusCode, noTitle.json().error]).toEqual([400, MESSAGES.enterSavedReplyTitle]);
    const noBody = await call('POST', '/api/saved-replies', cookies.agent, { title: 'Title', body: '' });
    expect([noBody.statusCode, noBody.json().error]).toEqual([400, MESSAGES.enterSavedReplyBody]);
    const mine = await t.app.repos.savedReplies.create({ title: 'Keep', body: 'Kept', owner_id: ids.agent });
    const blanked = await call('PUT', `/api/saved-replies/${mine.id}`, cookies.agent, { title: 'Keep', body: '  ' });
    expect([blanked.statusCode, blanked.json().error]).toEqual([400, MESSAGES.enterSavedReplyBody]);
  });

  test('inserting a reply counts a use and answers its text with the ticket’s, the client’s and the agent’s tokens filled', async () => {
    const reply = await t.app.repos.savedReplies.create({
      title: 'Update', body: 'Hi {{client.first_name}}, about #{{ticket.id}} "{{ticket.title}}": done. {{agent.name}} {{client.shoe_size}}', owner_id: null,
    });
    const client = (await t.app.repos.contacts.findById(ids.client))!;
    const agent = (await t.app.repos.contacts.findById(ids.agent))!;
    const starred = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Fix *the* header' });

    const used = await call('POST', `/api/saved-replies/${reply.id}/uses`, cookies.agent, { ticket_id: starred });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      text: `Hi ${client.first_name}, about #${starred} "Fix \\*the\\* header": done. ${agent.first_name} ${agent.last_name} {{client.shoe_size}}`,
      usage_count: 1,
    });
    expect((await call('POST', `/api/saved-replies/${reply.id}/uses`, cookies.admin, { ticket_id: ticketId })).json().usage_count).toBe(2);
    const listed = (await call('GET', '/api/saved-replies', cookies.admin)).json() as { id: number; usage_count: number }[];
    expect(listed.find((row) => row.id === reply.id)?.usage_count).toBe(2);

    const noTicket = await call('POST', `/api/saved-replies/${reply.id}/uses`, cookies.agent, { ticket_id: 999_999 });
    expect([noTicket.statusCode, noTicket.json().error]).toEqual([404, MESSAGES.ticketNotFound]);
    expect((await t.app.repos.savedReplies.findById(reply.id))?.usage_count).toBe(2);
  });
});
