import { expect, test } from '../support/fixtures';
import { acmeTicket, openTicket, signedInPage } from '../support/ticket-pages';

// Editing a ticket (docs/product/tickets.md#editing-a-ticket): the client who asked for it rewords it while it
// waits in Backlog, and the agent's open page shows the new words without a reload.

test('the requesting client rewords a Backlog ticket; the agent sees it at once; once assigned, the client can no longer', async ({ browser, axe }) => {
  const title = `Reword me ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);
  const ticketId = path.split('/').at(-1);
  // Acme's default agent took it on creation: handed back, it waits in Backlog.
  expect((await agent.request.put(`/api/ticket/${ticketId}`, { data: { assignee_id: null } })).status()).toBe(200);
  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(agent.locator('[data-live]').first()).toHaveAttribute('data-live', 'on');

  const description = client.getByRole('region', { name: 'Description' });
  await description.getByRole('button', { name: 'Edit' }).click();
  const clearer = `${title}, clearer`;
  await description.getByRole('textbox', { name: 'Title' }).fill(clearer);
  await axe('the ticket page with its description being edited', client);
  await description.getByRole('button', { name: 'Save' }).click();
  await expect(client.getByRole('heading', { name: `#${ticketId} ${clearer}` })).toBeVisible();
  await expect(agent.getByRole('heading', { name: `#${ticketId} ${clearer}` })).toBeVisible({ timeout: 5000 });

  // The agent takes it: the ticket leaves Backlog, and the client's Edit goes.
  await agent.getByRole('combobox', { name: 'Assigned Agent' }).selectOption({ label: 'Alex Agent' });
  await expect(description.getByRole('button', { name: 'Edit' })).toHaveCount(0, { timeout: 5000 });

  await client.context().close();
  await agent.context().close();
});
