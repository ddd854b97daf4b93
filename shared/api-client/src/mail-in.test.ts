import { aHeldMail, aMailInStatus, aTicketDetail, createMockApi, recordedWrites, server } from '@portal/testing';
import { createApiClient } from './client';

const BASE = 'http://localhost/api';

describe('the mail in client', () => {
  it('reads the status and the held list, attaches one message and drops another', async () => {
    const api = createMockApi({
      tickets: [aTicketDetail()],
      mailIn: {
        status: aMailInStatus({
          configured: true, mailbox: 'mail.example.test:993/INBOX', connected: true, counts: { note: 3, ticket: 1, held: 2, ignored: 4, attached: 0, dropped: 0 },
        }),
        held: [aHeldMail({ mail_in_id: 5 }), aHeldMail({ mail_in_id: 6, subject: 'Spam?' })],
        raw: {},
      },
    });
    server.use(...api.handlers);
    const client = createApiClient({ baseUrl: BASE });

    expect(await client.mailIn.status()).toMatchObject({ configured: true, mailbox: 'mail.example.test:993/INBOX', counts: { held: 2, ignored: 4 } });
    expect((await client.mailIn.held()).map((m) => m.mail_in_id)).toEqual([5, 6]);

    expect(await client.mailIn.attach(5, 12)).toEqual({ ticket_id: 12, activity_id: expect.any(Number) });
    expect(await client.mailIn.drop(6)).toEqual({ ok: true });
    expect(recordedWrites()).toEqual([
      { method: 'POST', url: '/api/mail-in/5/attach', body: { ticket_id: 12 } },
      { method: 'POST', url: '/api/mail-in/6/drop', body: undefined },
    ]);
    expect(await client.mailIn.held()).toEqual([]);
    expect((await client.mailIn.status()).counts).toMatchObject({ held: 0, attached: 1, dropped: 1 });
    expect(api.db.activity).toEqual([expect.objectContaining({ ticket_id: 12, source: 'mail' })]);
  });

  it('answers the API message when attaching to a ticket that does not exist', async () => {
    const api = createMockApi();
    api.db.mailIn.held.push(aHeldMail({ mail_in_id: 5 }));
    server.use(...api.handlers);
    await expect(createApiClient({ baseUrl: BASE }).mailIn.attach(5, 404)).rejects.toMatchObject({ status: 404, message: 'Ticket not found.' });
  });

  it('links the original under the base URL', () => {
    expect(createApiClient({ baseUrl: BASE }).mailIn.rawUrl(7)).toBe('http://localhost/api/mail-in/7/raw');
    expect(createApiClient().mailIn.rawUrl(7)).toBe('/api/mail-in/7/raw');
  });
});
