import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { expectSignedInHeader, signIn, type DemoRole } from './session';

// A ticket page in a browser of its own, as the journeys about live updates and mail in use it.

interface Me {
  contact: { company_id: number | null };
}

/** One signed-in browser of its own (a context: its own cookies, its own live stream). */
export async function signedInPage(browser: Browser, role: DemoRole, { blockEvents = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  // The stream refused: the tab must fall back to polling.
  if (blockEvents) await context.route('**/api/events', (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, role);
  await expectSignedInHeader(page);
  return page;
}

/** A fresh Acme ticket, created by Acme's client, so nothing else writes to it. */
export async function acmeTicket(client: Page, title: string): Promise<string> {
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

export async function openTicket(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) })).toBeVisible();
}

/** The agent writes a reply (a public note) and waits until the API has stored it. */
export async function addNote(agent: Page, note: string): Promise<void> {
  await agent.getByRole('radio', { name: 'Reply' }).check();
  await agent.getByRole('textbox', { name: 'New note' }).click();
  await agent.keyboard.insertText(note);
  const stored = agent.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/activity');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  expect((await stored).status()).toBe(201);
}
