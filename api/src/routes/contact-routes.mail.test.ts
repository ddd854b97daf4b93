import { MESSAGES } from '@portal/domain';
import { openDemoCast, recordingTransport, type DemoCast } from '../test-support/test-app';

// POST /contact/:id/sendactivity and /sendmail: staff queue a mail in the outbox; the job runner sends it.

const mailbox = recordingTransport();
let cast: DemoCast;
let ticketId: number;

beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailTransport: mailbox.transport });
  ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
});
afterAll(async () => {
  await cast.t.close();
});
beforeEach(() => mailbox.reset());

test("sendactivity: the note and the ticket's link to its requester, queued then sent once", async () => {
  const { call, cookies, ids, t } = cast;
  const res = await call('POST', `/api/contact/${ids.client}/sendactivity`, cookies.agent, { activity: { ticket_id: ticketId, note: 'Done <script>x</script>' } });
  expect(res.json()).toEqual({ ok: true });
  const [queued] = (await t.app.repos.mailOutbox.list('pending')).slice(-1);
  expect(queued).toMatchObject({ to_address: 'client@demo.test', status: 'pending' });

  await t.app.jobs.drain();
  await t.app.jobs.drain();
  expect(mailbox.sent).toHaveLength(1);
  const [mail] = mailbox.sent;
  expect(mail).toMatchObject({ to: 'client@demo.test', subject: expect.stringContaining(`#${ticketId}`) });
  expect(mail!.text).toContain('Done <script>x</script>');
  expect(mail!.text).toContain(`https://portal.example/clients/${ids.acme}/tickets/${ticketId}`);
  // The note's Markdown as on the screen (docs/product/notifications-and-mail.md#markdown-in-mail): raw HTML left out, its text kept.
  expect(mail!.html).toContain('<p>Done x</p>');
  expect(mail!.html).not.toContain('<script>');
  expect(await t.app.repos.mailOutbox.findById(queued!.id)).toMatchObject({ status: 'sent' });
});

test('sendactivity: staff only; someone who cannot see the ticket, a missing ticket or contact are refused', async () => {
  const { call, cookies, ids, t } = cast;
  const before = (await t.app.repos.mailOutbox.list()).length;
  const client2 = await t.contactId('client2@demo.test');
  const send = (contactId: number, cookie: string, activity: unknown) => call('POST', `/api/contact/${contactId}/sendactivity`, cookie, { activity });
  expect((await send(ids.client, cookies.client, { ticket_id: ticketId, note: 'Hi' })).statusCode).toBe(403);
  expect((await send(client2, cookies.agent, { ticket_id: ticketId, note: 'Hi' })).json()).toEqual({ statusCode: 400, error: MESSAGES.activityEmailNotSent });
  expect((await send(ids.client, cookies.agent, { ticket_id: 999_999, note: 'Hi' })).statusCode).toBe(404);
  expect((await send(999_999, cookies.agent, { ticket_id: ticketId, note: 'Hi' })).statusCode).toBe(404);
  expect((await send(ids.client, cookies.agent, { ticket_id: ticketId, note: '  ' })).json()).toEqual({ statusCode: 400, error: MESSAGES.activityEmailNotSent });
  expect((await t.app.repos.mailOutbox.list()).length).toBe(before);
  // A note without a ticket has no link; staff mail any active contact.
  expect((await send(ids.agent, cookies.admin, 'Plain note')).json()).toEqual({ ok: true });
});

test('a mail that cannot be queued answers Activity email not sent. / Note not sent.; a down SMTP server does not', async () => {
  const { call, cookies, ids, t } = cast;
  const outbox = t.app.repos.mailOutbox;
  jest.spyOn(outbox, 'add').mockRejectedValueOnce(new Error('database down'));
  expect((await call('POST', `/api/contact/${ids.client}/sendactivity`, cookies.agent, { activity: { ticket_id: ticketId, note: 'X' } })).json())
    .toEqual({ statusCode: 502, error: MESSAGES.activityEmailNotSent });
  jest.spyOn(outbox, 'add').mockRejectedValueOnce(new Error('database down'));
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.agent, { subject: 'S', message: 'M' })).json())
    .toEqual({ statusCode: 502, error: MESSAGES.noteNotSent });

  mailbox.failing = true;
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.admin, { subject: 'Hello', message: 'Line' })).json()).toEqual({ ok: true });
  await t.app.jobs.drain();
  expect(mailbox.sent).toEqual([]);
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.agent, { subject: ' ', message: 'M' })).json().error).toBe(MESSAGES.noteNotSent);
  expect((await call('POST', `/api/contact/${ids.agent}/sendmail`, cookies.client, { subject: 'S', message: 'M' })).statusCode).toBe(403);
  expect((await call('POST', '/api/contact/999999/sendmail', cookies.agent, { subject: 'S', message: 'M' })).statusCode).toBe(404);
});
