import { aClient, aFailedMail, anAdmin, aSentMessage, aSentRecipient, createMockApi, recordedRequests, server } from '@portal/testing';
import { createApiClient } from './client';

const BASE = 'http://localhost/api';

describe('the message centre client', () => {
  it('looks recipients up, queues a send, reads its progress and keeps templates', async () => {
    const api = createMockApi({ contacts: [anAdmin(), aClient()] });
    server.use(...api.handlers);
    const client = createApiClient({ baseUrl: BASE });

    const recipients = await client.messages.recipients({ kind: 'clients' });
    expect(recipients).toMatchObject([{ contact_id: 31, company_id: 4, tokens: { companyName: 'Acme, LLC', primaryFirst: 'Cora' } }]);

    const queued = await client.messages.send({ subject: 'Hi', message: 'Dear {{primaryFirst}}', kind: 'clients', recipients: [{ contact_id: 31, company_id: 4 }] });
    expect(await client.messages.progress(queued.message_id)).toMatchObject({ status: 'sending', total: 1 });
    expect(await client.messages.progress(queued.message_id)).toMatchObject({ status: 'done', sent: 1, recipients: [{ status: 'sent', error: null }] });
    expect(await client.messages.list()).toMatchObject([{ message_id: queued.message_id, subject: 'Hi' }]);

    await client.messages.saveTemplate({ name: 'Monthly news', subject: 'News', message: 'Hello' });
    expect(await client.messages.templates()).toMatchObject([{ name: 'Monthly news', subject: 'News' }]);
    expect(recordedRequests().map((r) => `${r.method} ${r.url}`)).toContain('POST /api/sendmail/templates/Monthly%20news');
  });

  it('re-sends a message to its failed recipients, lists failed mail and re-queues one', async () => {
    const failed = aSentRecipient({ recipient_id: 2, status: 'failed', error: 'Contact no longer active.', result: 'failed', result_error: 'Contact no longer active.' });
    const api = createMockApi({ contacts: [anAdmin(), aClient()], messages: [aSentMessage({ message_id: 4, recipients: [aSentRecipient(), failed] })], failedMail: [aFailedMail({ id: 7 })] });
    server.use(...api.handlers);
    const client = createApiClient({ baseUrl: BASE });

    expect(await client.messages.list()).toMatchObject([{ message_id: 4, sender_name: 'Ada Admin', results: { sent: 1, failed: 1 } }]);
    expect(await client.messages.resend(4)).toEqual({ resent: 1, failed: 0 });
    expect(await client.messages.progress(4)).toMatchObject({ results: { sent: 2, failed: 0 } });
    expect(await client.messages.failedMail()).toMatchObject([{ id: 7, to_address: 'gone@elsewhere.test' }]);
    expect(await client.messages.requeue(7)).toEqual({ ok: true });
    expect(await client.messages.failedMail()).toEqual([]);
    expect(recordedRequests().map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([
      'POST /api/sendmail/4/resend', 'POST /api/mail-outbox/7/requeue',
    ]));
  });

  it('reads option usage, agents with their pay rate, and companies with their primary contact', async () => {
    const api = createMockApi({ optionUsage: { 'type-defaults': { 2: 3 } } });
    server.use(...api.handlers);
    const client = createApiClient({ baseUrl: BASE });

    expect(await client.options.usage('type-defaults')).toEqual({ 2: 3 });
    const created = await client.contacts.create({ first_name: 'Nia', last_name: 'New', email: 'nia@demo.test', group_id: 3, pay_rate: 40 });
    expect((await client.contacts.agents()).find((a) => a.contact_id === created.contact_id)).toMatchObject({ pay_rate: 40, group_id: 3 });
    expect(await client.contacts.remove(created.contact_id)).toEqual({
      deleted: 1, tickets_unassigned: 0, cleared: { default_agent_of: [], type_assignments: [], open_tickets: 0 },
    });
    expect(await client.companies.listWithPrimary()).toMatchObject([{ company_id: 4, primary_contact: { email: 'client@demo.test' } }]);
  });
});
