import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers, supportMailbox } from '../support/portal-env';
import { expectSignedInHeader, signIn } from '../support/session';
import { deliverToSupport } from '../support/support-mailbox';
import { acmeTicket, addNote, openTicket, signedInPage } from '../support/ticket-pages';

// Mail in (docs/product/notifications-and-mail.md#mail-in): the portal reads the support mailbox
// (a real Dovecot, support/support-mailbox.ts) and a client's answer to a portal mail lands on the
// ticket, pushed to the pages that have it open.

test("a client's mail reply appears on the agent's open ticket page without a reload, without the quoted text", async ({ browser, axe }) => {
  const title = `Mail reply ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);
  const ticketId = Number(path.split('/').at(-1));
  await openTicket(agent, path, title);
  await expect(agent.locator('[data-live]').first()).toHaveAttribute('data-live', 'on');

  // The agent asks, and mails the note to the client from the feed.
  const question = `Which page is broken? ${Date.now()}`;
  await addNote(agent, question);
  const note = agent.getByTestId('activity-feed').getByRole('listitem').filter({ hasText: question });
  await note.getByRole('button', { name: 'Email' }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'Activity email sent.' })).toBeVisible();
  const sent = await waitForMail({ to: demoUsers.client, subject: `[#${ticketId}]`, text: question });
  expect(sent.messageId).toMatch(/^<.+@.+>$/);
  expect(sent.replyTo).toContain(supportMailbox.address);

  // The client answers from their mail program: new words on top, the quoted mail below.
  const answer = `The pricing page, since this morning ${Date.now()}.`;
  await deliverToSupport({
    from: demoUsers.client,
    subject: `Re: ${sent.subject}`,
    inReplyTo: sent.messageId,
    references: sent.messageId,
    text: `${answer}\n\nOn Tue, 24 Nov 2026 at 10:00, Support Portal <support@portal.local> wrote:\n> ${question}\n> Open the ticket: http://example.test\n`,
  });

  const reply = agent.getByTestId('activity-feed').getByRole('listitem').filter({ hasText: answer });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply.getByText('by e-mail')).toBeVisible();
  await expect(reply).not.toContainText(question);
  await expect(reply).toHaveAccessibleName(/^Note by /);
  await axe('ticket page with a mailed reply', agent);

  await client.context().close();
  await agent.context().close();
});

test('a mail from a stranger naming a ticket is held, and the admin drops it from Mail in', async ({ page, axe }) => {
  const subject = `Re: [#1] let me in ${Date.now()}`;
  await deliverToSupport({ from: 'stranger@elsewhere.test', subject, text: 'Please add my note to your ticket.' });

  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/crm/mail-in');
  await expect(page.getByRole('heading', { name: 'Mail in' })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('The sender is not a contact of the portal.');
  await axe('Mail in with a held message');

  await row.getByRole('button', { name: 'Drop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Drop', exact: true }).click();
  await expect(row).toHaveCount(0);
  // The screen the journey ends on is checked by axe: not the confirmation fading out.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('No held mail.')).toBeVisible();
});
