import { createJobRunner } from '../plugins/jobs';
import { caller, createTestApp, recordingTransport, type TestApp } from '../test-support/test-app';

// docs/product/notifications-and-mail.md#digests: the hourly, daily and weekly e-mails of
// notifications, on a fake clock, for a client on UTC and Dana on New York time.

let now = new Date('2025-03-10T06:30:00.000Z'); // a Monday
const clock = () => now;
const mailbox = recordingTransport();
let t: TestApp;
let call: ReturnType<typeof caller>;
const EMAILS = { client: 'client@demo.test', dana: 'dana@acme.test', agent: 'agent@demo.test', admin: 'admin@demo.test' } as const;
/** A session started at the fake clock's time: sessions follow that clock too, and it jumps by days here. */
const signIn = (who: keyof typeof EMAILS) => t.login(EMAILS[who]);
let ids: { client: number; dana: number; acme: number; ticket: number };
let seen = 0;

/** Runs the job runner at `iso` and answers the mail it sent to `to`. */
const runAt = async (iso: string, to = 'client@demo.test') => {
  now = new Date(iso);
  await t.app.jobs.runOnce();
  const fresh = mailbox.sent.slice(seen);
  seen = mailbox.sent.length;
  return fresh.filter((mail) => mail.to === to);
};
const notify = async (contactId: number, note: string, ticketId?: number) => {
  const res = await call('POST', '/api/notifications', await signIn('agent'), { contact_id: contactId, note, ...(ticketId ? { ticket_id: ticketId } : {}) });
  expect(res.statusCode).toBe(201);
};
const savePrefs = (cookie: string, contactId: number, prefs: { sendHourly: boolean; sendDaily: boolean; sendWeekly: boolean }) =>
  call('PUT', `/api/contact/${contactId}/meta/note_prefs`, cookie, { meta_key: 'note_prefs', meta_value: JSON.stringify(prefs) });

beforeAll(async () => {
  t = await createTestApp({ clock, publicUrl: 'https://portal.example', mailTransport: mailbox.transport });
  call = caller(t);
  const acme = await t.companyId('Acme, LLC');
  ids = {
    client: await t.contactId('client@demo.test'), dana: await t.contactId('dana@acme.test'), acme,
    ticket: (await t.app.repos.tickets.listForCompany(acme))[0]!.ticket_id,
  };
  await t.app.repos.contacts.upsertMeta(t.app.db, ids.dana, 'time_zone', 'America/New_York');
});
afterAll(async () => {
  await t.close();
});

test('hourly, daily and weekly: each lists what is new since its last one, once, at its time', async () => {
  await notify(ids.client, 'Before the digests were on');
  expect((await savePrefs(await signIn('client'), ids.client, { sendHourly: true, sendDaily: true, sendWeekly: true })).statusCode).toBe(200);
  // Nothing new since they were switched on: the 07:00 boundaries pass without a mail.
  expect(await runAt('2025-03-10T07:00:00.000Z')).toEqual([]);

  await notify(ids.client, 'Your ticket <b>moved</b>', ids.ticket);
  expect(await runAt('2025-03-10T07:59:59.000Z')).toEqual([]);
  const [hourly, ...more] = await runAt('2025-03-10T08:00:00.000Z');
  expect(more).toEqual([]);
  // About one ticket: mail about that ticket (docs/product/notifications-and-mail.md#answerable-mail); no MAIL_REPLY_TO here.
  expect(hourly!.subject).toBe(`[#${ids.ticket}] Your hourly notifications: 1 new`);
  expect(hourly!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated' });
  expect(hourly!.headers).not.toHaveProperty('Reply-To');
  expect(await t.app.db.selectFrom('ticket_mail_ids').select(['ticket_id', 'contact_id']).where('message_id', '=', hourly!.messageId).executeTakeFirst())
    .toEqual({ ticket_id: ids.ticket, contact_id: ids.client });
  expect(hourly!.text).toContain('Your ticket <b>moved</b>');
  expect(hourly!.text).not.toContain('Before the digests were on');
  expect(hourly!.text).toContain(`https://portal.example/clients/${ids.acme}/tickets/${ids.ticket}`);
  expect(hourly!.text).toMatch(/https:\/\/portal\.example\/api\/contact\/unsubscribe\/\d+\.hourly\.[\w-]{43}/);
  // docs/product/notifications-and-mail.md#unsubscribe: the same link in List-Unsubscribe, one-click (RFC 8058), and why it comes.
  const stop = /https:\/\/portal\.example\/api\/contact\/unsubscribe\/\S+/.exec(hourly!.text!)![0];
  expect(hourly!.headers).toMatchObject({ 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  expect(hourly!.text).toContain('You get this e-mail because you switched on "Send hourly" under "E-mail me my notifications".');
  expect(hourly!.html).toContain(`<a href="${stop}">Unsubscribe from hourly e-mails</a>`);
  expect(hourly!.html).toContain('Your ticket &lt;b&gt;moved&lt;/b&gt;');
  expect(hourly!.html).toContain(`<a href="https://portal.example/clients/${ids.acme}/tickets/${ids.ticket}">`);

  // The same period again, or the next hour with nothing new: no mail.
  expect(await runAt('2025-03-10T08:00:30.000Z')).toEqual([]);
  expect(await runAt('2025-03-10T09:00:00.000Z')).toEqual([]);

  // The next day at 07:00: the daily lists it; the hourly had it already.
  const daily = await runAt('2025-03-11T07:00:00.000Z');
  expect(daily.map((mail) => mail.subject)).toEqual([`[#${ids.ticket}] Your daily notifications: 1 new`]);
  expect(daily[0]!.text).toContain('Your ticket <b>moved</b>');
  expect(daily[0]!.headers).toMatchObject({ 'In-Reply-To': hourly!.messageId, References: hourly!.messageId });

  await notify(ids.client, 'A second one');
  const hourlyOnly = await runAt('2025-03-11T08:00:00.000Z');
  expect(hourlyOnly.map((mail) => mail.subject)).toEqual(['Your hourly notifications: 1 new']);
  expect(hourlyOnly[0]!.text).not.toContain('moved');
  expect(hourlyOnly[0]!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated' });
  expect(hourlyOnly[0]!.messageId).toMatch(/^<outbox\./);

  // Sunday evening is still last week; Monday 07:00 sends the week's two.
  expect((await runAt('2025-03-16T23:59:00.000Z')).map((mail) => mail.subject)).toEqual(['Your daily notifications: 1 new']);
  const weekly = await runAt('2025-03-17T07:00:00.000Z');
  expect(weekly.map((mail) => mail.subject)).toEqual(['Your weekly notifications: 2 new']);
});

test("another time zone: Dana's daily digest comes at 07:00 New York time", async () => {
  now = new Date('2025-03-18T09:00:00.000Z');
  await savePrefs(await signIn('dana'), ids.dana, { sendHourly: false, sendDaily: true, sendWeekly: false });
  await notify(ids.dana, 'For Dana');
  // 2025-03-18 07:00 in New York (UTC-4) is 11:00 UTC.
  expect(await runAt('2025-03-18T10:59:00.000Z', 'dana@acme.test')).toEqual([]);
  expect(await runAt('2025-03-18T11:00:00.000Z', 'dana@acme.test')).toEqual([expect.objectContaining({ subject: 'Your daily notifications: 1 new' })]);
  expect(await runAt('2025-03-18T12:00:00.000Z', 'dana@acme.test')).toEqual([]);
});

test('two runners at the same boundary: one digest', async () => {
  await notify(ids.client, 'Raced');
  now = new Date('2025-03-18T13:00:00.000Z');
  const other = createJobRunner(t.app, 'second-runner');
  const results = await Promise.all([t.app.jobs.runDigests(now), other.runDigests(now), t.app.jobs.runDigests(now)]);
  expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
  await t.app.jobs.drain();
  const fresh = mailbox.sent.slice(seen).filter((mail) => mail.to === 'client@demo.test');
  seen = mailbox.sent.length;
  expect(fresh.map((mail) => mail.subject)).toEqual(['Your hourly notifications: 1 new']);
});

test('switched off, nothing is mailed; switched on again, it starts from then', async () => {
  await savePrefs(await signIn('client'), ids.client, { sendHourly: false, sendDaily: false, sendWeekly: false });
  await notify(ids.client, 'While off');
  expect(await runAt('2025-03-19T07:00:00.000Z')).toEqual([]);
  expect(await runAt('2025-03-24T07:00:00.000Z')).toEqual([]);
  await savePrefs(await signIn('client'), ids.client, { sendHourly: true, sendDaily: false, sendWeekly: false });
  expect(await runAt('2025-03-24T08:00:00.000Z')).toEqual([]);
  await notify(ids.client, 'After on again');
  const [mail] = await runAt('2025-03-24T09:00:00.000Z');
  expect(mail!.text).toContain('After on again');
  expect(mail!.text).not.toContain('While off');
});

test('the unsubscribe link asks first on GET; its one-click POST turns that kind off; a forged one does nothing', async () => {
  await savePrefs(await signIn('client'), ids.client, { sendHourly: true, sendDaily: true, sendWeekly: false });
  await notify(ids.client, 'Last one');
  const [mail] = await runAt('2025-03-24T10:00:00.000Z');
  const link = /https:\/\/portal\.example(\/api\/contact\/unsubscribe\/[^\s]+)/.exec(mail!.text ?? '')![1]!;
  const prefs = async () => JSON.parse((await t.app.repos.contacts.metaValue(ids.client, 'note_prefs'))!) as Record<string, boolean>;
  const oneClick = (url: string) => t.app.inject({
    method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
  });

  // Another signature, or the same one for another kind or contact: refused, nothing changes.
  const forged = link.replace(/\.[\w-]{4}(?=[\w-]{39}$)/, '.AAAA');
  expect(forged).not.toBe(link);
  for (const url of [forged, link.replace('.hourly.', '.daily.'), link.replace(`/${ids.client}.`, `/${ids.dana}.`)]) {
    const refused = await oneClick(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('This unsubscribe link is not valid.');
  }
  expect(await prefs()).toEqual({ sendHourly: true, sendDaily: true, sendWeekly: false });

  // A GET (a person, or a mail scanner opening links) only asks.
  const page = await t.app.inject({ method: 'GET', url: link });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  expect(page.body).toContain('client@demo.test will no longer receive hourly e-mails of your notifications.');
  expect(page.body).toMatch(/<form method="post">[\s\S]*<button type="submit"[^>]*>Unsubscribe<\/button>/);
  expect(await prefs()).toEqual({ sendHourly: true, sendDaily: true, sendWeekly: false });

  // The one-click POST: hourly off, daily as it was; in the trail as the contact's own change.
  const res = await oneClick(link);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('You will no longer receive hourly e-mails of your notifications.');
  expect(await prefs()).toEqual({ sendHourly: false, sendDaily: true, sendWeekly: false });
  const entry = await t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'contact').where('entity_id', '=', ids.client).orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ action: 'contact.updated', actor_id: ids.client });
  // Twice is the same as once.
  expect((await oneClick(link)).statusCode).toBe(200);
  expect(await prefs()).toEqual({ sendHourly: false, sendDaily: true, sendWeekly: false });

  await notify(ids.client, 'After unsubscribing');
  expect(await runAt('2025-03-24T11:00:00.000Z')).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/api/contact/unsubscribe/not-a-token' })).statusCode).toBe(404);
  expect((await oneClick('/api/contact/unsubscribe/not-a-token')).statusCode).toBe(404);
});

test('the digests on demand (not in production): admins only', async () => {
  await savePrefs(await signIn('client'), ids.client, { sendHourly: true, sendDaily: false, sendWeekly: false });
  await notify(ids.client, 'On demand');
  expect((await call('POST', '/api/jobs/digests/run', await signIn('agent'), {})).statusCode).toBe(403);
  expect((await call('POST', '/api/jobs/digests/run', undefined, {})).statusCode).toBe(401);
  const res = await call('POST', '/api/jobs/digests/run', await signIn('admin'), { at: '2025-03-24T12:00:00.000Z' });
  expect(res.json()).toMatchObject({ sent: 1, mail_sent: 1 });
  expect(mailbox.sent.at(-1)).toMatchObject({ to: 'client@demo.test', subject: 'Your hourly notifications: 1 new' });
});

test('a digest lists only what is unread: a notification read in the app is left out; all read, no mail', async () => {
  await savePrefs(await signIn('client'), ids.client, { sendHourly: true, sendDaily: false, sendWeekly: false });
  seen = mailbox.sent.length;
  expect(await runAt('2025-03-25T08:00:00.000Z')).toEqual([]);
  const written = async (note: string) => {
    const res = await call('POST', '/api/notifications', await signIn('agent'), { contact_id: ids.client, note });
    expect(res.statusCode).toBe(201);
    return (res.json() as { notification_id: number }).notification_id;
  };
  const client = await signIn('client');
  const opened = await written('Opened in the bell');
  await written('Still unread');
  expect((await call('PUT', `/api/notifications/${opened}/read`, client)).statusCode).toBe(200);
  const [mail, ...more] = await runAt('2025-03-25T09:00:00.000Z');
  expect(more).toEqual([]);
  expect(mail!.subject).toBe('Your hourly notifications: 1 new');
  expect(mail!.text).toContain('Still unread');
  expect(mail!.text).not.toContain('Opened in the bell');

  // Everything read (Mark all as read) before the hour: nothing to send, and nothing later either.
  await written('Read before the hour');
  expect((await call('PUT', `/api/contact/${ids.client}/notifications/read`, client)).statusCode).toBe(200);
  expect(await runAt('2025-03-25T10:00:00.000Z')).toEqual([]);
  expect(await runAt('2025-03-25T11:00:00.000Z')).toEqual([]);
});
