import { FOLLOWER_MESSAGES, MESSAGES, STATUS } from '@portal/domain';
import { aTicket } from '../test-support/factories';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number, dana: string;
beforeAll(async () => {
  ({ t, call, cookies, ids, ticketId } = await openWorkTicket());
  dana = await t.login('dana@acme.test');
});
afterAll(() => t.close());

interface Answer { followers: { contact_id: number; name: string }[]; following: boolean; candidates: { contact_id: number }[]; cc_addresses?: unknown[] }
const followersOf = async (id: number, cookie: string) => (await call('GET', `/api/ticket/${id}/followers`, cookie)).json() as Answer;
const names = (answer: Answer) => answer.followers.map((f) => f.name);
const outboxTo = (to: string) => t.app.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text', 'headers']).where('to_address', '=', to).orderBy('id').execute();
const bell = (contactId: number, ticket: number) =>
  t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', contactId).where('ticket_id', '=', ticket).orderBy('notification_id').execute();
const note = (cookie: string, ticket: number, text: string, internal = false) => call('POST', '/api/activity', cookie, { ticket_id: ticket, note: text, internal });

describe('following a ticket', () => {
  test('staff and a client contact of the company follow and unfollow; another company’s contact never learns the ticket exists', async () => {
    const ticket = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Follow me', status_id: STATUS.inProgress });
    expect((await call('POST', `/api/ticket/${ticket}/followers/me`, cookies.agent)).statusCode).toBe(200);
    const joined = await call('POST', `/api/ticket/${ticket}/followers/me`, dana);
    expect(joined.json()).toMatchObject({ following: true, can_follow: true });
    expect(names(joined.json())).toEqual(['Alex Agent', 'Dana Doe']);
    expect(names(await followersOf(ticket, cookies.client))).toHaveLength(2);

    for (const [method, url] of [['GET', 'followers'], ['POST', 'followers/me'], ['DELETE', 'followers/me']] as const) {
      const answer = await call(method, `/api/ticket/${ticket}/${url}`, cookies.client2);
      expect([answer.statusCode, answer.json().error]).toEqual([404, MESSAGES.ticketNotFound]);
    }
    expect((await call('GET', `/api/ticket/${ticket}/followers`)).statusCode).toBe(401);

    const left = await call('DELETE', `/api/ticket/${ticket}/followers/me`, dana);
    expect(left.json()).toMatchObject({ following: false });
    expect(left.json().followers).toHaveLength(1);
  });

  test('the requester and staff add a contact of the company; only staff add staff; a colleague adds no one; anyone removes themselves, staff anyone', async () => {
    const ticket = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Add them', status_id: STATUS.inProgress });
    const byRequester = await call('POST', `/api/ticket/${ticket}/followers`, cookies.client, { contact_id: ids.dana });
    expect(byRequester.statusCode).toBe(200);
    expect(byRequester.json().followers.map((f: { contact_id: number }) => f.contact_id)).toEqual([ids.dana]);

    const staffByClient = await call('POST', `/api/ticket/${ticket}/followers`, cookies.client, { contact_id: ids.sam });
    expect([staffByClient.statusCode, staffByClient.json().error]).toEqual([403, FOLLOWER_MESSAGES.cannotFollow]);
    const otherCompany = await t.contactId('client2@demo.test');
    expect((await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: otherCompany })).statusCode).toBe(403);
    const byColleague = await call('POST', `/api/ticket/${ticket}/followers`, dana, { contact_id: ids.client });
    expect([byColleague.statusCode, byColleague.json().error]).toEqual([403, FOLLOWER_MESSAGES.cannotAdd]);
    expect((await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: ids.sam })).statusCode).toBe(200);
    expect((await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: 999_999 })).statusCode).toBe(404);

    const removedByClient = await call('DELETE', `/api/ticket/${ticket}/followers/${ids.dana}`, cookies.client);
    expect([removedByClient.statusCode, removedByClient.json().error]).toEqual([403, FOLLOWER_MESSAGES.cannotRemove]);
    expect((await call('DELETE', `/api/ticket/${ticket}/followers/${ids.dana}`, dana)).statusCode).toBe(200);
    const byStaff = await call('DELETE', `/api/ticket/${ticket}/followers/${ids.sam}`, cookies.admin);
    expect(byStaff.json().followers).toEqual([]);
  });

  test('whom the caller may add is listed for the requester and staff only, and the Cc addresses for staff only', async () => {
    const ticket = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Candidates', status_id: STATUS.inProgress });
    await t.app.db.insertInto('ticket_cc_addresses').values({ ticket_id: ticket, address: 'new@acme.test', date_first_seen: new Date().toISOString(), dismissed: 0 }).execute();
    const forRequester = await followersOf(ticket, cookies.client);
    expect(forRequester.candidates.map((c) => c.contact_id)).toContain(ids.dana);
    expect(forRequester.candidates.map((c) => c.contact_id)).not.toContain(ids.client);
    expect(forRequester.candidates.map((c) => c.contact_id)).not.toContain(ids.agent);
    expect(forRequester.cc_addresses).toBeUndefined();
    expect((await followersOf(ticket, dana)).candidates).toEqual([]);
    const forStaff = await followersOf(ticket, cookies.agent);
    expect(forStaff.candidates.map((c) => c.contact_id)).toEqual(expect.arrayContaining([ids.dana, ids.sam]));
    expect(forStaff.cc_addresses).toEqual([expect.objectContaining({ address: 'new@acme.test' })]);

    const ccId = (forStaff.cc_addresses as { id: number }[])[0]!.id;
    expect((await call('DELETE', `/api/ticket/${ticket}/cc-addresses/${ccId}`, cookies.client)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ticket/${ticket}/cc-addresses/${ccId}`, cookies.agent)).json().cc_addresses).toEqual([]);
    expect((await call('DELETE', `/api/ticket/${ticket}/cc-addresses/${ccId}`, cookies.agent)).statusCode).toBe(404);
  });
});

describe('what followers are told', () => {
  test('a follower gets the bell and an e-mail of their own for a public note, never the author; a status change rings their bell', async () => {
    await call('POST', `/api/ticket/${ticketId}/followers`, cookies.agent, { contact_id: ids.dana });
    await call('POST', `/api/ticket/${ticketId}/followers/me`, cookies.admin);
    expect((await note(cookies.agent, ticketId, 'The new header is live.')).statusCode).toBe(201);

    expect(await bell(ids.dana, ticketId)).toEqual([{ note: 'Alex Agent on Work log: The new header is live.' }]);
    const mails = await outboxTo('dana@acme.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: `New activity on ticket [#${ticketId}]: Work log` });
    expect(mails[0]!.text).toContain('The new header is live.');
    expect(JSON.stringify(mails[0])).not.toContain('admin@demo.test');
    expect((await outboxTo('admin@demo.test')).length).toBe(1);
    expect(await outboxTo('agent@demo.test')).toEqual([]);

    const moved = await call('PUT', `/api/ticket/${ticketId}`, cookies.agent, { status_id: STATUS.testing });
    expect(moved.statusCode).toBe(200);
    expect((await bell(ids.dana, ticketId)).map((n) => n.note)).toContain('Work log is now Testing.');

    const bulk = await call('PUT', '/api/ticket/bulk', cookies.agent, { ticket_ids: [ticketId], status_id: STATUS.inProgress });
    expect(bulk.statusCode).toBe(200);
    expect((await bell(ids.dana, ticketId)).map((n) => n.note)).toContain('Work log is now In Progress.');
    expect((await bell(ids.agent, ticketId)).map((n) => n.note)).not.toContain('Work log is now In Progress.');
  });

  test('an internal note reaches staff followers only, marked as one; a client follower gets neither bell nor mail', async () => {
    const ticket = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Quiet', status_id: STATUS.inProgress });
    await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: ids.dana });
    await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: ids.sam });
    expect((await note(cookies.agent, ticket, 'Margin is thin here', true)).statusCode).toBe(201);

    expect(await bell(ids.dana, ticket)).toEqual([]);
    expect((await outboxTo('dana@acme.test')).filter((m) => m.subject.includes('Quiet'))).toEqual([]);
    const [staffBell] = await bell(ids.sam, ticket);
    expect(staffBell!.note).toMatch(/^Internal note: .* on Quiet: Margin is thin here$/);
    const [staffMail] = (await outboxTo('sam.support@demo.test')).filter((m) => m.subject.includes('Quiet'));
    expect(staffMail!.subject).toBe(`Internal note on ticket [#${ticket}]: Quiet`);
  });

  test('a follower who reads German gets the bell in German, the note as it was written', async () => {
    const ticket = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, title: 'Kopfzeile', status_id: STATUS.inProgress });
    await t.app.db.updateTable('contacts').set({ language: 'de' }).where('contact_id', '=', ids.sam).execute();
    try {
      await call('POST', `/api/ticket/${ticket}/followers`, cookies.agent, { contact_id: ids.sam });
      expect((await note(cookies.agent, ticket, 'Margin is thin here', true)).statusCode).toBe(201);
      expect((await note(cookies.agent, ticket, 'The new header is live.')).statusCode).toBe(201);
      expect((await bell(ids.sam, ticket)).map((n) => n.note)).toEqual([
        'Interne Notiz: Alex Agent zu Kopfzeile: Margin is thin here', 'Alex Agent zu Kopfzeile: The new header is live.',
      ]);
    } finally {
      await t.app.db.updateTable('contacts').set({ language: null }).where('contact_id', '=', ids.sam).execute();
    }
  });
});
