import type { Locator, Page } from '@playwright/test';
import { companyIdOf } from '../support/demo-data';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

// A phone's screens (docs/product/dashboards.md#page-shell, docs/product/tickets.md#ticket-screen): the header is one
// row with a 'Menu', and a ticket's status buttons and estimate come before its description and feed.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/**
 * The header's height in CSS pixels. Polled: the server's frame writes a header before the JavaScript
 * runs, and the app's header replaces that element in one commit, so a measure taken at that moment
 * finds the old element gone (no box) though the page never shows no header.
 */
const expectHeaderAtMost = async (page: Page, pixels: number) => {
  await expect.poll(async () => (await page.getByRole('banner').boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(pixels);
};

test("an admin's header on a phone is one row with a Menu that opens the links in a drawer", async ({ page, axe }, testInfo) => {
  await signIn(page, 'admin');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeVisible();
  await expect(search).toHaveAttribute('placeholder', 'Search');
  // The wide header's row of links is not drawn.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeHidden();
  await expectHeaderAtMost(page, 64);
  await page.getByRole('banner').screenshot({ path: testInfo.outputPath('phone-header.png') });

  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(/^Welcome, .+!$/)).toBeVisible();
  for (const name of ['Dashboard', 'My Tickets', 'Invoices', 'Options', 'Security']) await expect(drawer.getByRole('link', { name })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-menu.png'), animations: 'disabled' });
  await axe('the menu drawer on a phone');

  await drawer.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/admins\/invoices$/);
  await expect(drawer).toHaveCount(0);
});

test("an agent's ticket on a phone: the status buttons and the estimate come before the description and the feed", async ({ page }, testInfo) => {
  await signIn(page, 'agent');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  const companyId = await companyIdOf(page.request, 'Acme, LLC');
  const title = `Seen on a phone ${Date.now()}`;
  const created = await page.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'What the ticket is about.', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const { ticket_id: ticketId } = (await created.json()) as { ticket_id: number };

  await page.goto(`/clients/${companyId}/tickets/${ticketId}`);
  await expect(page.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();
  await expectHeaderAtMost(page, 64);
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Infinity;
  const panel = page.getByRole('complementary', { name: 'Ticket details' });
  const estimate = panel.getByRole('group', { name: 'Estimate' });
  const status = panel.getByRole('group', { name: 'Status actions' });
  const description = page.getByText('What the ticket is about.');
  const feed = page.getByRole('region', { name: 'Activity and History' });
  await expect(status).toBeVisible();
  await expect(feed).toBeVisible();
  await expect(description).toBeVisible();

  // On the first screen, above the description, which is above the feed.
  expect(await top(estimate)).toBeLessThan(844);
  expect(await top(status)).toBeLessThan(await top(description));
  expect(await top(description)).toBeLessThan(await top(feed));
  await page.screenshot({ path: testInfo.outputPath('phone-ticket.png'), fullPage: true });
});
