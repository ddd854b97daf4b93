import { startDovecot } from '../test-support/dovecot';
import { aTicket } from '../test-support/factories';
import { createTestApp } from '../test-support/test-app';

// app.mailIn (docs/product/notifications-and-mail.md#reading-the-mailbox): nothing without MAIL_IN_URL; with it,
// the job runner reads the mailbox by itself and gives it up when the API closes.

test('without MAIL_IN_URL no mail is read', async () => {
  const t = await createTestApp({ runJobs: true });
  try {
    expect(t.app.mailIn.configured).toBe(false);
    expect(await t.app.mailIn.fetchNow()).toEqual({ processed: 0, failed: 0 });
    expect(await t.app.repos.mailInState.get()).toBeUndefined();
  } finally {
    await t.close();
  }
});

test('with MAIL_IN_URL the job runner reads the mailbox, and closing the API releases it', async () => {
  const dovecot = await startDovecot();
  // The test server has no TLS (MAIL_IN_ALLOW_PLAINTEXT); its mail carries the receiving server's verdict (MAIL_IN_TRUSTED_AUTHSERV).
  const t = await createTestApp({
    mailInUrl: dovecot.url, runJobs: true, mailInAllowPlaintext: true, mailInSenderCheck: { on: true, trustedAuthserv: ['mx.portal.test'], verifyDkim: false },
  });
  try {
    // What listen() does: the job runner and the mailbox start when the API is ready.
    await t.app.ready();
    expect(t.app.mailIn.configured).toBe(true);
    const ids = await t.demoIds();
    const ticketId = await aTicket(t.app, { company_id: ids.acme, contact_id: ids.client, title: 'Broken link' });
    const sentId = `<sent.${Date.now()}@portal.example>`;
    await t.app.repos.ticketMail.record(t.app.db, {
      message_id: sentId, ticket_id: ticketId, contact_id: ids.client, to_address: 'client@demo.test', date_created: new Date().toISOString(),
    });
    await dovecot.append([
      'Authentication-Results: mx.portal.test; dmarc=pass header.from=demo.test', 'From: Casey Client <client@demo.test>', 'To: support@portal.local', `Subject: Re: [#${ticketId}] Broken link`,
      `Message-ID: <reply.${Date.now()}@client.test>`, `In-Reply-To: ${sentId}`, `Date: ${new Date().toUTCString()}`, '', 'Fixed on my side too.', '',
    ].join('\r\n'));

    const deadline = Date.now() + 20_000;
    const notes = () => t.app.db.selectFrom('activity').select(['note', 'source']).where('ticket_id', '=', ticketId).execute();
    while ((await notes()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await notes()).toEqual([{ note: expect.stringContaining('Fixed on my side too.'), source: 'mail' }]);
    expect((await dovecot.listMessages()).map((message) => message.flags)).toEqual([['\\Seen']]);
    expect((await t.app.repos.mailInState.get())?.lease_owner).toEqual(expect.any(String));

    const other = await t.openAnother({ runJobs: false });
    await t.app.close();
    expect(await other.repos.mailInState.get()).toMatchObject({ lease_owner: null, last_uid: 1 });
    await other.close();
  } finally {
    await t.close();
    await dovecot.stop();
  }
});
