import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

test('an unreachable remote shows an error panel with Retry while the header and bell keep working', async ({ page }) => {
  // Make the dashboards remote unreachable from this browser only.
  await page.route('**/remotes/dashboards/**', (route) => route.abort('connectionrefused'));
  await signIn(page, 'agent');

  await expectSignedInHeader(page);
  await expect(page.getByText(/could not be loaded/i)).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // The shell's own parts still work.
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('button', { name: 'Delete All Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Once the remote is back, Retry loads it without a page reload.
  await page.unroute('**/remotes/dashboards/**');
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Agent Dashboard' })).toBeVisible();
});

test("the first page's remote unreachable: Retry brings the page once it is back, although the page had preloaded its files", async ({ page }) => {
  // The server's page preloads the auth remote's files for /login; each preload fails here, and
  // Chromium would answer a later request for such a file with that failure without asking again.
  await page.route('**/remotes/auth/**', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(page.getByText(/could not be loaded/i)).toBeVisible();

  await page.unroute('**/remotes/auth/**');
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
