import { expect, test } from '../support/fixtures';
import { acmeTicket, signedInPage } from '../support/ticket-pages';

// Search (docs/product/search.md): the header's box answers as you type, the results page groups and
// pages, and nobody finds what they may not read.

test('an agent finds a ticket by a word from one of its notes and opens it at the note', async ({ browser, axe }) => {
  const word = `Quokka${Date.now().toString(36)}`;
  const title = `Checkout stalls ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, title);
  const ticketId = Number(path.split('/').at(-1));
  const note = await client.request.post('/api/activity', { data: { ticket_id: ticketId, note: `It stalls in the ${word} browser on step 3.` } });
  expect(note.status()).toBe(201);

  const agent = await signedInPage(browser, 'agent');
  const box = agent.getByRole('combobox', { name: 'Search' });
  // The box loads after the first signed-in screen (the sign-in page goes without it).
  await expect(box).toBeVisible();
  await agent.keyboard.press('/');
  await expect(box).toBeFocused();
  await agent.keyboard.type(word.slice(0, 9).toLowerCase());
  const results = agent.getByRole('listbox', { name: 'Search results' });
  const found = results.getByRole('option', { name: new RegExp(`Note on #${ticketId} ${title}`) });
  await expect(found).toBeVisible();
  await expect(found.locator('mark')).toHaveText(word);
  await axe('the header search box with its results open', agent);

  await agent.keyboard.press('ArrowDown');
  await agent.keyboard.press('Enter');
  await expect(agent).toHaveURL(new RegExp(`${path}#note-\\d+$`));
  await expect(agent.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();
  await expect(agent.locator('[data-targeted="true"]')).toContainText(word);

  // The results page: every group with its total, and the ticket by its number.
  await agent.goto(`/search?q=${encodeURIComponent(`#${ticketId}`)}`);
  const tickets = agent.getByRole('region', { name: 'Tickets' });
  await expect(tickets.getByRole('link', { name: `#${ticketId} ${title}` }).first()).toBeVisible();
  await axe('the search results page', agent);

  await client.context().close();
  await agent.context().close();
});

test("a client searching another company's ticket title finds nothing", async ({ browser }) => {
  const title = `Globex only ${Date.now().toString(36)}`;
  const globex = await signedInPage(browser, 'client2');
  const me = (await (await globex.request.get('/api/auth/me')).json()) as { contact: { company_id: number } };
  const created = await globex.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Only Globex may read this.', priority_id: 4, company_id: me.contact.company_id, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);

  const acme = await signedInPage(browser, 'client');
  await acme.getByRole('combobox', { name: 'Search' }).fill(title);
  await acme.keyboard.press('Enter');
  await expect(acme).toHaveURL(/\/search\?q=/);
  await expect(acme.getByRole('status')).toHaveText('No results found.');
  await expect(acme.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  // Globex's own client finds it.
  await globex.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(globex.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  await acme.context().close();
  await globex.context().close();
});
