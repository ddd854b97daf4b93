import { MESSAGES, STATUS } from '@portal/domain';
import { sendAllDueMessages } from '../services/message-sender';
import { openDemoCast, recordingTransport, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

// The message centre (docs/product/messaging.md#message-centre, #sending): recipients, a queued send the job runner works
// under a lease (restart-safe, each recipient once), its progress, and the templates.

let t: TestApp;
let cookies: DemoCookies;
let ids: DemoIds;
beforeAll(async () => {
  ({ t, cookies, ids } = await openDemoCast());
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const outboxTo = (address: string) =>
  t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();

test('client recipients are primary contacts with their company tokens, filterable by company', async () => {
  const res = await call('POST', '/api/sendmail/recipients', cookies.admin, { kind: 'clients', company_ids: [ids.acme] });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([expect.objectContaining({
    contact_id: ids.client, company_id: ids.acme, company_name: 'Acme, LLC',
    tokens: expect.objectContaining({ companyName: 'Acme, LLC', companyId: String(ids.acme), primaryEmail: 'client@demo.test' }),
  })]);
  const all = (await call('POST', '/api/sendmail/recipients', cookies.admin, { kind: 'clients' })).json() as { contact_id: number }[];
  expect(all.map((r) => r.contact_id)).not.toContain(ids.dana);
});

test('ticket recipients need a contact type and open statuses, and list their tickets', async () => {
  for (const body of [{ kind: 'tickets', status_ids: [STATUS.assigned] }, { kind: 'tickets', contact_type: 'owner', status_ids: [STATUS.complete] }, { kind: 'tickets', contact_type: 'owner' }]) {
    expect((await call('POST', '/api/sendmail/recipients', cookies.admin, body)).json()).toEqual({ statusCode: 400, error: MESSAGES.chooseContactTypeAndStatus });
  }
  const res = await call('POST', '/api/sendmail/recipients', cookies.admin, { kind: 'tickets', contact_type: 'agent', status_ids: [1, 2, 3, 4, 7, 8] });
  const agent = (res.json() as { contact_id: number; ticket_ids: number[]; tokens: Record<string, string> }[]).find((r) => r.contact_id === ids.agent);
  expect(agent?.ticket_ids.length).toBeGreaterThan(0);
  expect(agent?.tokens.ticketList).toMatch(/^#\d+ /);
});

test('a send is queued (202), worked by the job runner with tokens, and a failing recipient is reported', async () => {
  await t.app.db.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', ids.dana).execute();
  const res = await call('POST', '/api/sendmail', cookies.admin, {
    subject: 'News for {{contactFirst}}', message: 'Hello **{{contactFirst}}** <b>x</b> see https://example.com {{unknown}}', kind: 'contacts',
    recipients: [{ contact_id: ids.client }, { contact_id: ids.dana }],
  });
  expect(res.statusCode).toBe(202);
  const { message_id } = res.json() as { message_id: number };
  expect((await call('GET', `/api/sendmail/${message_id}`, cookies.admin)).json()).toMatchObject({ status: 'sending', total: 2, sent: 0, failed: 0 });

  expect(await t.app.jobs.runMessages()).toEqual({ sent: 1, failed: 1 });
  const progress = (await call('GET', `/api/sendmail/${message_id}`, cookies.admin)).json();
  expect(progress).toMatchObject({ status: 'done', total: 2, sent: 1, failed: 1 });
  expect(progress.recipients).toEqual([
    {
      recipient_id: expect.any(Number), contact_id: ids.client, name: expect.any(String), email: 'client@demo.test', status: 'sent', error: null,
      result: 'queued', result_error: null,
    },
    {
      recipient_id: expect.any(Number), contact_id: ids.dana, name: 'Dana Doe', email: 'dana@acme.test', status: 'failed', error: 'Contact no longer active.',
      result: 'failed', result_error: 'Contact no longer active.',
    },
  ]);
  const [mail] = await outboxTo('client@demo.test').then((rows) => rows.filter((row) => row.subject.startsWith('News for')));
  const first = (await t.app.repos.contacts.findById(ids.client))!.first_name;
  expect(mail?.subject).toBe(`News for ${first}`);
  expect(mail?.text).toContain(`Hello **${first}**`);
  expect(mail?.html).toContain(`<strong>${first}</strong>`);
  // Raw HTML is left out, as on the screen (docs/product/notifications-and-mail.md#markdown-in-mail); its text stays.
  expect(mail?.html).not.toContain('<b>');
  expect(mail?.html).toContain(' x see ');
  expect(mail?.html).toContain('<a href="https://example.com">');
  expect(mail?.html).toContain('{{unknown}}');
  expect(await outboxTo('dana@acme.test')).toEqual([]);

  const list = (await call('GET', '/api/sendmail', cookies.admin)).json() as { message_id: number }[];
  expect(list[0]?.message_id).toBe(message_id);
  await t.app.db.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', ids.dana).execute();
});

test('without a mail server the status names the missing setting and a worked send stays queued; with one it is set', async () => {
  expect((await call('GET', '/api/mail-outbox/status', cookies.admin)).json()).toEqual({ smtp_configured: false, setting: 'SMTP_URL' });
  const res = await call('POST', '/api/sendmail', cookies.admin, {
    subject: 'Queued check', message: 'Hello', kind: 'contacts', recipients: [{ contact_id: ids.client }],
  });
  const { message_id } = res.json() as { message_id: number };
  await t.app.jobs.runMessages();
  // The runner put the mail in the outbox, but nothing took it: it is queued, not sent (docs/product/messaging.md#sending).
  expect((await call('GET', `/api/sendmail/${message_id}`, cookies.admin)).json()).toMatchObject({
    status: 'done', results: { pending: 0, queued: 1, sent: 0, failed: 0 }, recipients: [expect.objectContaining({ result: 'queued' })],
  });
  const withServer = await t.openAnother({ mailTransport: recordingTransport().transport });
  try {
    const status = await withServer.inject({ method: 'GET', url: '/api/mail-outbox/status', headers: { cookie: cookies.admin } });
    expect(status.json()).toEqual({ smtp_configured: true, setting: 'SMTP_URL' });
  } finally {
    await withServer.close();
  }
});

test('a restart in the middle finishes the send and mails each recipient exactly once', async () => {
  const staff = (await call('POST', '/api/sendmail/recipients', cookies.admin, { kind: 'agents' })).json() as { contact_id: number; email: string }[];
  expect(staff.length).toBeGreaterThanOrEqual(2);
  const res = await call('POST', '/api/sendmail', cookies.admin, {
    subject: 'Restart check', message: 'Hi {{agentFirst}}', kind: 'agents', recipients: staff.map((r) => ({ contact_id: r.contact_id })),
  });
  const { message_id } = res.json() as { message_id: number };
  // The first process takes one recipient and dies holding the lease of another.
  const owner = 'dead-process';
  const [taken] = await t.app.repos.messages.claimDue(owner, t.app.config.clock(), 60_000, 1);
  expect(taken).toBeDefined();

  const restarted = await t.openAnother();
  try {
    // Later than the dead lease: the restarted server finishes everything, the claimed one too.
    const later = new Date(Date.now() + 120_000);
    const summary = await sendAllDueMessages({
      db: restarted.db, repos: restarted.repos, config: restarted.config, clock: () => later, log: restarted.log,
    }, 'restarted');
    expect(summary.sent).toBe(staff.length);
    // The dead process waking up cannot settle its recipient a second time.
    expect(await restarted.db.transaction().execute((trx) => restarted.repos.messages.settle(trx, taken!.id, owner, { error: 'late' }, restarted.config.clock()))).toBe(false);
  } finally {
    await restarted.close();
  }
  expect(await t.app.jobs.runMessages()).toEqual({ sent: 0, failed: 0 });
  const mails = await t.app.db.selectFrom('mail_outbox').select('to_address').where('subject', '=', 'Restart check').execute();
  expect(mails.map((m) => m.to_address).sort()).toEqual(staff.map((r) => r.email).sort());
  expect((await call('GET', `/api/sendmail/${message_id}`, cookies.admin)).json()).toMatchObject({ status: 'done', sent: staff.length });
});

test('templates are saved by name (replaced when the name exists) and listed', async () => {
  const save = (name: string, body: object) => call('POST', `/api/sendmail/templates/${encodeURIComponent(name)}`, cookies.admin, body);
  expect((await save('Welcome', { name: 'Welcome', subject: 'Hi', message: 'Hello {{companyName}}' })).statusCode).toBe(200);
  expect((await save('Welcome', { name: 'Welcome', subject: 'Hi again', message: 'M' })).json()).toMatchObject({ name: 'Welcome', subject: 'Hi again' });
  expect((await save(' ', { name: ' ', subject: 'S', message: 'M' })).json().error).toBe(MESSAGES.enterTemplateName);
  expect((await save('Other', { name: 'Welcome', subject: 'S', message: 'M' })).json().error).toBe(MESSAGES.templateSaveFailed);
  const list = (await call('GET', '/api/sendmail/templates', cookies.admin)).json() as { name: string; subject: string }[];
  expect(list.filter((tpl) => tpl.name === 'Welcome')).toEqual([expect.objectContaining({ subject: 'Hi again' })]);
});

test('the message centre is for admins only', async () => {
  for (const cookie of [cookies.agent, cookies.client]) {
    expect((await call('GET', '/api/sendmail', cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/sendmail/recipients', cookie, { kind: 'agents' })).statusCode).toBe(403);
    expect((await call('GET', '/api/mail-outbox/status', cookie)).statusCode).toBe(403);
  }
});
