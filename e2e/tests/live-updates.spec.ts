import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn, type DemoRole } from '../support/session';

interface Me {
  contact: { company_id: number | null };
}

/** One signed-in browser of its own (a context: its own cookies, its own live stream). */
async function signedInPage(browser: Browser, role: DemoRole, { blockEvents = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  // The stream refused: the tab must fall back to polling.
  if (blockEvents) await context.route('**/api/events', (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, role);
  await expectSignedInHeader(page);
  return page;
}

/** A fresh Acme ticket, created by Acme's client, so nothing else writes to it. */
async function acmeTicket(client: Page, title: string): Promise<string> {
  const me = (await (await client.request.get('/api/auth/me')).json()) as Me;
  const companyId = me.contact.company_id;
  expect(companyId).not.toBeNull();
  const created = await client.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Seen from two browsers.', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { ticket_id: number };
  return `/clients/${companyId}/tickets/${ticket.ticket_id}`;
}

async function openTicket(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) })).toBeVisible();
}

/** The agent writes a note and waits until the API has stored it. */
async function addNote(agent: Page, note: string): Promise<void> {
  await agent.getByRole('textbox', { name: 'New note' }).click();
  await agent.keyboard.insertText(note);
  const stored = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/activity');
  await agent.getByRole('button', { name: 'Add Note' }).click();
  expect((await stored).status()).toBe(201);
}

const liveStream = (page: Page) => page.locator('[data-live]').first();

test('a note written by the agent appears on the client\'s open ticket within a second, pushed over the live stream', async ({ browser }) => {
  const title = `Live note ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);

  const clientOpenedAt = Date.now();
  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on');
  await expect(liveStream(agent)).toHaveAttribute('data-live', 'on');

  const note = `Pushed to the client ${Date.now()}`;
  await addNote(agent, note);
  await expect(client.getByTestId('activity-feed').getByText(note)).toBeVisible({ timeout: 1000 });
  // While the stream is open the page polls every 30 s: a page this young has not polled since it opened.
  expect(Date.now() - clientOpenedAt).toBeLessThan(10_000);

  await client.context().close();
  await agent.context().close();
});

test('with the live stream blocked, the client\'s open ticket still shows the agent\'s note by polling', async ({ browser }) => {
  const title = `Polled note ${Date.now()}`;
  const client = await signedInPage(browser, 'client', { blockEvents: true });
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);

  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'off');

  const note = `Polled by the client ${Date.now()}`;
  await addNote(agent, note);
  // The ticket page polls every 5 seconds when there is no stream (docs/product/tickets.md#refresh).
  await expect(client.getByTestId('activity-feed').getByText(note)).toBeVisible({ timeout: 7000 });
  await expect(liveStream(client)).toHaveAttribute('data-live', 'off');

  await client.context().close();
  await agent.context().close();
});
