import { MESSAGES } from '@portal/domain';
import type { MailTransport, OutgoingMail } from '../plugins/mail';
import { OUTBOX_MAX_ATTEMPTS } from '../services/mail-sender';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// The Sent tab's API (docs/product/messaging.md#sent-messages, #failed-mail): each send with who sent it and what became of
// each recipient's mail, a re-send to the failed recipients only, and re-queueing any failed outbox mail. Admins only,
// audited. The mail server here refuses the addresses in `refused`; a mail is given up after its last attempt.

const refused = new Set<string>();
const delivered: OutgoingMail[] = [];
const transport: MailTransport = {
  async sendMail(mail) {
    if (refused.has(mail.to)) throw new Error(`550 5.1.1 <${mail.to}>: Recipient address rejected`);
    delivered.push(mail);
  },
};

let cast: DemoCast;
beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailTransport: transport });
});
afterAll(async () => {
  await cast.t.close();
});

const db = () => cast.t.app.db;
const outboxTo = (address: string, subject: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', address).where('subject', '=', subject).orderBy('id').execute();
/** The mail's next attempt is its last, due now, and the runner works the outbox. */
const giveUpOn = async (outboxId: number) => {
  await db().updateTable('mail_outbox').set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, next_attempt_at: null }).where('id', '=', outboxId).execute();
  await cast.t.app.jobs.drain();
};
const auditOf = (action: string, entityId: number) =>
  db().selectFrom('audit_log').select(['actor_id', 'subject', 'changes']).where('action', '=', action).where('entity_id', '=', entityId).execute();

interface Progress {
  results: Record<string, number>;
  recipients: { contact_id: number; result: string; result_error: string | null; status: string }[];
}

test('the Sent tab reads each send, re-sends to failed recipients only, and a superseded mail cannot be re-queued', async () => {
  const { call, cookies, ids } = cast;
  const subject = 'Autumn news';
  refused.add('dana@acme.test');
  await db().updateTable('contacts').set({ active: 0 }).where('contact_id', '=', ids.sam).execute();
  const queued = await call('POST', '/api/sendmail', cookies.admin, {
    subject, message: 'Hello {{contactFirst}}, see [your page](https://x.test/p/{{contactEmail}}?n={{contactLast}})', kind: 'contacts',
    recipients: [{ contact_id: ids.client }, { contact_id: ids.dana }, { contact_id: ids.sam }],
  });
  const { message_id } = queued.json() as { message_id: number };
  await cast.t.app.jobs.runMessages();
  await cast.t.app.jobs.drain();

  const progressOf = async () => (await call('GET', `/api/sendmail/${message_id}`, cookies.admin)).json() as Progress;
  const resultOf = async (contactId: number) => (await progressOf()).recipients.find((r) => r.contact_id === contactId);
  expect(await resultOf(ids.client)).toMatchObject({ result: 'sent', result_error: null });
  expect(await resultOf(ids.dana)).toMatchObject({ status: 'sent', result: 'queued', result_error: expect.stringContaining('550 5.1.1') });
  expect(await resultOf(ids.sam)).toMatchObject({ result: 'failed', result_error: 'Contact no longer active.' });
  const [clientMail] = delivered.filter((mail) => mail.subject === subject);
  expect(clientMail?.html).toContain('href="https://x.test/p/client@demo.test?n=');

  const [danaMail] = await outboxTo('dana@acme.test', subject);
  await giveUpOn(danaMail!.id);
  expect(await resultOf(ids.dana)).toMatchObject({ result: 'failed', result_error: expect.stringContaining('Recipient address rejected') });
  const list = (await call('GET', '/api/sendmail', cookies.admin)).json() as { message_id: number; sender_name: string; results: object }[];
  expect(list.find((m) => m.message_id === message_id)).toMatchObject({
    sender_name: expect.stringMatching(/\S/), total: 3, results: { pending: 0, queued: 0, sent: 1, failed: 2 },
  });
  const failedList = (await call('GET', '/api/mail-outbox/failed', cookies.admin)).json() as { id: number; to_address: string }[];
  expect(failedList).toContainEqual(expect.objectContaining({ id: danaMail!.id, to_address: 'dana@acme.test', subject, attempts: OUTBOX_MAX_ATTEMPTS }));

  for (const cookie of [cookies.agent, cookies.client]) {
    expect((await call('POST', `/api/sendmail/${message_id}/resend`, cookie)).statusCode).toBe(403);
  }

  // Dana's address works again; Sam is still inactive. The client, already mailed, is not mailed again.
  refused.delete('dana@acme.test');
  const resent = await call('POST', `/api/sendmail/${message_id}/resend`, cookies.admin);
  expect(resent.json()).toEqual({ resent: 1, failed: 1 });
  expect(await outboxTo('client@demo.test', subject)).toHaveLength(1);
  const danaMails = await outboxTo('dana@acme.test', subject);
  expect(danaMails.map((mail) => [mail.status, mail.superseded_by])).toEqual([['failed', danaMails[1]!.id], ['pending', null]]);
  expect(await resultOf(ids.dana)).toMatchObject({ result: 'queued', result_error: null });
  expect(await resultOf(ids.sam)).toMatchObject({ result: 'failed', result_error: 'Contact no longer active.' });
  expect((await call('GET', '/api/mail-outbox/failed', cookies.admin)).json()).not.toContainEqual(expect.objectContaining({ id: danaMail!.id }));
  expect((await call('POST', `/api/mail-outbox/${danaMail!.id}/requeue`, cookies.admin)).json())
    .toEqual({ statusCode: 409, error: MESSAGES.mailNotRequeueable });
  const [entry] = await auditOf('mail.resent', message_id);
  expect(entry).toMatchObject({ actor_id: ids.admin, subject });
  expect(JSON.parse(entry!.changes)).toEqual([
    { field: 'failed', before: 2, after: 1 },
    { field: 'resent_to', before: null, after: 'dana@acme.test' },
  ]);

  await cast.t.app.jobs.drain();
  expect(await resultOf(ids.dana)).toMatchObject({ result: 'sent' });
  expect(delivered.filter((mail) => mail.to === 'dana@acme.test' && mail.subject === subject)).toHaveLength(1);

  // Sam back: the last failed recipient is mailed; then nothing is left to re-send.
  await db().updateTable('contacts').set({ active: 1 }).where('contact_id', '=', ids.sam).execute();
  expect((await call('POST', `/api/sendmail/${message_id}/resend`, cookies.admin)).json()).toEqual({ resent: 1, failed: 0 });
  expect((await progressOf()).results).toEqual({ pending: 0, queued: 1, sent: 2, failed: 0 });
  expect((await call('POST', `/api/sendmail/${message_id}/resend`, cookies.admin)).json())
    .toEqual({ statusCode: 409, error: MESSAGES.noFailedRecipients });
  expect((await call('POST', '/api/sendmail/999999/resend', cookies.admin)).statusCode).toBe(404);
});

test('an admin re-queues any failed outbox mail once; it is sent again, and audited', async () => {
  const { call, cookies, ids } = cast;
  refused.add('gone@elsewhere.test');
  const id = await cast.t.app.repos.mailOutbox.add(db(), { to: 'gone@elsewhere.test', subject: 'Your reset code', text: 'Code 123' });
  await cast.t.app.jobs.drain();
  await giveUpOn(id);
  const failedList = (await call('GET', '/api/mail-outbox/failed', cookies.admin)).json() as { id: number; error: string }[];
  expect(failedList[0]).toMatchObject({ id, to_address: 'gone@elsewhere.test', subject: 'Your reset code', error: expect.stringContaining('550') });

  for (const cookie of [cookies.agent, cookies.client]) {
    expect((await call('GET', '/api/mail-outbox/failed', cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/mail-outbox/${id}/requeue`, cookie)).statusCode).toBe(403);
  }
  expect((await cast.t.app.repos.mailOutbox.findById(id))?.status).toBe('failed');

  refused.delete('gone@elsewhere.test');
  expect((await call('POST', `/api/mail-outbox/${id}/requeue`, cookies.admin)).json()).toEqual({ ok: true });
  expect(await cast.t.app.repos.mailOutbox.findById(id)).toMatchObject({ status: 'pending', attempts: 0, error: null, next_attempt_at: null });
  expect((await call('GET', '/api/mail-outbox/failed', cookies.admin)).json()).not.toContainEqual(expect.objectContaining({ id }));
  expect((await call('POST', `/api/mail-outbox/${id}/requeue`, cookies.admin)).json()).toEqual({ statusCode: 409, error: MESSAGES.mailNotRequeueable });
  expect((await call('POST', '/api/mail-outbox/999999/requeue', cookies.admin)).statusCode).toBe(404);
  const [entry] = await auditOf('mail.requeued', id);
  expect(entry).toMatchObject({ actor_id: ids.admin, subject: 'Your reset code <gone@elsewhere.test>' });
  expect(JSON.parse(entry!.changes)).toContainEqual({ field: 'status', before: 'failed', after: 'pending' });

  await cast.t.app.jobs.drain();
  expect((await cast.t.app.repos.mailOutbox.findById(id))?.status).toBe('sent');
  expect(delivered.filter((mail) => mail.to === 'gone@elsewhere.test')).toHaveLength(1);
});
