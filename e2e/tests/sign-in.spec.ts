import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

test.describe('sign-in', () => {
  for (const [role, dashboard] of [['admin', '/admins'], ['agent', '/agents'], ['client', '/clients']] as const) {
    test(`${role} signs in and lands on ${dashboard}`, async ({ page }) => {
      await signIn(page, role);
      await expect(page).toHaveURL(new RegExp(`${dashboard}(/\\d+)?$`));
      await expectSignedInHeader(page);
    });
  }

  test('the login screen shows its heading, fields and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('a wrong password shows the server message in a red alert and keeps the username', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('client@demo.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
    await expect(page.getByLabel('Username')).toHaveValue('client@demo.test');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the header differs per role', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByText('Welcome, ')).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    const { contact } = (await me.json()) as { contact: { contact_id: number; first_name: string; last_name: string } };
    await expect(page.getByText(`Welcome, ${contact.first_name} ${contact.last_name}!`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', `/agents/${contact.contact_id}/tickets`);
    await expect(page.getByRole('link', { name: 'Options' })).toHaveAttribute('href', '/admins/settings/crm/direct');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Signed out once the app shows the sign-in page: the server's session ends first. Loading /login
    // before that would still send the admin's cookie, and the app would take them back to their dashboard.
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await signIn(page, 'agent');
    await expectSignedInHeader(page);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Tickets' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Options' })).toHaveCount(0);
  });

  test('a signed-in user opening the login screen goes straight to the dashboard', async ({ page }) => {
    await signIn(page, 'agent');
    await expect(page).toHaveURL(/\/agents$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/agents$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/agents$/);
  });
});

test.describe('redirects after sign-in', () => {
  test('a guarded page keeps its location through sign-in', async ({ page }) => {
    await page.goto('/admins/stats?from=e2e');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
    await page.getByLabel('Username').fill('admin@demo.test');
    await page.getByLabel('Password').fill('portal-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/admins\/stats\?from=e2e$/);
  });

  test('a local redirect parameter is followed', async ({ page }) => {
    await signIn(page, 'admin', '/login?redirect=%2Fadmins%2Fsettings');
    await expect(page).toHaveURL(/\/admins\/settings$/);
  });

  for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    test(`an unsafe redirect ${target} goes to the dashboard instead`, async ({ page }) => {
      await signIn(page, 'client', `/login?redirect=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(/\/clients(\/\d+)?$/);
    });
  }
});

test('sign-out clears the stored session and guarded pages ask for sign-in again', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  expect(await page.evaluate(() => window.localStorage.length)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(stored).not.toContain('client@demo.test');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await page.goto('/clients');
  await expect(page).toHaveURL(/\/login/);
});
