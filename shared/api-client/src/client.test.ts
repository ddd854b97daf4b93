import {
  anAdmin, aNotification, apiPath, createMockApi, delay, errorAnswer, http, HttpResponse, recordedRequests, server, type PortalData,
} from '@portal/testing';
import { createApiClient } from './client';
import { ApiError } from './api-error';

const BASE = 'http://localhost/api';

/** The mock API over `seed`, with `overrides` answering their routes first. */
function serve(seed: Partial<PortalData> = {}, ...overrides: Parameters<typeof server.use>) {
  const api = createMockApi(seed);
  server.use(...api.handlers);
  if (overrides.length > 0) server.use(...overrides);
  return api;
}

const calls = () => recordedRequests().map((c) => `${c.method} ${c.url}`);

describe('createApiClient', () => {
  it('logs in with the credentials and returns the parsed session answer', async () => {
    let credentials: RequestCredentials | undefined;
    serve({ contacts: [anAdmin()] }, http.post(apiPath('/auth/login'), ({ request }) => {
      credentials = request.credentials;
    }));
    const client = createApiClient({ baseUrl: BASE });

    const answer = await client.auth.login({ username: 'admin@demo.test', password: 'portal-demo' });

    expect(answer).toMatchObject({ dashboard: '/admins', contact: { first_name: 'Ada' } });
    expect(recordedRequests()[0]).toMatchObject({ method: 'POST', body: { username: 'admin@demo.test', password: 'portal-demo' } });
    expect(credentials).toBe('same-origin');
  });

  it('throws ApiError carrying the server message, and a failed login is not a lost session', async () => {
    const onUnauthorized = jest.fn();
    serve();
    const client = createApiClient({ baseUrl: BASE, onUnauthorized });

    const failure = client.auth.login({ username: 'x', password: 'y' });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Invalid username or password.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized when any other call answers 401', async () => {
    const onUnauthorized = jest.fn();
    serve({ session: null });
    const client = createApiClient({ baseUrl: BASE, onUnauthorized });

    await expect(client.auth.me()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts a call that takes longer than the timeout', async () => {
    serve({}, http.get(apiPath('/ticket/:id'), async () => {
      await delay('infinite');
    }));
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 20 });

    await expect(client.tickets.get(1)).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/too long/) });
  });

  it('rejects an answer that does not match the contract', async () => {
    serve({}, http.get(apiPath('/contact/:id/notifications'), () => HttpResponse.json([{ notification_id: 'one' }])));
    const client = createApiClient({ baseUrl: BASE });

    await expect(client.notifications.list(7)).rejects.toBeInstanceOf(ApiError);
  });

  it('saves note preferences as JSON text in the note_prefs meta', async () => {
    serve({ contacts: [anAdmin({ contact_id: 7 })] });
    const client = createApiClient({ baseUrl: 'http://api.test/api/' });

    const saved = await client.contacts.saveNotePrefs(7, { sendHourly: true, sendDaily: false, sendWeekly: true });

    expect(recordedRequests()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/contact/7/meta/note_prefs',
      body: { meta_key: 'note_prefs', meta_value: '{"sendHourly":true,"sendDaily":false,"sendWeekly":true}' },
    });
    expect(saved.meta_value).toContain('sendHourly');
  });

  it('deletes one notification and all of a contact', async () => {
    serve({ notifications: [aNotification({ notification_id: 5, contact_id: 7 }), aNotification({ notification_id: 6, contact_id: 7 })] });
    const client = createApiClient({ baseUrl: BASE });

    await client.notifications.remove(5);
    await client.notifications.removeAll(7);

    expect(calls()).toEqual(['DELETE /api/notifications/5', 'DELETE /api/contact/7/notifications']);
  });

  it('parses a list of notifications', async () => {
    serve({ notifications: [aNotification({ contact_id: 7, ticket_id: 12 })] });
    const client = createApiClient({ baseUrl: BASE });

    await expect(client.notifications.list(7)).resolves.toEqual([aNotification({ contact_id: 7, ticket_id: 12 })]);
  });

  it("reads a company's dashboard list without descriptions (a ticket summary parses with no description field)", async () => {
    const summary = {
      ticket_id: 3, contact_id: 5, company_id: 10, company_name: 'Acme, LLC', company_mode: 1, assignee_id: null, title: 'Careers page',
      type_id: 4, priority_id: 3, status_id: 1, date_created: '2026-11-01T10:00:00.000Z', date_due: null, date_assigned: null,
      date_completed: null, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1, total_time: 0,
    } as const;
    serve({}, http.get(apiPath('/company/10/tickets'), () => HttpResponse.json([summary])));
    const client = createApiClient({ baseUrl: BASE });

    const list = await client.tickets.forCompany(10);

    expect(list).toEqual([summary]);
    expect(list[0]).not.toHaveProperty('description');
  });

  it('reads the dashboards\' lists and totals from the namespace of the resource they answer with', async () => {
    serve({ contacts: [anAdmin({ contact_id: 7 })] });
    const client = createApiClient({ baseUrl: BASE });

    await client.tickets.forContact(7);
    await client.tickets.staffList('kanban');
    await client.time.companyTotals(4, 'currenttime', 'Europe/Berlin');
    await client.time.contactTotals(7, 'ytdtime');
    await client.time.contactEntries(7, '2026-06', '2026-11', 'UTC');
    await client.time.contactMonthly(7, 6);
    await client.contacts.listPrefs(7);
    await client.contacts.staff();
    await client.stats.tickets(12);

    expect(calls()).toEqual([
      'GET /api/contact/7/tickets',
      'GET /api/staff/tickets?view=kanban',
      'GET /api/company/4/currenttime?time_zone=Europe%2FBerlin',
      'GET /api/contact/7/ytdtime',
      'GET /api/contact/7/time?from=2026-06&to=2026-11&time_zone=UTC',
      'GET /api/contact/7/time/monthly?months=6',
      'GET /api/contact/7/meta/list_prefs',
      'GET /api/contact?group=staff',
      'GET /api/stats/tickets?months=12',
    ]);
  });

  it('answers the error body of an overridden route', async () => {
    serve({}, http.get(apiPath('/ticket/:id'), () => errorAnswer(404, 'Ticket not found.')));
    await expect(createApiClient({ baseUrl: BASE }).tickets.get(3)).rejects.toMatchObject({ status: 404, message: 'Ticket not found.' });
  });
});
