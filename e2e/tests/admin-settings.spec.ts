import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';
import { companyIdOf } from '../support/demo-data';

const settingsTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name, exact: true });
const crmSection = (page: Page, name: string | RegExp) => page.getByRole('navigation', { name: 'CRM sections' }).getByRole('link', { name });

test('an admin reaches every settings tab and crm section from Options', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.getByRole('link', { name: 'Options' }).click();
  await expect(page).toHaveURL(/\/admins\/settings\/crm\/direct$/);
  await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Direct Messaging' })).toBeVisible();

  await crmSection(page, 'Agents').click();
  await expect(page.getByRole('heading', { name: 'Manage Agents' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Alex Agent' })).toBeVisible();
  await crmSection(page, 'Companies').click();
  await expect(page.getByRole('heading', { name: 'Manage Companies' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Acme, LLC' })).toBeVisible();
  await crmSection(page, /Flows/).click();
  await expect(page.getByText('Flows are coming soon.')).toBeVisible();

  await settingsTab(page, 'Assignments').click();
  await expect(page).toHaveURL(/\/admins\/settings\/assignments$/);
  await expect(page.getByRole('heading', { name: 'Ticket type assignments' })).toBeVisible();
  await settingsTab(page, 'Defaults').click();
  await expect(page).toHaveURL(/\/admins\/settings\/defaults$/);
  for (const name of ['Groups', 'Client Modes', 'Client Services', 'Priorities', 'Ticket Types', 'Status Types']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
});

test("a new ticket type is offered in the new-ticket form's Type list, then removed again", async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/defaults');
  const types = page.getByRole('region', { name: 'Ticket Types' });
  await expect(types.getByRole('button', { name: 'Delete Meeting' })).toBeDisabled();
  await expect(types.getByText('Meetings are billed at the meeting rate.')).toBeVisible();
  await expect(types.getByRole('button', { name: 'Add' })).toBeDisabled();
  await types.getByLabel('ID', { exact: true }).fill('42');
  await types.getByLabel('Name', { exact: true }).fill('Security Review');
  await types.getByRole('button', { name: 'Add' }).click();
  await types.getByRole('button', { name: 'Save' }).click();
  await expect(types.getByText('Saved.')).toBeVisible();

  const acme = await companyIdOf(page.request, 'Acme, LLC');
  await page.goto(`/clients/${acme}/tickets/new`);
  await expect(page.getByLabel('Type', { exact: true }).locator('option', { hasText: 'Security Review' })).toHaveCount(1);

  // Put the seeded list back: the other journeys expect it.
  await page.goto('/admins/settings/defaults');
  await types.getByRole('button', { name: 'Delete Security Review' }).click();
  await types.getByRole('button', { name: 'Save' }).click();
  await expect(types.getByText('Saved.')).toBeVisible();
  await expect(types.getByText('Security Review')).toHaveCount(0);
});

test('a company is deleted from Manage Companies after the confirmation', async ({ page }) => {
  await apiSignIn(page.request, 'admin');
  const created = await page.request.post('/api/company', { data: { name: 'Throwaway Widgets', url: 'https://throwaway-widgets.example' } });
  expect(created.ok()).toBeTruthy();
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/crm/companies');
  const row = page.getByRole('row', { name: 'Throwaway Widgets' });
  await expect(row).toContainText('TW');
  await row.getByRole('button', { name: 'Delete Throwaway Widgets' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This will delete the company, company contacts, company metadata permanently. Continue?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'Acme, LLC' })).toBeVisible();
});

test("a message reaches Acme's primary contact over SMTP with its tokens replaced", async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/crm/direct');
  await page.getByLabel('Recipients').selectOption('clients');
  await page.getByLabel('Company').selectOption({ label: 'Acme, LLC' });
  await page.getByRole('button', { name: 'Find recipients' }).click();
  const recipients = page.getByRole('list', { name: 'Recipients' });
  await expect(recipients.getByText(demoUsers.client)).toBeVisible();

  const subject = `News for {{companyName}} ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.insertText('Hello ');
  // The token goes at the cursor, after the space (docs/product/messaging.md#tokens).
  await page.getByRole('button', { name: '{{primaryFirst}}' }).click();
  await page.getByRole('button', { name: 'Send Message' }).click();
  const progress = page.getByRole('region', { name: 'Send progress' });
  await expect(progress.getByText(/^Sent: 1 sent, 0 failed of 1$/)).toBeVisible({ timeout: 30_000 });

  const mail = await waitForMail({ to: demoUsers.client, subject: subject.replace('{{companyName}}', 'Acme, LLC') });
  expect(mail.text).toContain('Hello Casey');
  expect(mail.text).not.toContain('{{');
});

test('a settings tab whose code fails to load says so in its place, the tabs still work, and Retry brings it', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/crm/direct');
  await expect(page.getByRole('heading', { name: 'Direct Messaging' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // From here on, any of the admin remote's files not loaded yet (a tab's chunk) fails.
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)));
  await page.route((url) => url.pathname.startsWith('/remotes/admin/') && !loaded.has(url.href), (route) => route.abort());

  await settingsTab(page, 'Webhooks').click();
  const panel = page.getByTestId('remote-error');
  await expect(panel).toContainText('This part of the portal could not be loaded.');
  await expect(settingsTab(page, 'Webhooks')).toHaveAttribute('aria-current', 'page');

  await page.unrouteAll();
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Add webhook' })).toBeVisible();
  await settingsTab(page, 'Tags').click();
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
});
