import { expect, test } from '../support/fixtures';
import { demoPassword, demoUsers } from '../support/portal-env';
import { expectSignedInHeader, signIn, submitSignIn } from '../support/session';

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
  // The server's page (one the shell runs) preloads the auth remote's files; each preload fails here,
  // and Chromium would answer a later request for such a file with that failure without asking again.
  await page.route('**/remotes/auth/**', (route) => route.abort('connectionrefused'));
  await page.goto('/forgotpassword');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(page.getByText(/could not be loaded/i)).toBeVisible();

  await page.unroute('**/remotes/auth/**');
  await retry.click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page).toHaveURL(/\/forgotpassword$/);
});

test("the sign-in page's JavaScript unreachable past its first script: the same panel in place of the form, and Retry brings the form back", async ({ page }) => {
  // The page's own small script runs; what it imports (React, Chakra, the form) cannot be fetched.
  const rest = /\/remotes\/auth\/[^/]+\/page\/(?!sign-in\.)/;
  await page.route(rest, (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await expect(page.getByRole('alert')).toContainText('This part of the portal could not be loaded.');
  // The prerendered form, which cannot submit, is gone.
  await expect(page.getByLabel('Password')).toHaveCount(0);

  await page.unroute(rest);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await submitSignIn(page, demoUsers.agent, demoPassword);
  await expectSignedInHeader(page);
});
