import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (region: Locator, title: string) => region.getByTestId('ticket-card').filter({ hasText: title });

/** Holds the mouse on a card for longer than the 500 ms long press (the mouse does not scroll: the card is brought into view first). */
async function longPress(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('The card has no box.');
  await page.mouse.move(box.x + 10, box.y + box.height - 6);
  await page.mouse.down();
  await page.waitForTimeout(700);
  await page.mouse.up();
}

async function openAdminHome(page: Page): Promise<void> {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/admins$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

test("the admin's kanban places the Active maintenance companies' tickets", async ({ page }) => {
  await openAdminHome(page);

  await expect(card(column(page, 'Backlog'), 'Add a careers page')).toBeVisible();
  await expect(card(column(page, 'Assigned'), 'Update the holiday opening hours')).toBeVisible();
  await expect(card(column(page, 'Assigned'), 'Which analytics do we have?')).toBeVisible();
  await expect(card(column(page, 'In Progress'), 'Checkout button does nothing on Safari')).toBeVisible();
  await expect(card(column(page, 'Testing'), 'New product gallery')).toBeVisible();
  // Initech is Onboarding (mode 2): never on the board. Globex has no Maintenance service.
  await expect(page.getByText('Kickoff meeting')).toHaveCount(0);
  await expect(page.getByText('Product filters by colour')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Time to Assignment' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Time to Completion' })).toBeVisible();

  const maintenanceOnly = page.getByRole('checkbox', { name: 'Maintenance Only' });
  await expect(maintenanceOnly).toBeChecked();
  await page.getByText('Maintenance Only').click();
  await expect(card(column(page, 'Backlog'), 'Product filters by colour')).toBeVisible();
  await expect(page.getByText('Kickoff meeting')).toHaveCount(0);
  // Saved per user: still off after a reload; then back on for the other journeys.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Maintenance Only' })).not.toBeChecked();
  await page.getByText('Maintenance Only').click();
  await expect(page.getByRole('checkbox', { name: 'Maintenance Only' })).toBeChecked();
});

test('a long press selects tickets and one action moves them', async ({ page }) => {
  await openAdminHome(page);
  const backlog = column(page, 'Backlog');
  const target = card(backlog, 'Add a careers page');
  await expect(target).toBeVisible();

  await longPress(page, target);
  await expect(target.getByRole('checkbox', { name: 'Select Add a careers page' })).toBeChecked();
  await expect(page).toHaveURL(/\/admins$/);

  const bar = page.getByRole('region', { name: 'Selected tickets' });
  await expect(bar).toContainText('1 selected');
  await bar.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'In Progress' });
  await bar.getByRole('button', { name: 'Apply' }).click();
  const moved = card(column(page, 'In Progress'), 'Add a careers page');
  await expect(moved).toBeVisible();
  await expect(bar).toHaveCount(0);

  // Back to the Backlog, so the other journeys see the demo as seeded.
  await longPress(page, moved);
  await bar.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Backlog' });
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(card(backlog, 'Add a careers page')).toBeVisible();
});

test('the company picker opens a company dashboard, and a ticket opens from it', async ({ page }) => {
  await openAdminHome(page);
  await page.getByRole('combobox', { name: 'Go to company' }).selectOption({ label: 'Globex Corporation' });
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Globex Corporation', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Company mode' })).toHaveValue('1');
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Budget approved for Q3.');

  await page.getByRole('link', { name: 'Catalogue import from spreadsheet' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/tickets\/\d+$/);
});

test('the stats page shows the timings and the tickets opened and closed by month', async ({ page }) => {
  await openAdminHome(page);
  await page.getByRole('link', { name: 'Ticket stats' }).click();
  await expect(page.getByRole('heading', { name: 'Ticket Stats' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tickets opened and closed' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tickets by month' }).getByRole('row')).toHaveCount(13);
});
