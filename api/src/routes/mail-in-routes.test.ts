import type { Activity, HeldMail, MailInStatus } from '@portal/contract';
import { MAIL_IN_REASONS, MESSAGES } from '@portal/domain';
import type { MailInStatus as MailInOutcome } from '../db/schema';
import { aTicket } from '../test-support/factories';
import { createTestApp, openDemoCast, type DemoCast } from '../test-support/test-app';

// Mail in for admins (docs/product/notifications-and-mail.md#matching): the status of the mailbox and the
// counts of each outcome, the held list, attaching a held message to a ticket, dropping it, and its original.

let cast: DemoCast;
beforeAll(async () => {
  cast = await openDemoCast();
});
afterAll(async () => {
  await cast.t.close();
});

let counter = 0;

/** A message read from the mailbox, as the processor records it; held from a stranger unless told. */
async function aMailInMessage(
  db: DemoCast['t']['app']['db'],
  fields: { status?: MailInOutcome; subject?: string; text?: string; from?: string; raw?: string | null; reason?: string } = {},
): Promise<number> {
  const word = `mail-in-${++counter}`;
  const from = fields.from ?? `${word}@stranger.test`;
  const raw = fields.raw === undefined
    ? `From: Stranger <${from}>\r\nSubject: ${fields.subject ?? 'Help please'}\r\nMessage-ID: <${word}@stranger.test>\r\n\r\n${fields.text ?? 'Hello'}\r\n`
    : fields.raw;
  const row = await db.insertInto('mail_in_messages').values({
    message_id: `<${word}@stranger.test>`, uid: counter, from_address: from, from_name: 'Stranger Danger', subject: fields.subject ?? 'Help please',
    date_received: '2030-01-02T03:04:05.000Z', status: fields.status ?? 'held', reason: fields.reason ?? (fields.status === 'ignored' ? 'bounce' : 'unknownSender'),
    ticket_id: null, activity_id: null, contact_id: null, text: fields.text ?? 'Hello', raw: raw === null ? null : Buffer.from(raw).toString('base64'),
    raw_size: raw === null ? 0 : Buffer.byteLength(raw), date_decided: null, decided_by: null,
  }).returning('mail_in_id').executeTakeFirstOrThrow();
  return row.mail_in_id;
}

async function status(): Promise<MailInStatus> {
  const res = await cast.call('GET', '/api/mail-in', cast.cookies.admin);
  expect(res.statusCode).toBe(200);
  return res.json() as MailInStatus;
}

async function held(): Promise<HeldMail[]> {
  const res = await cast.call('GET', '/api/mail-in/held', cast.cookies.admin);
  expect(res.statusCode).toBe(200);
  return res.json() as HeldMail[];
}

test('without MAIL_IN_URL the status says not configured, not connected, and counts each outcome', async () => {
  const before = await status();
  expect(before).toMatchObject({ configured: false, mailbox: null, connected: false });
  await aMailInMessage(cast.t.app.db, { status: 'note' });
  await aMailInMessage(cast.t.app.db, { status: 'ignored' });
  await aMailInMessage(cast.t.app.db, { status: 'ignored' });
  await aMailInMessage(cast.t.app.db, { status: 'held' });
  const after = await status();
  expect(after.counts).toEqual({
    ...before.counts, note: before.counts.note + 1, ignored: before.counts.ignored + 2, held: before.counts.held + 1,
  });
});

test('agents, clients and strangers may not read or act on mail in', async () => {
  const id = await aMailInMessage(cast.t.app.db);
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Not theirs' });
  for (const cookie of [cast.cookies.agent, cast.cookies.client]) {
    expect((await cast.call('GET', '/api/mail-in', cookie)).statusCode).toBe(403);
    expect((await cast.call('GET', '/api/mail-in/held', cookie)).statusCode).toBe(403);
    expect((await cast.call('POST', `/api/mail-in/${id}/attach`, cookie, { ticket_id: ticketId })).statusCode).toBe(403);
    expect((await cast.call('POST', `/api/mail-in/${id}/drop`, cookie)).statusCode).toBe(403);
    expect((await cast.call('GET', `/api/mail-in/${id}/raw`, cookie)).statusCode).toBe(403);
  }
  expect((await cast.call('GET', '/api/mail-in')).statusCode).toBe(401);
  expect((await held()).map((mail) => mail.mail_in_id)).toContain(id);
});

test('the held list shows held messages only, with who sent them, the subject and the reason', async () => {
  const heldId = await aMailInMessage(cast.t.app.db, { subject: 'Where is my invoice?', from: 'someone@unknown.test' });
  const ignoredId = await aMailInMessage(cast.t.app.db, { status: 'ignored', subject: 'Delivery failure' });
  const noteId = await aMailInMessage(cast.t.app.db, { status: 'note', subject: 'Re: [#1] Thanks' });
  const list = await held();
  const ids = list.map((mail) => mail.mail_in_id);
  expect(ids).toContain(heldId);
  expect(ids).not.toContain(ignoredId);
  expect(ids).not.toContain(noteId);
  const mail = list.find((row) => row.mail_in_id === heldId)!;
  expect(mail).toMatchObject({
    from_address: 'someone@unknown.test', from_name: 'Stranger Danger', subject: 'Where is my invoice?', date_received: '2030-01-02T03:04:05.000Z',
  });
  expect(mail.reason).toBe(MAIL_IN_REASONS.unknownSender);
});

test('attaching a held message writes a note marked by e-mail on the ticket and takes it off the list', async () => {
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Attach here' });
  const id = await aMailInMessage(cast.t.app.db, { text: 'My printer is on fire.', from: 'fire@unknown.test' });
  const before = await status();

  const res = await cast.call('POST', `/api/mail-in/${id}/attach`, cast.cookies.admin, { ticket_id: ticketId });
  expect(res.statusCode).toBe(200);
  const answer = res.json() as { ticket_id: number; activity_id: number };
  expect(answer.ticket_id).toBe(ticketId);

  const activity = await cast.call('GET', `/api/ticket/${ticketId}/activity`, cast.cookies.agent);
  expect(activity.statusCode).toBe(200);
  const note = (activity.json() as Activity[]).find((item) => item.activity_id === answer.activity_id);
  expect(note).toMatchObject({ ticket_id: ticketId, source: 'mail' });
  expect(note!.note).toContain('My printer is on fire.');
  expect(note!.note).toContain('fire@unknown.test');

  expect((await held()).map((mail) => mail.mail_in_id)).not.toContain(id);
  const after = await status();
  expect(after.counts.attached).toBe(before.counts.attached + 1);
  expect(after.counts.held).toBe(before.counts.held - 1);
});

test('the admin attaches a held message as a reply or an internal note; unsaid, a sender not verified gives an internal note', async () => {
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Who reads held mail' });
  const notes = async (cookie: string) => {
    const res = await cast.call('GET', `/api/ticket/${ticketId}/activity`, cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as Activity[]).map((item) => ({ note: item.note.split('\n\n').at(-1), internal: item.internal }));
  };
  const attach = async (id: number, body: object) => {
    const res = await cast.call('POST', `/api/mail-in/${id}/attach`, cast.cookies.admin, { ticket_id: ticketId, ...body });
    expect(res.statusCode).toBe(200);
  };
  await attach(await aMailInMessage(cast.t.app.db, { text: 'Staff only, chosen' }), { internal: true });
  await attach(await aMailInMessage(cast.t.app.db, { text: 'For the client, chosen', reason: 'senderNotVerified' }), { internal: false });
  await attach(await aMailInMessage(cast.t.app.db, { text: 'Not verified, unsaid', reason: 'senderNotVerified' }), {});
  await attach(await aMailInMessage(cast.t.app.db, { text: 'Unknown sender, unsaid' }), {});

  expect(await notes(cast.cookies.agent)).toEqual(expect.arrayContaining([
    { note: 'Staff only, chosen', internal: true },
    { note: 'For the client, chosen', internal: false },
    { note: 'Not verified, unsaid', internal: true },
    { note: 'Unknown sender, unsaid', internal: false },
  ]));
  expect((await notes(cast.cookies.client)).map((item) => item.note).sort()).toEqual(['For the client, chosen', 'Unknown sender, unsaid']);
});

test('attaching to a ticket that does not exist answers 404 and keeps the message held', async () => {
  const id = await aMailInMessage(cast.t.app.db);
  const res = await cast.call('POST', `/api/mail-in/${id}/attach`, cast.cookies.admin, { ticket_id: 999_999 });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ statusCode: 404, error: MESSAGES.ticketNotFound });
  expect((await held()).map((mail) => mail.mail_in_id)).toContain(id);
});

test('a ticket number that is not a number answers 400', async () => {
  const id = await aMailInMessage(cast.t.app.db);
  const res = await cast.call('POST', `/api/mail-in/${id}/attach`, cast.cookies.admin, { ticket_id: 'twelve' });
  expect(res.statusCode).toBe(400);
});

test('dropping a held message takes it off the list and counts it dropped', async () => {
  const id = await aMailInMessage(cast.t.app.db);
  const before = await status();
  const res = await cast.call('POST', `/api/mail-in/${id}/drop`, cast.cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ok: true });
  expect((await held()).map((mail) => mail.mail_in_id)).not.toContain(id);
  expect((await status()).counts.dropped).toBe(before.counts.dropped + 1);
});

test('a message that is missing, or no longer held, cannot be attached or dropped', async () => {
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Nothing to attach' });
  expect((await cast.call('POST', '/api/mail-in/999999/attach', cast.cookies.admin, { ticket_id: ticketId })).statusCode).toBe(404);
  expect((await cast.call('POST', '/api/mail-in/999999/drop', cast.cookies.admin)).statusCode).toBe(404);
  const dropped = await aMailInMessage(cast.t.app.db);
  expect((await cast.call('POST', `/api/mail-in/${dropped}/drop`, cast.cookies.admin)).statusCode).toBe(200);
  expect((await cast.call('POST', `/api/mail-in/${dropped}/drop`, cast.cookies.admin)).json()).toEqual({ statusCode: 404, error: MESSAGES.noResultsFound });
  const attachAgain = await cast.call('POST', `/api/mail-in/${dropped}/attach`, cast.cookies.admin, { ticket_id: ticketId });
  expect(attachAgain.json()).toEqual({ statusCode: 404, error: MESSAGES.noResultsFound });
  const activity = await cast.call('GET', `/api/ticket/${ticketId}/activity`, cast.cookies.admin);
  expect(activity.json()).toEqual([]);
});

test('the original downloads as message/rfc822 named mail-<id>.eml; a missing one is 404', async () => {
  const raw = 'From: Stranger <raw@unknown.test>\r\nSubject: The original\r\nMessage-ID: <raw-1@unknown.test>\r\n\r\nEvery byte.\r\n';
  const id = await aMailInMessage(cast.t.app.db, { raw });
  const res = await cast.call('GET', `/api/mail-in/${id}/raw`, cast.cookies.admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^message\/rfc822/);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="mail-${id}.eml"`);
  expect(res.body).toBe(raw);

  expect((await cast.call('GET', '/api/mail-in/999999/raw', cast.cookies.admin)).statusCode).toBe(404);
  const withoutOriginal = await aMailInMessage(cast.t.app.db, { raw: null });
  expect((await cast.call('GET', `/api/mail-in/${withoutOriginal}/raw`, cast.cookies.admin)).statusCode).toBe(404);
});

test('the status says how senders are verified: off, on with the trusted servers and the own DKIM check, or on with nothing', async () => {
  const statusOf = async (options: Parameters<typeof createTestApp>[0]) => {
    const t = await createTestApp(options);
    try {
      const cookie = await t.login('admin@demo.test');
      return ((await t.app.inject({ method: 'GET', url: '/api/mail-in', headers: { cookie } })).json() as MailInStatus).sender_check;
    } finally {
      await t.close();
    }
  };
  expect(await statusOf({ mailInSenderCheck: { on: true, trustedAuthserv: [], verifyDkim: false } }))
    .toEqual({ on: true, trusted_authserv: [], verify_dkim: false });
  expect(await statusOf({ mailInSenderCheck: { on: true, trustedAuthserv: ['mx.example.com', 'mx.google.com'], verifyDkim: true } }))
    .toEqual({ on: true, trusted_authserv: ['mx.example.com', 'mx.google.com'], verify_dkim: true });
  expect(await statusOf({ mailInSenderCheck: { on: false } })).toMatchObject({ on: false });
});

test("a message held as not verified shows its verdict on the held list", async () => {
  const id = await aMailInMessage(cast.t.app.db, { subject: 'New bank details', from: 'agent@demo.test' });
  await cast.t.app.db.updateTable('mail_in_messages').set({ reason: 'senderNotVerified', verdict: 'dmarc=fail (mx.example.com)' }).where('mail_in_id', '=', id).execute();
  expect((await held()).find((mail) => mail.mail_in_id === id)).toMatchObject({
    reason: MAIL_IN_REASONS.senderNotVerified, verdict: 'dmarc=fail (mx.example.com)',
  });
});

describe('with MAIL_IN_URL', () => {
  test('the mailbox shows host, port and folder, never the user or password; connected only while a process holds it without an error since', async () => {
    const t = await createTestApp({ mailInUrl: 'imaps://support%40acme.test:s3cret-word@mail.example.test/Support' });
    try {
      const cookie = await t.login('admin@demo.test');
      const read = async () => (await t.app.inject({ method: 'GET', url: '/api/mail-in', headers: { cookie } })).json() as MailInStatus;

      const unheld = await read();
      expect(unheld).toMatchObject({ configured: true, mailbox: 'mail.example.test:993/Support', connected: false });
      expect(JSON.stringify(unheld)).not.toMatch(/s3cret|support%40|support@acme/);

      const now = Date.now();
      const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
      await t.app.db.deleteFrom('mail_in_state').execute();
      await t.app.db.insertInto('mail_in_state').values({
        id: 1, lease_owner: 'test-process', lease_until: at(60_000), mailbox: null, uid_validity: null,
        connected_at: at(-10_000), last_fetch_at: at(-5_000), last_error: 'Earlier failure', last_error_at: at(-20_000),
      }).execute();
      expect(await read()).toMatchObject({
        connected: true, connected_at: at(-10_000), last_fetch_at: at(-5_000), last_error: 'Earlier failure', last_error_at: at(-20_000),
      });

      await t.app.db.updateTable('mail_in_state').set({ last_error: 'Connection reset', last_error_at: at(-1_000) }).execute();
      expect(await read()).toMatchObject({ connected: false, last_error: 'Connection reset' });

      await t.app.db.updateTable('mail_in_state').set({ last_error: null, last_error_at: null, lease_until: at(-1_000) }).execute();
      expect((await read()).connected).toBe(false);
    } finally {
      await t.close();
    }
  });
});
