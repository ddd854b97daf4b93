import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { acmeTicket, addNote, openTicket, signedInPage } from '../support/ticket-pages';

// Who is on the ticket now (docs/product/tickets.md#who-is-on-the-ticket): two agents on one ticket see each other,
// one typing shows on the other's screen, and a reply sent while the other's editor was open is announced before
// that one sends. The portal runs two API processes: the tabs' streams may sit on either.

const liveStream = (page: Page) => page.locator('[data-live]').first();
const presence = (page: Page) => page.getByRole('status', { name: 'Who is on this ticket' });

test('two agents see each other on one ticket, see the other typing, and are warned of a reply that came meanwhile', async ({ browser, axe }) => {
  const title = `Presence ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const admin = await signedInPage(browser, 'admin');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);
  for (const page of [admin, agent, client]) await openTicket(page, path, title);
  for (const page of [admin, agent, client]) await expect(liveStream(page)).toHaveAttribute('data-live', 'on');

  // Each agent sees the other and the client viewing, never themselves; the client sees no one reading.
  await expect(presence(agent)).toContainText('Ada Admin and Casey Client are viewing');
  await expect(presence(admin)).toContainText('Alex Agent and Casey Client are viewing');
  await expect(presence(agent)).not.toContainText('Alex Agent');
  await expect(presence(client)).toHaveText('');

  // The agent types: the admin sees who, the client only that an agent is writing a reply.
  await agent.getByRole('textbox', { name: 'New note' }).click();
  await agent.keyboard.insertText('Looking at the logs now');
  await expect(presence(admin)).toContainText('Alex Agent is typing a reply…');
  await expect(presence(client)).toContainText('An agent is typing a reply…');
  await axe('ticket page with who is on it', admin);

  // The admin replies while the agent's editor is open: the agent's send asks first.
  const reply = `Fixed it already ${Date.now()}`;
  await addNote(admin, reply);
  await expect(agent.getByText(reply)).toBeVisible();
  await agent.getByRole('button', { name: 'Send reply' }).click();
  const warning = agent.getByRole('alert').filter({ hasText: 'view it first' });
  await expect(warning).toHaveText(/Ada replied \d+ s ago: view it first/);
  await warning.getByRole('button', { name: 'View it' }).click();
  await expect(agent.getByRole('listitem', { name: 'Note by Ada Admin' }).filter({ hasText: reply })).toHaveAttribute('data-targeted', 'true');
  await expect(agent.getByRole('textbox', { name: 'New note' })).toContainText('Looking at the logs now');

  // Seen: the next send goes, and the typing line goes with it.
  const stored = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/activity');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  expect((await stored).status()).toBe(201);
  await expect(presence(admin)).not.toContainText('typing');

  // A tab that closes is gone from the others' screens.
  await client.context().close();
  await expect(presence(admin)).not.toContainText('Casey Client');
  await expect(presence(admin)).toContainText('Alex Agent is viewing');
  await admin.context().close();
  await agent.context().close();
});
