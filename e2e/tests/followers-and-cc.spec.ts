import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { deliverToSupport } from '../support/support-mailbox';
import { addNote, openTicket, signedInPage } from '../support/ticket-pages';

// Followers and Cc (docs/product/tickets.md#followers-and-cc): a client mails the support mailbox with a colleague of
// the same company in Cc; the colleague follows the new ticket, their reply-all lands on it, and the agent's next
// reply reaches them in a mail of their own and in their bell.

test('a Cc’d contact follows the mailed-in ticket, their reply threads onto it, and they receive the next update', async ({ browser, axe }) => {
  const stamp = Date.now();
  const title = `Checkout button missing ${stamp}`;
  const opening = `<followers-${stamp}@demo.test>`;
  await deliverToSupport({ from: `Casey Client <${demoUsers.client}>`, cc: `Dana Doe <${demoUsers.dana}>`, subject: title, text: 'The checkout button is gone.', messageId: opening });

  // The ticket is opened; its acknowledgement goes to the sender only.
  const acknowledged = await waitForMail({ to: demoUsers.client, subject: title, timeoutMs: 30_000 });
  const ticketId = Number(/\[#(\d+)\]/.exec(acknowledged.subject)?.[1]);
  expect(ticketId).toBeGreaterThan(0);

  // Dana answers all from her mail program: the answer is a note on the same ticket.
  const danaWords = `It is missing on the phone too ${stamp}.`;
  await deliverToSupport({
    from: `Dana Doe <${demoUsers.dana}>`, cc: demoUsers.client, subject: `Re: ${title}`, inReplyTo: opening, references: opening,
    text: `${danaWords}\n\nOn Mon, Casey Client <${demoUsers.client}> wrote:\n> The checkout button is gone.\n`,
  });

  const agent = await signedInPage(browser, 'agent');
  const { company_id: companyId } = (await (await agent.request.get(`/api/ticket/${ticketId}`)).json()) as { company_id: number };
  await openTicket(agent, `/clients/${companyId}/tickets/${ticketId}`, title);
  const feed = agent.getByTestId('activity-feed');
  await expect(feed.getByRole('listitem').filter({ hasText: danaWords })).toBeVisible({ timeout: 30_000 });
  const followers = agent.getByRole('group', { name: 'Followers' });
  await expect(followers.getByText('Dana Doe')).toBeVisible();
  await axe('ticket page with its followers', agent);

  // The agent's next reply: Dana gets it in a mail addressed to her alone, and in her bell.
  const reply = `A fix is on its way ${stamp}.`;
  await addNote(agent, reply);
  const mailed = await waitForMail({ to: demoUsers.dana, subject: `[#${ticketId}]`, text: reply, timeoutMs: 30_000 });
  expect(mailed.to).toEqual([demoUsers.dana]);
  expect(JSON.stringify(mailed)).not.toContain(demoUsers.client);

  const dana = await signedInPage(browser, 'dana');
  await dana.getByRole('button', { name: /^Notifications/ }).click();
  await expect(dana.getByRole('listitem').filter({ hasText: reply })).toBeVisible();

  await agent.context().close();
  await dana.context().close();
});
