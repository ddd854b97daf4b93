import { expect, test } from '../support/fixtures';
import { acmeTicket, openTicket, signedInPage } from '../support/ticket-pages';

// Saved replies (docs/product/saved-replies.md): an admin shares one under Admin Settings; an agent inserts it
// into a note by keyboard, its tokens filled, edits it and sends it; the admins' table counts the use.

test('an agent inserts a saved reply with filled tokens from the note editor, by keyboard', async ({ browser, axe }) => {
  const stamp = Date.now();
  const replyTitle = `Fixed and live ${stamp}`;
  const ticketTitle = `Saved reply ${stamp}`;

  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/admins/settings/replies');
  await admin.getByRole('button', { name: 'Add a saved reply' }).click();
  await admin.getByRole('textbox', { name: 'Title' }).fill(replyTitle);
  await admin.getByRole('textbox', { name: 'Text' }).fill('Hi {{client.first_name}}, ticket #{{ticket.id}} ({{ticket.title}}) is fixed and live.\n\n{{agent.name}}');
  await admin.getByRole('button', { name: 'Save' }).click();
  const row = admin.getByRole('table', { name: 'Shared saved replies' }).getByRole('row').filter({ hasText: replyTitle });
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');
  await axe('admin settings, saved replies', admin);

  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, ticketTitle);
  const ticketId = Number(path.split('/').pop());
  const agent = await signedInPage(browser, 'agent');
  await openTicket(agent, path, ticketTitle);
  await expect(agent.getByText('Type / on an empty line or press Ctrl+/ to insert a saved reply.')).toBeVisible();

  // A line of the agent's own, then `/` at the start of the next (empty) line opens the picker.
  const editor = agent.getByRole('textbox', { name: 'New note' });
  await editor.click();
  await agent.keyboard.insertText('Good news!');
  await agent.keyboard.press('Enter');
  await agent.keyboard.press('/');
  const picker = agent.getByRole('dialog', { name: 'Saved replies' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('combobox', { name: 'Search saved replies' })).toBeFocused();
  await agent.keyboard.type(`live ${stamp}`);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await expect(picker.getByRole('option', { selected: true })).toHaveAccessibleName(new RegExp(`^${replyTitle}`));
  await axe('the saved replies picker', agent);
  const used = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/uses'));
  await agent.keyboard.press('Enter');
  expect((await used).status()).toBe(200);
  await expect(picker).toBeHidden();

  // The tokens are filled, and the text stays editable: the agent adds a word before sending.
  const filled = `Hi Casey, ticket #${ticketId} (${ticketTitle}) is fixed and live.`;
  await expect(editor).toContainText('Good news!');
  await expect(editor).toContainText(filled);
  await expect(editor).toContainText('Alex Agent');
  await agent.keyboard.insertText(' (Support)');
  await expect(editor).toContainText('Alex Agent (Support)');
  await agent.getByRole('button', { name: /^(Send reply|Add Note)$/ }).click();
  await expect(agent.getByTestId('activity-feed').getByText(filled)).toBeVisible();

  // The client reads the filled reply; the admins' table counts the use.
  await openTicket(client, path, ticketTitle);
  await expect(client.getByTestId('activity-feed').getByText(filled)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Saved replies' })).toHaveCount(0);
  await admin.reload();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');

  // Leave the shared list as it was for the other journeys.
  await row.getByRole('button', { name: `Delete ${replyTitle}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  for (const page of [admin, client, agent]) await page.context().close();
});
