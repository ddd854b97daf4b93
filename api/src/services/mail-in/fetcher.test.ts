import type { Change } from '@portal/domain';
import { simpleParser } from 'mailparser';
import { startDovecot, type Dovecot } from '../../test-support/dovecot';
import { aTicket } from '../../test-support/factories';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { serviceContext, type Written } from '../service-context';
import { MAIL_IN_MAX_TRIES } from './fetch-status';
import { createMailFetcher, type MailFetcher, type MailFetcherDeps, type MailProcessor } from './fetcher';
import { processMail, type ProcessedMail } from './process-mail';

// The fetcher against a real Dovecot (test-support/dovecot.ts), on the test database (SQLite, or PostgreSQL with
// DATABASE_URL): docs/product/notifications-and-mail.md#reading-the-mailbox and #exactly-once.

let sequence = 0;
const aMessage = (subject: string, headers: Record<string, string> = {}, body = `${subject}: the body.`) =>
  [
    'From: Casey Client <client@demo.test>',
    'To: support@portal.local',
    `Subject: ${subject}`,
    `Message-ID: <${++sequence}.${process.pid}.${Date.now()}@client.test>`,
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
    '',
  ].join('\r\n');

const subjectOf = (raw: Buffer) => /^Subject: (.*)$/m.exec(raw.toString('latin1'))?.[1]?.trim();

/** What the fake processor answers: a note on ticket 1 whose live change names the UID. */
const noted = (uid: number | null): Written<ProcessedMail> => ({
  result: { status: 'note', mailInId: uid, ticketId: 1 },
  changes: [{ kind: 'activity', ticketId: 1, companyId: uid ?? 0 }],
});

/** Polls `probe` until `done` holds (at most 20 s), and answers its last value. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('reading the support mailbox over IMAP', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let fetchers: MailFetcher[];
  let published: Change[];

  beforeEach(async () => {
    // The mail a test delivers carries the Authentication-Results of this receiving server when it is to be believed.
    t = await createTestApp({ mailInSenderCheck: { on: true, trustedAuthserv: ['mx.portal.test'], verifyDkim: false } });
    dovecot = await startDovecot();
    fetchers = [];
    published = [];
  });
  afterEach(async () => {
    for (const fetcher of fetchers) await fetcher.stop();
    await dovecot.stop();
    await t.close();
  });

  const fetcher = (overrides: Partial<MailFetcherDeps> = {}) => {
    const created = createMailFetcher({
      ctx: serviceContext(t.app),
      url: dovecot.url,
      // The test server speaks imap:// without TLS on 127.0.0.1 (test-support/dovecot.ts).
      allowPlaintext: true,
      pollMs: 3_600_000,
      publish: (changes) => published.push(...changes),
      owner: 'process-a',
      retry: { firstMs: 20, maxMs: 200 },
      ...overrides,
    });
    fetchers.push(created);
    return created;
  };
  const state = () => t.app.repos.mailInState.get();
  const flagsOf = async () => (await dovecot.listMessages()).map((message) => `${message.uid}:${message.flags.join(',')}`);

  test('hands each new message to the processor in UID order, and marks it done only after the processor returned', async () => {
    // Read before the portal ever read this mailbox: old mail, not new to anyone.
    await dovecot.append(aMessage('Old'), ['\\Seen']);
    await dovecot.append(aMessage('First'));
    await dovecot.append(aMessage('Second'));
    const calls: { uid: number | null; subject: string | undefined; flags: string[] | undefined; lastUid: number | undefined }[] = [];
    const process: MailProcessor = async (_ctx, { raw, uid }) => {
      const flags = (await dovecot.listMessages()).find((message) => message.uid === uid)?.flags;
      calls.push({ uid, subject: subjectOf(raw), flags, lastUid: (await state())?.last_uid });
      return noted(uid);
    };
    const reader = fetcher({ process });

    expect(await reader.fetchNow()).toEqual({ processed: 2, failed: 0 });
    expect(calls).toEqual([
      { uid: 2, subject: 'First', flags: [], lastUid: 0 },
      { uid: 3, subject: 'Second', flags: [], lastUid: 2 },
    ]);
    expect(await flagsOf()).toEqual(['1:\\Seen', '2:\\Seen', '3:\\Seen']);
    expect(published).toEqual([2, 3].map((uid) => ({ kind: 'activity', ticketId: 1, companyId: uid })));
    expect(await state()).toMatchObject({
      last_uid: 3, uid_validity: expect.stringMatching(/^\d+$/), last_fetch_at: expect.any(String), connected_at: expect.any(String),
      last_error: null, lease_owner: null,
    });

    expect(await reader.fetchNow()).toEqual({ processed: 0, failed: 0 });
    // Once the portal reads the mailbox, a message a person opened first is still new to it.
    await dovecot.append(aMessage('Third'), ['\\Seen']);
    await dovecot.append(aMessage('Fourth'));
    expect(await reader.fetchNow()).toEqual({ processed: 2, failed: 0 });
    expect(calls.map((call) => call.subject)).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  test('a processor that throws leaves its message unread, stops the pass there, and the next pass tries it again', async () => {
    for (const subject of ['One', 'Two', 'Three']) await dovecot.append(aMessage(subject));
    const calls: string[] = [];
    let failTwo = true;
    const reader = fetcher({
      process: async (_ctx, { raw, uid }) => {
        calls.push(subjectOf(raw) ?? '');
        if (uid === 2 && failTwo) throw new Error('database is locked');
        return noted(uid);
      },
    });

    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 1 });
    expect(calls).toEqual(['One', 'Two']);
    expect(await flagsOf()).toEqual(['1:\\Seen', '2:', '3:']);
    expect(await state()).toMatchObject({ last_uid: 1, last_error: expect.stringContaining('database is locked'), last_error_at: expect.any(String) });

    failTwo = false;
    expect(await reader.fetchNow()).toEqual({ processed: 2, failed: 0 });
    expect(calls).toEqual(['One', 'Two', 'Two', 'Three']);
    expect(await flagsOf()).toEqual(['1:\\Seen', '2:\\Seen', '3:\\Seen']);
    expect(await state()).toMatchObject({ last_uid: 3, last_error: null });
  });

  test(`a message that fails ${MAIL_IN_MAX_TRIES} times is skipped, left unread, and the error says so`, async () => {
    await dovecot.append(aMessage('Poison'));
    await dovecot.append(aMessage('Fine'));
    const calls: string[] = [];
    const reader = fetcher({
      process: async (_ctx, { raw, uid }) => {
        calls.push(subjectOf(raw) ?? '');
        if (uid === 1) throw new Error('cannot parse this');
        return noted(uid);
      },
    });
    for (let tries = 1; tries < MAIL_IN_MAX_TRIES; tries += 1) {
      expect(await reader.fetchNow()).toEqual({ processed: 0, failed: 1 });
      expect((await state())?.last_uid).toBe(0);
    }
    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 1 });
    expect(calls).toEqual([...Array<string>(MAIL_IN_MAX_TRIES).fill('Poison'), 'Fine']);
    expect(await flagsOf()).toEqual(['1:', '2:\\Seen']);
    expect(await state()).toMatchObject({ last_uid: 2, last_error: expect.stringMatching(/UID 1 skipped after 5 failed tries: cannot parse this/) });
    expect(await reader.fetchNow()).toEqual({ processed: 0, failed: 0 });
  });

  test('a changed UIDVALIDITY reads the folder again from its first message', async () => {
    await dovecot.append(aMessage('Before'));
    const calls: number[] = [];
    const reader = fetcher({ process: async (_ctx, { uid }) => (calls.push(uid ?? 0), noted(uid)) });
    await reader.fetchNow();
    await t.app.db.updateTable('mail_in_state').set({ uid_validity: '1' }).execute();
    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 0 });
    expect(calls).toEqual([1, 1]);
    expect((await state())?.uid_validity).not.toBe('1');
  });

  test('a message over the size limit arrives as its header and first text part, without its files', async () => {
    const attachment = Buffer.alloc(6000, 'a').toString('base64').replace(/.{76}/g, '$&\r\n');
    const raw = [
      'From: Casey Client <client@demo.test>', 'To: support@portal.local', 'Subject: Large', 'Message-ID: <large@client.test>', 'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"', '',
      '--b1', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', 'The words =C3=A0 la carte.', '',
      '--b1', 'Content-Type: application/octet-stream; name="big.bin"', 'Content-Disposition: attachment; filename="big.bin"',
      'Content-Transfer-Encoding: base64', '', attachment, '--b1--', '',
    ].join('\r\n');
    await dovecot.append(raw);
    const received: Buffer[] = [];
    const reader = fetcher({ maxMessageBytes: 4000, process: async (_ctx, message) => (received.push(message.raw), noted(message.uid)) });

    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 0 });
    expect(received[0]!.length).toBeLessThan(4000);
    const parsed = await simpleParser(received[0]!);
    expect(parsed.subject).toBe('Large');
    expect(parsed.messageId).toBe('<large@client.test>');
    expect(parsed.text?.trim()).toBe('The words à la carte.');
    expect(parsed.attachments).toEqual([]);

    // One part only: its text, whole up to a megabyte.
    await dovecot.append(aMessage('Long', {}, `Start ${'word '.repeat(1000)}end.`));
    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 0 });
    const long = await simpleParser(received[1]!);
    expect(long.subject).toBe('Long');
    expect(long.text?.trim()).toMatch(/^Start (word ){1000}end\.$/);
  });

  test('one process at a time holds the mailbox; when it stops, another takes over', async () => {
    const calls: { owner: string; uid: number | null }[] = [];
    const readerOf = (owner: string) => fetcher({ owner, leaseMs: 1000, process: async (_ctx, { uid }) => (calls.push({ owner, uid }), noted(uid)) });
    const a = readerOf('process-a');
    const b = readerOf('process-b');
    a.start();
    b.start();
    const holder = (await until(state, (row) => !!row?.lease_owner && !!row.connected_at, 'a holder'))!.lease_owner;
    for (const subject of ['One', 'Two', 'Three']) await dovecot.append(aMessage(subject));
    // Both may pass: only the holder reads.
    expect(await a.fetchNow()).toBeDefined();
    expect(await b.fetchNow()).toBeDefined();
    await until(async () => calls.length, (count) => count >= 3, 'three messages');
    expect(calls).toEqual([1, 2, 3].map((uid) => ({ owner: holder, uid })));

    const [stopping, other] = holder === 'process-a' ? [a, 'process-b'] : [b, 'process-a'];
    await stopping.stop();
    await dovecot.append(aMessage('Four'));
    await until(async () => calls.length, (count) => count >= 4, 'the other process to read the fourth message');
    expect(calls[3]).toEqual({ owner: other, uid: 4 });
    expect((await state())?.lease_owner).toBe(other);
  });

  test('the lease: taken by one of two at once, kept from others until it expires, progress written only by its holder', async () => {
    const lease = t.app.repos.mailInState;
    const now = new Date();
    const later = (ms: number) => new Date(now.getTime() + ms);
    const won = await Promise.all([lease.claimLease('a', now, 1000, 'box'), lease.claimLease('b', now, 1000, 'box')]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const [holder, other] = won[0] ? ['a', 'b'] : ['b', 'a'];
    expect(await lease.claimLease(other, later(999), 1000, 'box')).toBe(false);
    expect(await lease.saveProgress(other, '7', 3)).toBe(false);
    expect(await lease.saveProgress(holder, '7', 3)).toBe(true);
    expect(await lease.renewLease(holder, later(500), 1000)).toBe(true);
    expect(await lease.claimLease(other, later(1499), 1000, 'box')).toBe(false);
    expect(await lease.claimLease(other, later(1501), 1000, 'box')).toBe(true);
    expect(await lease.renewLease(holder, later(1502), 1000)).toBe(false);
    expect(await state()).toMatchObject({ lease_owner: other, mailbox: 'box', uid_validity: '7', last_uid: 3 });
    // Another mailbox (MAIL_IN_URL changed): its first message is read.
    await lease.releaseLease(other);
    expect(await lease.claimLease(holder, later(1600), 1000, 'other-box')).toBe(true);
    expect(await state()).toMatchObject({ lease_owner: holder, mailbox: 'other-box', uid_validity: null, last_uid: 0 });

    await lease.markError(`connect imap://support:hunter2@mail.example:143/INBOX failed: ${'x'.repeat(1000)}`, now);
    const { last_error: error } = (await state())!;
    expect(error).toMatch(/^connect imap:\/\/support@mail.example:143\/INBOX failed: x+$/);
    expect(error).toHaveLength(500);
  });

  test('with IDLE, a message that arrives is read without anyone asking', async () => {
    const subjects: string[] = [];
    fetcher({ process: async (_ctx, { raw, uid }) => (subjects.push(subjectOf(raw) ?? ''), noted(uid)) }).start();
    await until(state, (row) => !!row?.last_fetch_at, 'the first pass');
    await dovecot.append(aMessage('Pushed'));
    await until(async () => subjects, (list) => list.length > 0, 'the pushed message');
    expect(subjects).toEqual(['Pushed']);
    await until(flagsOf, (flags) => flags[0] === '1:\\Seen', 'the message marked read');
  });

  test('without IDLE, the mailbox is polled', async () => {
    await dovecot.stop();
    dovecot = await startDovecot({ idle: false });
    const subjects: string[] = [];
    fetcher({ pollMs: 50, process: async (_ctx, { raw, uid }) => (subjects.push(subjectOf(raw) ?? ''), noted(uid)) }).start();
    await until(state, (row) => !!row?.last_fetch_at, 'the first pass');
    await dovecot.append(aMessage('Polled'));
    await until(async () => subjects, (list) => list.length > 0, 'the polled message');
    expect(subjects).toEqual(['Polled']);
  });

  test('a lost connection is stored as the error and tried again until the server is back', async () => {
    const subjects: string[] = [];
    fetcher({ process: async (_ctx, { raw, uid }) => (subjects.push(subjectOf(raw) ?? ''), noted(uid)) }).start();
    const first = await until(state, (row) => !!row?.connected_at, 'the first connection');
    await dovecot.restart(async () => {
      await until(state, (row) => !!row?.last_error, 'the error');
    });
    await dovecot.append(aMessage('After the outage'));
    await until(async () => subjects, (list) => list.length > 0, 'the message after the outage');
    const after = await until(state, (row) => row?.last_error === null, 'the error cleared');
    expect(after!.connected_at! > first!.connected_at!).toBe(true);
    expect(subjects).toEqual(['After the outage']);
  });

  test('imap:// to a server that offers no STARTTLS is refused unless plaintext is allowed, and the admin screen says why', async () => {
    await dovecot.append(aMessage('Unread'));
    const calls: (number | null)[] = [];
    const refused = fetcher({ allowPlaintext: false, process: async (_ctx, { uid }) => { calls.push(uid); return noted(uid); } });
    await expect(refused.fetchNow()).rejects.toThrow(/STARTTLS/);
    expect(calls).toEqual([]);
    expect(await state()).toMatchObject({ connected_at: null, last_error: expect.stringMatching(/STARTTLS/) });
    expect(await flagsOf()).toEqual(['1:']);
  });

  test('a wrong password is stored as the error, without the password, and tried again', async () => {
    const reader = fetcher({ url: dovecot.urlWithPassword('not-the-password-1234'), process: async (_ctx, { uid }) => noted(uid) });
    await expect(reader.fetchNow()).rejects.toThrow();
    reader.start();
    const first = await until(state, (row) => !!row?.last_error, 'the error');
    expect(first!.last_error).toMatch(/authentication/i);
    expect(first!.last_error).not.toContain('not-the-password-1234');
    await until(state, (row) => row?.last_error_at !== first!.last_error_at, 'another try');
  });

  test('stop lets the message in hand finish, then gives the mailbox up', async () => {
    let release: () => void = () => undefined;
    const inHand = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    const reader = fetcher({
      process: async (_ctx, { uid }) => {
        started.push(uid ?? 0);
        await inHand;
        return noted(uid);
      },
    });
    await dovecot.append(aMessage('In hand'));
    await dovecot.append(aMessage('Next'));
    reader.start();
    await until(async () => started, (list) => list.length > 0, 'the first message in hand');
    const stopped = reader.stop();
    release();
    await stopped;
    expect(started).toEqual([1]);
    expect(await flagsOf()).toEqual(['1:\\Seen', '2:']);
    expect(await state()).toMatchObject({ last_uid: 1, lease_owner: null });
  });

  test('a connection cut after the note committed but before the message was marked: read again, one note', async () => {
    const ids = await t.demoIds();
    const ticketId = await aTicket(t.app, { company_id: ids.acme, contact_id: ids.client, title: 'Printer on fire' });
    const sentId = `<sent.${Date.now()}@portal.example>`;
    await t.app.repos.ticketMail.record(t.app.db, {
      message_id: sentId, ticket_id: ticketId, contact_id: ids.client, to_address: 'client@demo.test', date_created: new Date().toISOString(),
    });
    const verified = 'Authentication-Results: mx.portal.test; dmarc=pass header.from=demo.test\r\n';
    await dovecot.append(verified + aMessage(`Re: [#${ticketId}] Printer on fire`, { 'In-Reply-To': sentId, References: sentId }, 'It is out now, thanks.'));
    const statuses: string[] = [];
    let cut = true;
    const reader = fetcher({
      process: async (ctx, message) => {
        const written = await processMail(ctx, message);
        statuses.push(written.result.status);
        if (cut) {
          cut = false;
          await dovecot.kick();
        }
        return written;
      },
    });

    await expect(reader.fetchNow()).rejects.toThrow();
    expect(await flagsOf()).toEqual(['1:']);
    expect((await state())?.last_uid).toBe(0);

    expect(await reader.fetchNow()).toEqual({ processed: 1, failed: 0 });
    expect(statuses).toEqual(['note', 'duplicate']);
    expect(await flagsOf()).toEqual(['1:\\Seen']);
    const notes = await t.app.db.selectFrom('activity').select(['note', 'source', 'contact_id']).where('ticket_id', '=', ticketId).execute();
    expect(notes).toEqual([{ note: expect.stringContaining('It is out now, thanks.'), source: 'mail', contact_id: ids.client }]);
  });
});
