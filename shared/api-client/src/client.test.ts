import { createApiClient } from './client';
import { ApiError } from './api-error';
import { adminContact, aNotification, fakeFetch } from './test-fixtures';

describe('createApiClient', () => {
  it('logs in with the credentials and returns the parsed session answer', async () => {
    const fake = fakeFetch(({ url }) =>
      url === '/api/auth/login' ? { status: 200, body: { contact: adminContact, dashboard: '/admins' } } : undefined,
    );
    const client = createApiClient({ fetch: fake.fetch });

    const answer = await client.auth.login({ username: 'admin@demo.test', password: 'portal-demo' });

    expect(answer.dashboard).toBe('/admins');
    expect(answer.contact.first_name).toBe('Ada');
    expect(fake.calls[0]).toMatchObject({ method: 'POST', body: { username: 'admin@demo.test', password: 'portal-demo' } });
    expect(fake.calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('throws ApiError carrying the server message, and a failed login is not a lost session', async () => {
    const onUnauthorized = jest.fn();
    const fake = fakeFetch(() => ({ status: 401, body: { statusCode: 401, error: 'Invalid username or password.' } }));
    const client = createApiClient({ fetch: fake.fetch, onUnauthorized });

    const failure = client.auth.login({ username: 'x', password: 'y' });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Invalid username or password.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized when any other call answers 401', async () => {
    const onUnauthorized = jest.fn();
    const fake = fakeFetch(() => ({ status: 401, body: { statusCode: 401, error: 'Please sign in.' } }));
    const client = createApiClient({ fetch: fake.fetch, onUnauthorized });

    await expect(client.auth.me()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts a call that takes longer than the timeout', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const client = createApiClient({ fetch: hanging, timeoutMs: 20 });

    await expect(client.tickets.get(1)).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/too long/) });
  });

  it('rejects an answer that does not match the contract', async () => {
    const fake = fakeFetch(() => ({ status: 200, body: [{ notification_id: 'one' }] }));
    const client = createApiClient({ fetch: fake.fetch });

    await expect(client.notifications.list(7)).rejects.toBeInstanceOf(ApiError);
  });

  it('saves note preferences as JSON text in the note_prefs meta', async () => {
    const fake = fakeFetch(({ body }) => ({
      status: 200,
      body: [{ id: 3, meta_key: 'note_prefs', meta_value: (body as { meta_value: string }).meta_value }],
    }));
    const client = createApiClient({ fetch: fake.fetch, baseUrl: 'http://api.test/api/' });

    const saved = await client.contacts.saveNotePrefs(7, { sendHourly: true, sendDaily: false, sendWeekly: true });

    expect(fake.calls[0]).toMatchObject({
      method: 'PUT',
      url: 'http://api.test/api/contact/7/meta/note_prefs',
      body: { meta_key: 'note_prefs', meta_value: '{"sendHourly":true,"sendDaily":false,"sendWeekly":true}' },
    });
    expect(saved.meta_value).toContain('sendHourly');
  });

  it('deletes one notification and all of a contact', async () => {
    const fake = fakeFetch(({ method }) => (method === 'DELETE' ? { status: 200, body: { deleted: 1 } } : undefined));
    const client = createApiClient({ fetch: fake.fetch });

    await client.notifications.remove(5);
    await client.notifications.removeAll(7);

    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/notifications/5',
      'DELETE /api/contact/7/notifications',
    ]);
  });

  it('parses a list of notifications', async () => {
    const fake = fakeFetch(() => ({ status: 200, body: [aNotification({ ticket_id: 12 })] }));
    const client = createApiClient({ fetch: fake.fetch });

    await expect(client.notifications.list(7)).resolves.toEqual([aNotification({ ticket_id: 12 })]);
  });

  it("reads a company's dashboard list without descriptions (a ticket summary parses with no description field)", async () => {
    const summary = {
      ticket_id: 3, contact_id: 5, company_id: 10, company_name: 'Acme, LLC', company_mode: 1, assignee_id: null, title: 'Careers page',
      type_id: 4, priority_id: 3, status_id: 1, date_created: '2026-11-01T10:00:00.000Z', date_due: null, date_assigned: null,
      date_completed: null, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1, total_time: 0,
    };
    const fake = fakeFetch(({ url }) => (url === '/api/company/10/tickets' ? { status: 200, body: [summary] } : undefined));
    const client = createApiClient({ fetch: fake.fetch });

    const list = await client.companies.tickets(10);

    expect(list).toEqual([summary]);
    expect(list[0]).not.toHaveProperty('description');
  });
});
