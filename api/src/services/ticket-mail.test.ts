import { TYPE } from '@portal/domain';
import type { OutgoingMail } from '../plugins/mail';
import { aTimeEntry } from '../test-support/billing';
import { openDemoCast, recordingTransport, type DemoCast } from '../test-support/test-app';

// docs/product/notifications-and-mail.md#answerable-mail: every mail about one ticket has its own Message-ID,
// recorded with the ticket and the recipient, threads under the earlier mail about the ticket to the same
// address, carries the [#id] token and Reply-To the support mailbox; the portal's own mail is Auto-Submitted.
// The clock stands still: mail queued at one moment must still thread in the order it was queued.

const REPLY_TO = 'support@portal.example';
const now = new Date('2025-03-10T09:00:00.000Z');
const mailbox = recordingTransport();
let cast: DemoCast;
let ticketId: number;

const MESSAGE_ID = /^<[\w-]{24}@portal\.example>$/;

/** Sends what is queued and answers the mails sent. */
const sendQueued = async (): Promise<OutgoingMail[]> => {
  mailbox.reset();
  await cast.t.app.jobs.drain();
  return [...mailbox.sent];
};
const recorded = (messageId: string) =>
  cast.t.app.db.selectFrom('ticket_mail_ids').select(['ticket_id', 'contact_id', 'to_address']).where('message_id', '=', messageId).executeTakeFirst();
const sendActivity = async (contactId: number, activity: { ticket_id: number | null; note: string }) => {
  const res = await cast.call('POST', `/api/contact/${contactId}/sendactivity`, cast.cookies.agent, { activity });
  expect(res.json()).toEqual({ ok: true });
};

beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailReplyTo: REPLY_TO, mailTransport: mailbox.transport, clock: () => now });
});
afterAll(async () => {
  await cast.t.close();
});

test("a new ticket's mail to each admin: [#id] in the subject, a Message-ID recorded with the ticket and the admin, Auto-Submitted, Reply-To", async () => {
  const { call, cookies, ids, t } = cast;
  await sendQueued();
  const res = await call('POST', '/api/ticket', cookies.client, {
    type_id: TYPE.question, title: 'Answer me by mail', description: 'Please.', priority_id: 3, company_id: ids.acme, estimate_required: 0,
  });
  expect(res.statusCode).toBe(201);
  ticketId = res.json().ticket_id;

  const admins = await t.app.repos.contacts.listAdmins();
  const sent = await sendQueued();
  expect(sent.map((mail) => mail.to)).toEqual(admins.map((admin) => admin.email));
  const mail = sent.find((m) => m.to === 'admin@demo.test')!;
  expect(mail.subject).toBe(`New ticket [#${ticketId}]: Answer me by mail`);
  expect(mail.messageId).toMatch(MESSAGE_ID);
  expect(mail.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'Reply-To': REPLY_TO });
  expect(mail.headers).not.toHaveProperty('In-Reply-To');
  expect(mail.headers).not.toHaveProperty('References');
  expect(await recorded(mail.messageId)).toEqual({ ticket_id: ticketId, contact_id: ids.admin, to_address: 'admin@demo.test' });
  expect(new Set(sent.map((m) => m.messageId)).size).toBe(sent.length);
});

test('activity e-mails about one ticket to one contact thread, in the order they were queued; another address starts its own thread', async () => {
  const { ids } = cast;
  await sendQueued();
  for (const note of ['First', 'Second', 'Third']) await sendActivity(ids.client, { ticket_id: ticketId, note });
  await sendActivity(ids.agent, { ticket_id: ticketId, note: 'To the agent' });
  await sendActivity(ids.admin, { ticket_id: ticketId, note: 'To the admin' });
  const [first, second, third, agent, admin] = await sendQueued();

  expect(first).toMatchObject({ to: 'client@demo.test', subject: expect.stringContaining(`[#${ticketId}]`) });
  expect(first!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'Reply-To': REPLY_TO });
  expect(first!.headers).not.toHaveProperty('In-Reply-To');
  expect(second!.headers).toMatchObject({ 'In-Reply-To': first!.messageId, References: first!.messageId });
  expect(third!.headers).toMatchObject({ 'In-Reply-To': second!.messageId, References: `${first!.messageId} ${second!.messageId}` });
  expect(await recorded(third!.messageId)).toEqual({ ticket_id: ticketId, contact_id: ids.client, to_address: 'client@demo.test' });

  // The agent had no mail about the ticket; the admin had the new-ticket mail, and this one answers it.
  expect(agent).toMatchObject({ to: 'agent@demo.test' });
  expect(agent!.headers).not.toHaveProperty('In-Reply-To');
  expect(agent!.headers).not.toHaveProperty('References');
  const adminThread = await cast.t.app.repos.ticketMail.thread(cast.t.app.db, ticketId, 'admin@demo.test');
  expect(adminThread.map((row) => row.message_id)).toEqual([expect.stringMatching(MESSAGE_ID), admin!.messageId]);
  expect(admin!.headers).toMatchObject({ 'In-Reply-To': adminThread[0]!.message_id, References: adminThread[0]!.message_id });
});

test("a staff member's own message is theirs: no Auto-Submitted, no token; an activity note without a ticket is the portal's", async () => {
  const { call, cookies, ids, t } = cast;
  await sendQueued();
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.agent, { subject: 'About your ticket', message: 'Call me.' })).json()).toEqual({ ok: true });
  await sendActivity(ids.client, { ticket_id: null, note: 'Nothing in particular' });
  const [own, note] = await sendQueued();

  expect(own).toMatchObject({ to: 'client@demo.test', subject: 'About your ticket', messageId: expect.stringMatching(/^<outbox\.\d+\.\d+@portal\.example>$/) });
  expect(own!.headers).not.toHaveProperty('Auto-Submitted');
  expect(own!.headers).not.toHaveProperty('In-Reply-To');
  expect(note).toMatchObject({ to: 'client@demo.test', subject: 'New activity on your ticket' });
  expect(note!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'Reply-To': REPLY_TO });
  expect(note!.headers).not.toHaveProperty('In-Reply-To');
  for (const mail of [own!, note!]) {
    expect(await recorded(mail.messageId)).toBeUndefined();
    // Mail not about a ticket still comes back as the portal's own.
    expect(await t.app.repos.ticketMail.isOwn(mail.messageId)).toBe(true);
  }
  expect(await t.app.repos.ticketMail.isOwn(own!.messageId.replace(/\.\d+@/, '.1@'))).toBe(false);
});

test('a digest about one ticket is threaded with the earlier mail about it; a digest about several is not', async () => {
  const { call, cookies, ids, t } = cast;
  const saved = await call('PUT', `/api/contact/${ids.client}/meta/note_prefs`, cookies.client, {
    meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }),
  });
  expect(saved.statusCode).toBe(200);
  const notify = async (note: string, ticket?: number) => {
    const res = await call('POST', '/api/notifications', cookies.agent, { contact_id: ids.client, note, ...(ticket ? { ticket_id: ticket } : {}) });
    expect(res.statusCode).toBe(201);
  };
  const digestAt = async (iso: string) => {
    await t.app.jobs.runDigests(new Date(iso));
    return (await sendQueued()).filter((mail) => mail.to === 'client@demo.test');
  };
  const clientThread = async () => (await t.app.repos.ticketMail.thread(t.app.db, ticketId, 'client@demo.test')).map((row) => row.message_id);

  await notify('Your ticket moved', ticketId);
  await notify('And again', ticketId);
  const before = await clientThread();
  const [digest, ...more] = await digestAt('2025-03-10T10:00:00.000Z');
  expect(more).toEqual([]);
  expect(digest!.subject).toBe(`[#${ticketId}] Your hourly notifications: 2 new`);
  expect(digest!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'Reply-To': REPLY_TO, 'In-Reply-To': before.at(-1), References: before.join(' ') });
  expect(await recorded(digest!.messageId)).toEqual({ ticket_id: ticketId, contact_id: ids.client, to_address: 'client@demo.test' });

  await notify('About the ticket', ticketId);
  await notify('About nothing in particular');
  const [mixed] = await digestAt('2025-03-10T11:00:00.000Z');
  expect(mixed!.subject).toBe('Your hourly notifications: 2 new');
  expect(mixed!.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'Reply-To': REPLY_TO });
  expect(mixed!.headers).not.toHaveProperty('In-Reply-To');
  expect(await recorded(mixed!.messageId)).toBeUndefined();
});

test('welcome, reset and invoice mail is marked Auto-Submitted', async () => {
  const { call, cookies, ids, t } = cast;
  await sendQueued();
  const auto = expect.objectContaining({ 'Auto-Submitted': 'auto-generated' });
  const registered = await t.app.inject({
    method: 'POST', url: '/api/auth/register', remoteAddress: '10.9.0.1', payload: {
      company: { name: 'Auto Mail Co', url: 'https://auto-mail.test/' },
      contacts: [{ title: 'Owner', first_name: 'Rita', last_name: 'Reg', email: 'rita@auto-mail.test', phone: '555-010-0001', primary: 1 }],
      prefs: { frequency: 'quarterly', intensity: ['maintenance'] },
    },
  });
  expect(registered.statusCode).toBe(201);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'dana@acme.test' } })).statusCode).toBe(200);
  await aTimeEntry(t.app, { ticket_id: ticketId, company_id: ids.acme, contact_id: ids.agent, time: 2, date: '2025-03-05T10:00:00.000Z', pay_rate: 40 });
  expect((await call('POST', `/api/company/${ids.acme}/invoices`, cookies.admin, { offset: 0, summary: 'March.' })).statusCode).toBe(201);

  const sent = await sendQueued();
  expect(sent.find((mail) => mail.to === 'rita@auto-mail.test')).toMatchObject({ subject: 'Welcome to the support portal', headers: auto });
  expect(sent.find((mail) => mail.to === 'dana@acme.test')).toMatchObject({ subject: 'Set your support portal password', headers: auto });
  expect(sent.find((mail) => mail.to === 'client@demo.test')).toMatchObject({ subject: expect.stringMatching(/^Invoice /), headers: auto });
});
