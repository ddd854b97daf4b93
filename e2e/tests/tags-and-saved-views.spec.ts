import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { acmeTicket, openTicket, signedInPage } from '../support/ticket-pages';

// Tags and saved views (docs/product/tags-and-views.md): an agent tags a ticket, the autocomplete offers that tag on
// the next one, the agent filters their list by it, saves the view and opens it again from the dashboard with its count.

/** Puts the ticket of `path` on the agent's own list (assigned to them). */
async function assignToSelf(agent: Page, path: string): Promise<void> {
  const me = (await (await agent.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };
  const ticketId = path.split('/').pop();
  expect((await agent.request.put(`/api/ticket/${ticketId}`, { data: { assignee_id: me.contact.contact_id } })).ok()).toBeTruthy();
}

test('an agent tags tickets with autocomplete, filters by the tag, saves the view and opens it from the dashboard', async ({ browser, axe }) => {
  const stamp = Date.now();
  const tag = `launch ${stamp}`;
  const [first, second] = [`Tagged first ${stamp}`, `Tagged second ${stamp}`];

  const client = await signedInPage(browser, 'client');
  const paths = [await acmeTicket(client, first), await acmeTicket(client, second)];
  const agent = await signedInPage(browser, 'agent');
  for (const path of paths) await assignToSelf(agent, path);

  // A new word becomes a tag.
  await openTicket(agent, paths[0]!, first);
  const tags = agent.getByRole('group', { name: 'Tags' });
  await tags.getByRole('combobox', { name: 'Add a tag' }).fill(tag);
  await agent.keyboard.press('Enter');
  await expect(tags.getByText(tag, { exact: true })).toBeVisible();
  await expect(tags.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();

  // On the next ticket, typing part of it offers the existing tag; arrow and Enter take it.
  await openTicket(agent, paths[1]!, second);
  const input = tags.getByRole('combobox', { name: 'Add a tag' });
  await input.fill(String(stamp));
  const suggestions = tags.getByRole('listbox', { name: 'Tag suggestions' });
  await expect(suggestions.getByRole('option')).toHaveText([`${tag} (1)`]);
  await axe('the tag autocomplete', agent);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(tags.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();

  // The agent's list, filtered by the tag: exactly the two tickets.
  // The saved list preferences arrive after the first paint: the filters are set once they have.
  const prefsRead = agent.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/meta/list_prefs'));
  await agent.goto('/agents');
  await prefsRead;
  const assigned = agent.getByRole('group', { name: 'Status filters' }).getByRole('checkbox', { name: 'Assigned' });
  if (!(await assigned.isChecked())) await assigned.check({ force: true });
  const maintenanceOnly = agent.getByRole('checkbox', { name: 'Maintenance Only' });
  if (await maintenanceOnly.isChecked()) await maintenanceOnly.uncheck({ force: true });
  await agent.getByRole('combobox', { name: 'Tag' }).selectOption(tag);
  const list = agent.getByRole('list', { name: 'Tickets' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(first);
  await expect(list).toContainText(second);

  // Saved as a view, it is on the dashboard with its live count.
  await agent.getByRole('button', { name: 'Save view' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill(`Launch ${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const views = agent.getByRole('region', { name: 'Saved views' });
  const link = views.getByRole('link', { name: `Launch ${stamp}` });
  await expect(link).toBeVisible();
  await expect(views.getByRole('listitem').filter({ has: agent.getByRole('link', { name: `Launch ${stamp}` }) }).getByTestId('saved-view-count')).toHaveText('2 tickets');
  await axe('the saved views', agent);

  // Elsewhere, the filter off; the link opens the list filtered again.
  await agent.getByRole('combobox', { name: 'Tag' }).selectOption('');
  await expect(agent).not.toHaveURL(/tag=/);
  await link.click();
  await expect(agent).toHaveURL(new RegExp(`tag=${encodeURIComponent(tag).replace(/%20/g, '(\\+|%20)')}`));
  await expect(agent.getByRole('combobox', { name: 'Tag' })).toHaveValue(tag);
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // A client never sees the tag.
  await openTicket(client, paths[0]!, first);
  await expect(client.getByRole('group', { name: 'Tags' })).toHaveCount(0);
  await expect(client.getByText(tag)).toHaveCount(0);
});
