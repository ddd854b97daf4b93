import { MESSAGES } from '@portal/domain';
import type { DemoCookies, DemoIds, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, ids: DemoIds, ticketId: number;
beforeAll(async () => ({ t, call, cookies, ids, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

describe('activity', () => {
  test('id 0 or below answers "Input out of range."', async () => {
    for (const id of [0, -3]) {
      const res = await call('GET', `/api/ticket/${id}/activity`, cookies.agent);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.inputOutOfRange);
    }
  });

  test('any viewer writes a note as itself (a body contact_id is ignored); newest first; admins delete', async () => {
    const first = await call('POST', '/api/activity', cookies.client, { ticket_id: ticketId, contact_id: ids.admin, note: 'Any news?' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ contact_id: ids.client, contact_name: 'Casey Client', note: 'Any news?' });
    const second = await call('POST', '/api/activity', cookies.agent, { ticket_id: String(ticketId), note: 'Working on it.' });
    expect(second.json().contact_name).toBe('Alex Agent');
    const feed = (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.client)).json();
    expect(feed.slice(0, 2).map((a: { note: string }) => a.note)).toEqual(['Working on it.', 'Any news?']);

    expect((await call('DELETE', `/api/activity/${first.json().activity_id}`, cookies.agent)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/activity/${first.json().activity_id}`, cookies.admin)).json()).toEqual({ deleted: 1 });
  });

  test('a note without a contact reads as the support team (contact_name null)', async () => {
    await t.app.repos.activity.create({ ticket_id: ticketId, contact_id: null, contact_name: null, note: 'System note' });
    const feed = (await call('GET', `/api/ticket/${ticketId}/activity`, cookies.agent)).json();
    expect(feed.find((a: { note: string }) => a.note === 'System note')).toMatchObject({ contact_id: null, contact_name: null });
  });

  test('an empty note or another company\'s ticket writes nothing', async () => {
    const before = (await t.app.repos.activity.listForTicket(ticketId)).length;
    const empty = await call('POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(MESSAGES.activityNotCreated);
    expect((await call('POST', '/api/activity', cookies.client2, { ticket_id: ticketId, note: 'Hi' })).statusCode).toBe(403);
    expect((await call('POST', '/api/activity', cookies.agent, { ticket_id: 999_999, note: 'Hi' })).statusCode).toBe(404);
    expect((await t.app.repos.activity.listForTicket(ticketId)).length).toBe(before);
  });
});
