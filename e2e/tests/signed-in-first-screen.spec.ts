import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { apiSignIn, signIn } from '../support/session';
import { companyIdOf } from '../support/demo-data';

// A signed-in page arrives with its frame and its first screen's heading in the HTML, filled in from
// the visitor's own reads: they paint before any JavaScript has run, and the app's page takes their
// place once it has its heading (docs/architecture.md#weight).

/** Holds back the dashboards remote's entry until the returned function is called: until then the page is the server's. */
async function holdDashboards(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remotes/dashboards/*/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("the client's dashboard shows its frame and the company's name before its JavaScript has run, then the app's page", async ({ page, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  await signIn(page, 'client');
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();

  const release = await holdDashboards(page);
  await page.goto(`/clients/${acme}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, Casey Client!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/clients');
  // The app's page is not in yet: no ticket board, no bell.
  await expect(page.locator('[data-remote="dashboards"]')).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Company settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 1 })).toHaveCount(1);
  await expect(page.locator('[data-portal-first-screen]')).toHaveCount(0);
});

test("a page the visitor may not see carries nothing of it: another company's dashboard, another role's page", async ({ page, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const globex = await companyIdOf(request, 'Globex Corporation');
  await signIn(page, 'client');
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();

  const html = await (await page.request.get(`/clients/${globex}`, { headers: { accept: 'text/html' } })).text();
  expect(html).not.toContain('Globex');
  expect(html).not.toContain('data-portal-first-screen');
  // Nor a page the shell's guard would send them away from.
  const agents = await (await page.request.get('/agents', { headers: { accept: 'text/html' } })).text();
  expect(agents).not.toContain('Agent Dashboard');

  // The guard sends a client from another company's page to their own.
  await page.goto(`/clients/${globex}`);
  await expect(page).toHaveURL(new RegExp(`/clients/${acme}$`));
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 1 })).toBeVisible();
});

test('an admin lands on the admin dashboard with the admins\' links in the frame, and the page works once in', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
  const html = await (await page.request.get('/admins', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('>Admin Dashboard<');
  expect(html).toMatch(/href="\/agents\/\d+\/tickets"/);

  // At 1024 px the admin's header takes two lines once the search box and the bell are in. The server's frame
  // holds their room, so the header keeps its shape when the app takes over.
  await page.setViewportSize({ width: 1024, height: 768 });
  const release = await holdDashboards(page);
  await page.goto('/admins', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('[data-remote="dashboards"]')).toHaveCount(0);
  const header = page.getByRole('banner');
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  const frame = { header: await header.boundingBox(), signOut: await signOut.boundingBox() };
  release();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
  expect({ header: await header.boundingBox(), signOut: await signOut.boundingBox() }).toEqual(frame);

  await page.getByRole('link', { name: 'Ticket stats' }).click();
  await expect(page).toHaveURL(/\/admins\/stats$/);
});

test("Sign Out clicked on the server's frame, before the JavaScript is in, signs out once it is", async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();

  const release = await holdDashboards(page);
  await page.goto('/agents', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Agent Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  release();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
