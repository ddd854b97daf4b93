import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const counter = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('counter-value');
const card = (region: Locator, title: string) => region.getByTestId('ticket-card').filter({ hasText: title });

async function openClientDashboard(page: Page): Promise<number> {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

test("the client's first screen shows Acme's tickets placed in the columns, and the totals", async ({ page }) => {
  const companyId = await openClientDashboard(page);

  await expect(card(column(page, 'Backlog'), 'Add a careers page').getByTestId('estimate-badge')).toHaveText('Estimate');
  const assigned = column(page, 'Assigned');
  for (const title of ['Update the holiday opening hours', 'Which analytics do we have?', 'Spring campaign landing page', 'Translate the About page']) {
    await expect(card(assigned, title)).toBeVisible();
  }
  await expect(card(assigned, 'Spring campaign landing page').getByTestId('estimate-badge')).toHaveText('Approval');
  await expect(card(assigned, 'Translate the About page')).toHaveAttribute('data-faded', 'true');
  await expect(card(column(page, 'In Progress'), 'Checkout button does nothing on Safari')).toBeVisible();
  await expect(card(column(page, 'Testing'), 'New product gallery').getByTestId('estimate-badge')).toHaveText('04:00');

  // The history (docs/product/dashboards.md#ticket-history): completed and cancelled tickets, newest first; other
  // journeys may close Acme tickets meanwhile, so only the seeded ones' order is asserted.
  const completed = column(page, 'Completed').getByTestId('completed-ticket');
  await expect(completed.filter({ hasText: 'Monthly review meeting' })).toBeVisible();
  const titles = await completed.allTextContents();
  const at = (title: string) => titles.findIndex((text) => text.includes(title));
  expect(at('Replace the hero image')).toBeGreaterThanOrEqual(0);
  expect(at('Replace the hero image')).toBeLessThan(at('Monthly review meeting'));
  // A cancelled ticket no longer vanishes: it is listed with its badge.
  await expect(completed.filter({ hasText: 'Newsletter sign-up form' }).getByTestId('history-badge')).toHaveText('Cancelled');

  // 'Active' counts the cards in the four columns (docs/product/dashboards.md#client-dashboard).
  const cards = await Promise.all(['Backlog', 'Assigned', 'In Progress', 'Testing'].map((name) => column(page, name).getByTestId('ticket-card').count()));
  await expect(counter(page, 'Active')).toHaveText(String(cards.reduce((sum, n) => sum + n, 0)));
  const current = (await (await page.request.get(`/api/company/${companyId}/currenttime`)).json()) as { value: number };
  const ytd = (await (await page.request.get(`/api/company/${companyId}/ytdtime`)).json()) as { value: number };
  await expect(counter(page, 'Current Total')).toHaveText(usd(current.value));
  await expect(counter(page, 'YTD Total')).toHaveText(usd(ytd.value));

  // A client sees neither the Notes block nor the mode selector.
  await expect(page.getByRole('region', { name: 'Notes' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Company mode' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Company settings' })).toHaveAttribute('href', `/clients/${companyId}/info`);
});

test('a ticket opens from the client dashboard', async ({ page }) => {
  const companyId = await openClientDashboard(page);
  await page.getByRole('link', { name: 'Checkout button does nothing on Safari' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${companyId}/tickets/\\d+$`));
  await expect(page.getByText('Checkout button does nothing on Safari').first()).toBeVisible();
});

test("the new-ticket form opens from the client dashboard and the ticket appears without a reload, assigned to Acme's default agent", async ({ page }) => {
  await openClientDashboard(page);
  await page.evaluate(() => {
    (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
  });

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  const form = dialog.getByRole('form', { name: 'New ticket' });
  await expect(form).toBeVisible();

  const title = `Fix the footer links ${Date.now()}`;
  await form.getByLabel('Type').selectOption({ label: 'Content Update' });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('The footer links go to the old site.');
  await form.getByLabel('Priority').selectOption({ label: 'Medium' });
  const company = form.getByLabel('Company');
  if ((await company.inputValue()) === '') await company.selectOption({ label: 'Acme, LLC' });
  await form.getByRole('button', { name: 'Create Ticket' }).click();

  await expect(dialog).toHaveCount(0);
  // Acme's default agent takes a new ticket as an assignment would: status 2, never Backlog with an assignee.
  await expect(card(column(page, 'Assigned'), title)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true);
});
