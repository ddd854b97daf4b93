import { existsSync, readdirSync } from 'node:fs';
import type { Activity, Attachment } from '@portal/contract';
import { MAIL_IN_REASONS, MESSAGES, PRIORITY, TYPE } from '@portal/domain';
import { aTicket } from '../../test-support/factories';
import { rawMail, type RawMailOptions } from '../../test-support/raw-mail';
import { openDemoCast, type DemoCast } from '../../test-support/test-app';
import { serviceContext, type ServiceContext } from '../service-context';
import { queueTicketMail } from '../ticket-mail';
import { attachHeldMail, dropHeldMail, heldMailRaw, listHeldMail } from './held-mail';
import { processMail } from './process-mail';

// One message from the support mailbox (docs/product/notifications-and-mail.md#matching): a reply or a token mail
// becomes a note, a known contact's new mail a ticket, anything else is held; noise is ignored. Every outcome is
// recorded once (docs/product/notifications-and-mail.md#exactly-once) and in the audit trail. The mail arrives as the
// operator's receiving server hands it on: with its Authentication-Results on top (trusted below), unless a test in
// 'who sent it' says otherwise.

let cast: DemoCast;
let ctx: ServiceContext;
beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailInSenderCheck: { on: true, trustedAuthserv: [MX], verifyDkim: false } });
  ctx = serviceContext(cast.t.app);
});
afterAll(async () => {
  await cast.t.close();
});

const db = () => cast.t.app.db;
let counter = 0;
const unique = (word: string) => `${word} ${++counter}`;

/** The operator's receiving server (MAIL_IN_TRUSTED_AUTHSERV). */
const MX = 'mx.portal.test';
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1]?.toLowerCase() ?? '';
/** What the receiving server writes on top of a mail whose sender's domain passed DMARC. */
const dmarcPass = (from: string) => `Authentication-Results: ${MX}; spf=pass smtp.mailfrom=${domainOf(from)}; dmarc=pass (p=reject) header.from=${domainOf(from)}`;
/** The mail with these header fields on top, as servers on its way add them. */
const withHeaders = (raw: Buffer, fields: readonly string[]) => Buffer.concat([Buffer.from(fields.map((field) => `${field}\r\n`).join('')), raw]);

/** A mail as it reaches the mailbox: by default vouched for by the receiving server; `received` replaces what it added. */
async function receive(options: RawMailOptions, received: readonly string[] = [dmarcPass(options.from)], context: ServiceContext = ctx) {
  const raw = withHeaders(await rawMail(options), received);
  return { raw, ...(await processMail(context, { raw, uid: counter })).result };
}

const mailRow = (mailInId: number | null) => db().selectFrom('mail_in_messages').selectAll().where('mail_in_id', '=', mailInId ?? -1).executeTakeFirstOrThrow();
const auditOf = (mailInId: number | null) =>
  db().selectFrom('audit_log').selectAll().where('entity', '=', 'mail').where('entity_id', '=', mailInId ?? -1).execute();
const notesOf = (ticketId: number) =>
  db().selectFrom('activity').selectAll().where('ticket_id', '=', ticketId).orderBy('activity_id').execute();
const outbox = () => db().selectFrom('mail_outbox').selectAll().orderBy('id').execute();

/** An Acme ticket with an activity e-mail to its client sent through the portal; answers the ticket and that mail's Message-ID. */
async function mailedTicket(title = unique('Printer on fire')): Promise<{ ticketId: number; messageId: string; subject: string }> {
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, contact_id: cast.ids.client, title });
  const res = await cast.call('POST', `/api/contact/${cast.ids.client}/sendactivity`, cast.cookies.agent, { activity: { ticket_id: ticketId, note: 'Which page?' } });
  expect(res.statusCode).toBe(200);
  const sent = (await outbox()).at(-1)!;
  expect(sent).toMatchObject({ to_address: 'client@demo.test', subject: expect.stringContaining(`[#${ticketId}]`) });
  expect(sent.message_id).toMatch(/^<.+@portal\.example>$/);
  return { ticketId, messageId: sent.message_id!, subject: sent.subject };
}

describe('a reply', () => {
  test('to a portal mail becomes a note by its sender, marked by e-mail, with only the new words', async () => {
    const { ticketId, messageId, subject } = await mailedTicket();
    const before = (await outbox()).length;
    const text = 'The pricing page, since this morning.\n\nOn Tue, 24 Nov 2026 at 10:00, Support <support@portal.example> wrote:\n> Which page?\n> Open the ticket: https://x\n';
    const mail = await receive({ from: 'Casey Client <Client@Demo.test>', subject: `Re: ${subject}`, inReplyTo: messageId, references: messageId, text });

    expect(mail).toMatchObject({ status: 'note', ticketId });
    const notes = await notesOf(ticketId);
    expect(notes.at(-1)).toMatchObject({
      note: 'The pricing page, since this morning.', contact_id: cast.ids.client, contact_name: 'Casey Client', source: 'mail',
    });
    const feed = await cast.call('GET', `/api/ticket/${ticketId}/activity`, cast.cookies.client);
    expect((feed.json() as Activity[])[0]).toMatchObject({ note: 'The pricing page, since this morning.', source: 'mail' });

    const row = await mailRow(mail.mailInId);
    expect(row).toMatchObject({
      status: 'note', ticket_id: ticketId, activity_id: notes.at(-1)!.activity_id, contact_id: cast.ids.client, from_address: 'client@demo.test',
      from_name: 'Casey Client', subject: `Re: ${subject}`, raw_size: mail.raw.length, text: 'The pricing page, since this morning.',
    });
    expect(Buffer.from(row.raw!, 'base64').equals(mail.raw)).toBe(true);
    expect(await auditOf(mail.mailInId)).toEqual([
      expect.objectContaining({ action: 'mail.noted', actor_id: cast.ids.client, company_id: cast.ids.acme, subject: `Re: ${subject}`, ip: null }),
    ]);
    expect((await outbox()).length).toBe(before);
  });

  test('in HTML only becomes Markdown, without scripts, styles, images or the quoted mail', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const html = '<html><head><style>p{color:red}</style></head><body><p>The <b>pricing</b> page is <a href="https://acme.test/pricing">here</a>.</p>'
      + '<script>alert(1)</script><img src="cid:logo" alt=""><div class="gmail_quote">On Tue, Support &lt;s@portal.example&gt; wrote:<br>'
      + '<blockquote>Which page?</blockquote></div></body></html>';
    const mail = await receive({ from: 'client@demo.test', subject: 'Re: your question', inReplyTo: messageId, html });
    expect(mail.status).toBe('note');
    expect((await notesOf(ticketId)).at(-1)!.note).toBe('The **pricing** page is [here](https://acme.test/pricing).');
  });

  test('from a client of another company is held, and nobody is answered', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const before = (await outbox()).length;
    const mail = await receive({ from: 'client2@demo.test', subject: 'Re: forwarded to me', references: `<other@x.test> ${messageId}`, text: 'Me too!' });
    expect(mail).toMatchObject({ status: 'held', ticketId });
    expect(await mailRow(mail.mailInId)).toMatchObject({ status: 'held', reason: 'notAllowed', ticket_id: ticketId, text: 'Me too!' });
    expect((await notesOf(ticketId)).map((note) => note.note)).not.toContain('Me too!');
    expect((await outbox()).length).toBe(before);
    expect(await auditOf(mail.mailInId)).toEqual([expect.objectContaining({ action: 'mail.held', company_id: cast.ids.acme })]);
  });

  test('to a ticket deleted since is held', async () => {
    const { ticketId, messageId } = await mailedTicket();
    await db().deleteFrom('tickets').where('ticket_id', '=', ticketId).execute();
    const mail = await receive({ from: 'client@demo.test', subject: 'Re: gone', inReplyTo: messageId, text: 'Still there?' });
    expect(mail).toMatchObject({ status: 'held', ticketId: null });
    expect(await mailRow(mail.mailInId)).toMatchObject({ reason: 'ticketGone', ticket_id: null });
  });

  test('read twice makes one note: the second pass finds its record', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const raw = withHeaders(await rawMail({ from: 'client@demo.test', subject: 'Re: once', inReplyTo: messageId, text: 'Only once.' }), [dmarcPass('client@demo.test')]);
    const first = await processMail(ctx, { raw, uid: 1 });
    const second = await processMail(ctx, { raw, uid: 1 });
    expect(first.result.status).toBe('note');
    expect(first.changes).toEqual([{ kind: 'activity', ticketId, companyId: cast.ids.acme }]);
    expect(second).toEqual({ result: { status: 'duplicate', mailInId: first.result.mailInId, ticketId }, changes: [] });
    expect((await notesOf(ticketId)).filter((note) => note.note === 'Only once.')).toHaveLength(1);
    expect(await auditOf(first.result.mailInId)).toHaveLength(1);
  });

  test('read by two passes at once makes one note; the loser writes nothing and leaves no file behind', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const raw = withHeaders(await rawMail({
      from: 'client@demo.test', subject: 'Re: race', inReplyTo: messageId, text: 'Raced.', attachments: [{ filename: 'shot.png', content: PNG }],
    }), [dmarcPass('client@demo.test')]);
    const filesBefore = storedFiles().length;
    const results = await Promise.all([processMail(ctx, { raw, uid: 7 }), processMail(ctx, { raw, uid: 7 })]);
    expect(results.map((written) => written.result.status).sort()).toEqual(['duplicate', 'note']);
    expect((await notesOf(ticketId)).filter((note) => note.note === 'Raced.')).toHaveLength(1);
    expect(await attachmentsOf(ticketId)).toHaveLength(1);
    expect(storedFiles().length).toBe(filesBefore + 1);
  });

  test('without a Message-ID is known by its bytes: read twice, one note', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const raw = withHeaders(await rawMail({ from: 'client@demo.test', subject: 'Re: no id', inReplyTo: messageId, text: 'No id here.', messageId: null }), [dmarcPass('client@demo.test')]);
    expect(raw.toString()).not.toMatch(/^Message-ID:/im);
    const first = await processMail(ctx, { raw, uid: null });
    expect((await mailRow(first.result.mailInId)).message_id).toMatch(/^<[0-9a-f]{64}@mail-in>$/);
    expect((await processMail(ctx, { raw, uid: null })).result.status).toBe('duplicate');
    expect((await notesOf(ticketId)).filter((note) => note.note === 'No id here.')).toHaveLength(1);
  });
});

describe('the subject token', () => {
  test("puts a mail from the ticket's company on the ticket, holds a stranger's and another company's", async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Token ticket' });
    const before = (await outbox()).length;
    const stranger = await receive({ from: 'Sam Stranger <sam@elsewhere.test>', subject: `Re: [#${ticketId}] let me in`, text: 'Add me.' });
    expect(stranger).toMatchObject({ status: 'held', ticketId });
    expect(await mailRow(stranger.mailInId)).toMatchObject({ reason: 'unknownSender', contact_id: null, from_name: 'Sam Stranger' });
    expect(await auditOf(stranger.mailInId)).toEqual([expect.objectContaining({ action: 'mail.held', actor_id: null })]);

    const otherCompany = await receive({ from: 'client2@demo.test', subject: `[#${ticketId}] hello`, text: 'Not mine.' });
    expect(otherCompany).toMatchObject({ status: 'held', ticketId });
    expect(await mailRow(otherCompany.mailInId)).toMatchObject({ reason: 'notAllowed' });

    const colleague = await receive({ from: 'dana@acme.test', subject: `Re: [#${ticketId}] Token ticket`, text: 'Dana here.' });
    expect(colleague).toMatchObject({ status: 'note', ticketId });
    expect((await notesOf(ticketId)).map((note) => [note.note, note.contact_id])).toEqual([['Dana here.', cast.ids.dana]]);
    expect((await outbox()).length).toBe(before);
  });

  test('naming no ticket is held', async () => {
    const mail = await receive({ from: 'client@demo.test', subject: 'Re: [#987654] old times', text: 'Hello?' });
    expect(mail).toMatchObject({ status: 'held', ticketId: null });
    expect(await mailRow(mail.mailInId)).toMatchObject({ reason: 'ticketGone' });
  });
});

describe('a new mail', () => {
  test("from a client opens a ticket for their company, mails the admins and acknowledges to the sender under the ticket's token", async () => {
    await cast.t.app.repos.contacts.upsertMeta(db(), cast.ids.client, 'time_zone', 'Pacific/Auckland');
    const before = (await outbox()).length;
    const mail = await receive({
      from: 'Casey Client <client@demo.test>', subject: 'Fwd: The contact form is broken',
      text: 'Nothing happens on submit.\n\n-- \nCasey Client\nMarketing Director',
    });
    expect(mail.status).toBe('ticket');
    const ticketId = mail.ticketId!;
    const ticket = await db().selectFrom('tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      company_id: cast.ids.acme, contact_id: cast.ids.client, title: 'The contact form is broken', description: 'Nothing happens on submit.',
      type_id: TYPE.question, priority_id: PRIORITY.medium, estimate_required: 0,
    });
    // The form's default due date: Medium is 3 days ahead at 16:00, on the sender's clock.
    const dueHour = new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Auckland', hour: 'numeric', hour12: false }).format(new Date(ticket.date_due!));
    expect(dueHour).toBe('16');
    expect(await notesOf(ticketId)).toEqual([expect.objectContaining({ note: MESSAGES.newTicketCreated, contact_id: cast.ids.client, source: 'mail' })]);

    const queued = (await outbox()).slice(before);
    const admins = queued.filter((row) => row.to_address === 'admin@demo.test');
    expect(admins).toHaveLength(1);
    expect(admins[0]!.subject).toMatch(/^New ticket/);
    expect(admins[0]!.subject).toContain(`[#${ticketId}]`);
    const ack = queued.filter((row) => row.to_address === 'client@demo.test');
    expect(ack).toEqual([expect.objectContaining({ subject: expect.stringContaining('received: The contact form is broken') })]);
    expect(ack[0]!.subject.split(`[#${ticketId}]`)).toHaveLength(2);
    // Answers the client's own message: their mail program shows it in that conversation.
    const own = (await mailRow(mail.mailInId)).message_id;
    expect(JSON.parse(ack[0]!.headers!)).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'In-Reply-To': own, References: own });
    const recorded = await db().selectFrom('ticket_mail_ids').selectAll().where('message_id', '=', ack[0]!.message_id!).executeTakeFirst();
    expect(recorded).toMatchObject({ ticket_id: ticketId, contact_id: cast.ids.client });

    expect(await mailRow(mail.mailInId)).toMatchObject({ status: 'ticket', ticket_id: ticketId, contact_id: cast.ids.client });
    expect(await auditOf(mail.mailInId)).toEqual([expect.objectContaining({ action: 'mail.ticket_opened', actor_id: cast.ids.client, company_id: cast.ids.acme })]);
    const created = await db().selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'ticket').where('entity_id', '=', ticketId).execute();
    expect(created).toEqual([{ action: 'ticket.created', actor_id: cast.ids.client }]);
  });

  test('without words says so, and from a deactivated contact or a staff member without a company is held', async () => {
    const empty = await receive({ from: 'client@demo.test', subject: 'Re:', text: '\n' });
    expect(empty.status).toBe('ticket');
    expect(await db().selectFrom('tickets').select(['title', 'description']).where('ticket_id', '=', empty.ticketId!).executeTakeFirst())
      .toEqual({ title: '(no subject)', description: '(no text)' });

    await db().updateTable('contacts').set({ active: 0 }).where('contact_id', '=', cast.ids.dana).execute();
    try {
      const before = (await outbox()).length;
      const inactive = await receive({ from: 'dana@acme.test', subject: 'Still here', text: 'Hello' });
      expect(inactive).toMatchObject({ status: 'held', ticketId: null });
      expect(await mailRow(inactive.mailInId)).toMatchObject({ reason: 'inactiveSender', contact_id: cast.ids.dana });
      expect((await outbox()).length).toBe(before);
    } finally {
      await db().updateTable('contacts').set({ active: 1 }).where('contact_id', '=', cast.ids.dana).execute();
    }
    const agent = await receive({ from: 'agent@demo.test', subject: 'A thought', text: 'Hello' });
    expect(await mailRow(agent.mailInId)).toMatchObject({ status: 'held', reason: 'noCompany' });
  });
});

describe('noise', () => {
  test('auto-replies, bulk mail, bounces and our own mail coming back are ignored, counted and never answered', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const before = (await outbox()).length;
    const notesBefore = (await notesOf(ticketId)).length;
    const cases: [RawMailOptions, string][] = [
      [{ from: 'client@demo.test', subject: 'Out of office', inReplyTo: messageId, headers: { 'Auto-Submitted': 'auto-replied' }, text: 'Away.' }, 'autoSubmitted'],
      [{ from: 'client@demo.test', subject: 'Automatic reply', inReplyTo: messageId, headers: { 'X-Auto-Response-Suppress': 'All' }, text: 'Away.' }, 'autoSubmitted'],
      [{ from: 'client@demo.test', subject: 'Newsletter', headers: { Precedence: 'bulk' }, text: 'News.' }, 'bulk'],
      [{ from: 'MAILER-DAEMON@mx.demo.test', subject: `Undelivered: [#${ticketId}]`, inReplyTo: messageId, text: 'Bounced.' }, 'bounce'],
      [{ from: 'client@demo.test', subject: 'Looped', messageId, text: 'Our own.' }, 'ownMail'],
    ];
    for (const [options, reason] of cases) {
      const mail = await receive(options);
      expect(mail).toMatchObject({ status: 'ignored', ticketId: null });
      expect(await mailRow(mail.mailInId)).toMatchObject({ status: 'ignored', reason, raw: null, raw_size: mail.raw.length });
      expect(await auditOf(mail.mailInId)).toEqual([expect.objectContaining({ action: 'mail.ignored' })]);
    }
    expect((await notesOf(ticketId)).length).toBe(notesBefore);
    expect((await outbox()).length).toBe(before);
  });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of the image')]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');
const storedFiles = () => (existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir) : []);
async function attachmentsOf(ticketId: number): Promise<Attachment[]> {
  return (await cast.call('GET', `/api/ticket/${ticketId}/attachments`, cast.cookies.agent)).json() as Attachment[];
}

describe('files', () => {
  test('become attachments through the upload checks; refused ones are named at the end of the note', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const filesBefore = storedFiles().length;
    const written = await processMail(ctx, {
      raw: withHeaders(await rawMail({
        from: 'client@demo.test', subject: 'Re: files', inReplyTo: messageId, text: 'Screenshots attached.',
        attachments: [
          { filename: 'screen.png', content: PNG }, { filename: 'invoice.pdf', content: PDF },
          { filename: 'setup.exe', content: Buffer.from('MZ…') }, { filename: 'fake.png', content: Buffer.from('not an image') },
        ],
      }), [dmarcPass('client@demo.test')]),
      uid: 3,
    });
    expect(written.result.status).toBe('note');
    expect(written.changes).toEqual([
      { kind: 'activity', ticketId, companyId: cast.ids.acme }, { kind: 'attachments', ticketId, companyId: cast.ids.acme },
    ]);
    const files = await attachmentsOf(ticketId);
    expect(files.map((file) => [file.name, file.type, file.contact_id])).toEqual([
      ['screen.png', 'image/png', cast.ids.client], ['invoice.pdf', 'application/pdf', cast.ids.client],
    ]);
    const download = await cast.call('GET', files[0]!.url.replace(/^\/api/, '/api'), cast.cookies.client);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(storedFiles().length).toBe(filesBefore + 2);
    expect((await notesOf(ticketId)).at(-1)!.note).toBe([
      'Screenshots attached.',
      '',
      `Not attached: setup.exe (${MESSAGES.attachmentTypeNotAllowed.replace(/\.$/, '')}).`,
      `Not attached: fake.png (${MESSAGES.attachmentContentMismatch.replace(/\.$/, '')}).`,
    ].join('\n'));
  });

  test("of a new ticket's mail are its attachments; a held mail's are only named", async () => {
    const opened = await receive({ from: 'client@demo.test', subject: 'Broken layout', text: 'See the picture.', attachments: [{ filename: 'layout.png', content: PNG }] });
    expect((await attachmentsOf(opened.ticketId!)).map((file) => file.name)).toEqual(['layout.png']);
    const filesBefore = storedFiles().length;
    const held = await receive({ from: 'nobody@elsewhere.test', subject: 'Hi', text: 'See the picture.', attachments: [{ filename: 'layout.png', content: PNG }] });
    expect(await mailRow(held.mailInId)).toMatchObject({ text: 'See the picture.\n\nFiles in the mail, not attached: layout.png.' });
    expect(storedFiles().length).toBe(filesBefore);
  });
});

describe('held mail, for admins', () => {
  test('lists held messages newest first with the reason in words and what attaching would write', async () => {
    const older = await receive({ from: 'Old Stranger <old@elsewhere.test>', subject: 'First', text: 'One.' });
    const newer = await receive({ from: 'new@elsewhere.test', subject: 'Second', text: 'Two.' });
    const list = await listHeldMail(ctx);
    const ids = list.map((mail) => mail.mail_in_id);
    expect(ids.indexOf(newer.mailInId!)).toBeLessThan(ids.indexOf(older.mailInId!));
    expect(list.find((mail) => mail.mail_in_id === older.mailInId)).toEqual({
      mail_in_id: older.mailInId, from_address: 'old@elsewhere.test', from_name: 'Old Stranger', subject: 'First',
      date_received: expect.any(String), reason: MAIL_IN_REASONS.unknownSender, ticket_id: null, text: 'One.', raw_size: older.raw.length,
      verdict: `dmarc=pass (${MX})`,
    });
    expect((await heldMailRaw(ctx, older.mailInId!))).toEqual({ raw: older.raw, size: older.raw.length });
  });

  test('attaching writes a note by the support team saying who wrote it, once; a missing ticket or a decided message is 404', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Attach here' });
    const held = await receive({ from: 'Fran Fire <fran@elsewhere.test>', subject: 'Fire', text: 'My printer is on fire.' });
    const admin = { contactId: cast.ids.admin, groupId: 1, companyIds: [], primaryCompanyIds: [] };
    const actor = { actorId: cast.ids.admin, ip: '127.0.0.1' };

    await expect(attachHeldMail(ctx, admin, held.mailInId!, { ticketId: 999_999 }, actor)).rejects.toMatchObject({ statusCode: 404, message: MESSAGES.ticketNotFound });
    const written = await attachHeldMail(ctx, admin, held.mailInId!, { ticketId }, actor);
    expect(written.changes).toEqual([{ kind: 'activity', ticketId, companyId: cast.ids.acme }]);
    expect(await notesOf(ticketId)).toEqual([expect.objectContaining({
      activity_id: written.result.activity_id, note: 'From Fran Fire <fran@elsewhere.test>:\n\nMy printer is on fire.', contact_id: null, contact_name: null, source: 'mail',
    })]);
    expect(await mailRow(held.mailInId)).toMatchObject({ status: 'attached', ticket_id: ticketId, activity_id: written.result.activity_id, decided_by: cast.ids.admin });
    expect((await auditOf(held.mailInId)).map((entry) => [entry.action, entry.actor_id])).toEqual([['mail.held', null], ['mail.attached', cast.ids.admin]]);
    expect((await listHeldMail(ctx)).map((mail) => mail.mail_in_id)).not.toContain(held.mailInId);

    await expect(attachHeldMail(ctx, admin, held.mailInId!, { ticketId }, actor)).rejects.toMatchObject({ statusCode: 404, message: MESSAGES.noResultsFound });
    await expect(dropHeldMail(ctx, held.mailInId!, actor)).rejects.toMatchObject({ statusCode: 404 });
    expect(await notesOf(ticketId)).toHaveLength(1);
  });

  test('dropping clears the original and is in the trail; a message that is not held cannot be dropped', async () => {
    const held = await receive({ from: 'spam@elsewhere.test', subject: 'Offer', text: 'Buy now.' });
    const actor = { actorId: cast.ids.admin, ip: null };
    expect(await dropHeldMail(ctx, held.mailInId!, actor)).toEqual({ result: { ok: true }, changes: [] });
    expect(await mailRow(held.mailInId)).toMatchObject({ status: 'dropped', raw: null, decided_by: cast.ids.admin, date_decided: expect.any(String) });
    expect(await heldMailRaw(ctx, held.mailInId!)).toBeUndefined();
    expect((await auditOf(held.mailInId)).map((entry) => entry.action)).toEqual(['mail.held', 'mail.dropped']);
    await expect(dropHeldMail(ctx, held.mailInId!, actor)).rejects.toMatchObject({ statusCode: 404 });
    await expect(dropHeldMail(ctx, 999_999, actor)).rejects.toMatchObject({ statusCode: 404 });

    const { messageId } = await mailedTicket();
    const note = await receive({ from: 'client@demo.test', subject: 'Re: x', inReplyTo: messageId, text: 'A note.' });
    await expect(dropHeldMail(ctx, note.mailInId!, actor)).rejects.toMatchObject({ statusCode: 404 });
  });

  test('the counts follow every outcome', async () => {
    const before = await cast.t.app.repos.mailIn.counts();
    await receive({ from: 'counted@elsewhere.test', subject: 'Count me', text: 'Held.' });
    await receive({ from: 'client@demo.test', subject: 'Bulk', headers: { Precedence: 'list' }, text: 'Ignored.' });
    const after = await cast.t.app.repos.mailIn.counts();
    expect(after).toEqual({ ...before, held: before.held + 1, ignored: before.ignored + 1 });
  });
});

describe('who sent it', () => {
  // docs/product/notifications-and-mail.md#mail-in: a From is believed only on the receiving server's verdict.
  const noteCount = async (ticketId: number) => (await notesOf(ticketId)).length;

  test("a sender the receiving server verified writes as its contact, and the verdict is kept", async () => {
    const { ticketId, messageId } = await mailedTicket();
    const mail = await receive({ from: 'client@demo.test', subject: 'Re: verified', inReplyTo: messageId, text: 'Verified words.' });
    expect(mail).toMatchObject({ status: 'note', ticketId });
    expect((await notesOf(ticketId)).at(-1)).toMatchObject({ note: 'Verified words.', contact_id: cast.ids.client });
    expect(await mailRow(mail.mailInId)).toMatchObject({ status: 'note', contact_id: cast.ids.client, verdict: `dmarc=pass (${MX})` });
  });

  test('a mail without a verdict from the receiving server is held as "sender not verified", naming nobody', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const before = await noteCount(ticketId);
    const outbox0 = (await outbox()).length;
    const mail = await receive({ from: 'client@demo.test', subject: 'Re: new bank details', inReplyTo: messageId, text: 'Pay to IBAN X.' }, []);
    expect(mail).toMatchObject({ status: 'held', ticketId });
    expect(await mailRow(mail.mailInId)).toMatchObject({
      status: 'held', reason: 'senderNotVerified', contact_id: null, ticket_id: ticketId, text: 'Pay to IBAN X.',
      verdict: 'no Authentication-Results from a trusted server',
    });
    expect(await noteCount(ticketId)).toBe(before);
    expect((await outbox()).length).toBe(outbox0);
    expect(await auditOf(mail.mailInId)).toEqual([expect.objectContaining({ action: 'mail.held', actor_id: null })]);
    expect((await listHeldMail(ctx)).find((held) => held.mail_in_id === mail.mailInId)).toMatchObject({
      reason: MAIL_IN_REASONS.senderNotVerified, verdict: 'no Authentication-Results from a trusted server', ticket_id: ticketId,
    });
  });

  test("a forged verdict is not believed: another server's pass above or below the trusted one, or the trusted one's dmarc=fail", async () => {
    const { ticketId, messageId } = await mailedTicket();
    const before = await noteCount(ticketId);
    const forged = `Authentication-Results: mx.evil.test; dmarc=pass header.from=demo.test`;
    const trustedFail = `Authentication-Results: ${MX}; dmarc=fail (p=reject) header.from=demo.test`;
    const cases: [readonly string[], string][] = [
      [[forged], 'no Authentication-Results from a trusted server'],
      [[forged, trustedFail], `dmarc=fail (${MX})`],
      [[trustedFail, forged], `dmarc=fail (${MX})`],
      // The sender wrote a pass under the trusted server's own id: below the server's, it is not read.
      [[trustedFail, `Authentication-Results: ${MX}; dmarc=pass header.from=demo.test`], `dmarc=fail (${MX})`],
    ];
    for (const [received, verdict] of cases) {
      const mail = await receive({ from: 'client@demo.test', subject: 'Re: forged', inReplyTo: messageId, text: 'Forged words.' }, received);
      expect(mail).toMatchObject({ status: 'held' });
      expect(await mailRow(mail.mailInId)).toMatchObject({ reason: 'senderNotVerified', contact_id: null, verdict });
    }
    expect(await noteCount(ticketId)).toBe(before);
  });

  test("a staff member's address with a ticket token, unverified, writes no note as that agent", async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Staff forged' });
    const forged = await receive({ from: 'Agent <agent@demo.test>', subject: `Re: [#${ticketId}] new bank details`, text: 'Our new IBAN is X.' }, [
      'Authentication-Results: mx.evil.test; dmarc=pass header.from=demo.test',
    ]);
    expect(forged).toMatchObject({ status: 'held', ticketId });
    expect(await mailRow(forged.mailInId)).toMatchObject({ reason: 'senderNotVerified', contact_id: null });
    expect(await notesOf(ticketId)).toEqual([]);

    const verified = await receive({ from: 'Agent <agent@demo.test>', subject: `Re: [#${ticketId}] Staff forged`, text: 'Real words.' });
    expect(verified).toMatchObject({ status: 'note', ticketId });
    expect((await notesOf(ticketId)).map((note) => note.contact_id)).toEqual([cast.ids.agent]);
  });

  test('with the check off (development) every From is believed; on with nothing to verify with, every mail is held', async () => {
    const { ticketId, messageId } = await mailedTicket();
    const off = { ...ctx, config: { ...ctx.config, mailInSenderCheck: { on: false, trustedAuthserv: [], verifyDkim: false } } };
    const believed = await receive({ from: 'client@demo.test', subject: 'Re: off', inReplyTo: messageId, text: 'Unchecked.' }, [], off);
    expect(believed).toMatchObject({ status: 'note', ticketId });
    expect(await mailRow(believed.mailInId)).toMatchObject({ verdict: 'not checked (MAIL_IN_SENDER_CHECK=off)' });

    const nothing = { ...ctx, config: { ...ctx.config, mailInSenderCheck: { on: true, trustedAuthserv: [], verifyDkim: false } } };
    const held = await receive({ from: 'client@demo.test', subject: 'Re: nothing', inReplyTo: messageId, text: 'Held.' }, undefined, nothing);
    expect(held).toMatchObject({ status: 'held' });
    expect(await mailRow(held.mailInId)).toMatchObject({ reason: 'senderNotVerified', verdict: expect.stringContaining('nothing to verify senders with') });
  });
});

test('queueTicketMail records the Message-ID a reply is matched by', async () => {
  const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, title: 'Direct' });
  const messageId = await db().transaction().execute((trx) =>
    queueTicketMail(ctx, trx, { ticket_id: ticketId }, { address: 'client@demo.test', contactId: cast.ids.client }, { subject: 'S', text: 'T', html: '<p>T</p>' }));
  const mail = await receive({ from: 'client@demo.test', subject: 'Re: S', inReplyTo: messageId, text: 'Direct answer.' });
  expect(mail).toMatchObject({ status: 'note', ticketId });
});
