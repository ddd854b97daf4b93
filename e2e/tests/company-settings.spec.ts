import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn, submitSignIn } from '../support/session';

async function acmeId(page: Page): Promise<number> {
  const companies = (await (await page.request.get('/api/company')).json()) as { company_id: number; name: string }[];
  const acme = companies.find((company) => company.name === 'Acme, LLC');
  expect(acme).toBeDefined();
  return acme!.company_id;
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Profile settings' }).getByRole('link', { name, exact: true });

test('an admin keeps Acme\'s record: info, contacts, preferences and assignments', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const companyId = await acmeId(page);
  await page.goto(`/clients/${companyId}`);
  await page.getByRole('link', { name: 'Company settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${companyId}/info$`));
  await expect(page.getByRole('heading', { name: 'Acme, LLC Profile Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acme, LLC dashboard' })).toHaveAttribute('href', `/clients/${companyId}`);
  for (const name of ['Info', 'Contacts', 'Preferences', 'Assignments', 'Delete']) await expect(tab(page, name)).toBeVisible();

  // Info: the admin's status, services and default agent, then the form.
  await expect(page.getByRole('radio', { name: 'Active', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Maintenance', exact: true })).toBeChecked();
  await expect(page.getByLabel('Assign Default Agent').locator('option:checked')).toHaveText('Alex Agent');
  await page.getByLabel('Assign Default Agent').selectOption({ label: 'Sam Support' });
  await expect(page.getByPlaceholder('Acme, LLC')).toHaveValue('Acme, LLC');
  await page.getByRole('button', { name: 'Update Company Info' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company info saved.' })).toBeVisible();
  const meta = (await (await page.request.get(`/api/company/${companyId}/meta/default_agent`)).json()) as { meta_value: string };
  const agent = await (await page.request.get('/api/contact?group=staff')).json() as { contact_id: number; email: string }[];
  expect(meta.meta_value).toBe(String(agent.find((c) => c.email === 'sam.support@demo.test')?.contact_id));
  // Put it back: the other journeys expect Acme's new tickets to go to Alex Agent as seeded.
  await page.getByLabel('Assign Default Agent').selectOption({ label: 'Alex Agent' });
  await page.getByRole('button', { name: 'Update Company Info' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company info saved.' })).toBeVisible();

  // Contacts: add with the phone mask and the e-mail checks, edit, remove.
  await tab(page, 'Contacts').click();
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('cell', { name: 'Casey', exact: true })).toBeVisible();
  await page.getByLabel('New contact Title').fill('Designer');
  await page.getByLabel('New contact First Name').fill('Erin');
  await page.getByLabel('New contact Last Name').fill('Evans');
  await page.getByLabel('New contact Email').fill('erin@acme');
  await page.getByLabel('New contact Phone').pressSequentially('(555) 777 1234');
  await expect(page.getByLabel('New contact Phone')).toHaveValue('555-777-1234');
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await page.getByLabel('New contact Email').fill('dana@acme.test');
  await expect(page.getByText('This email has already been used.')).toBeVisible();
  await page.getByLabel('New contact Email').fill('erin@acme.test');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'erin@acme.test' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Erin Evans' }).click();
  await page.getByLabel('Erin Evans Title').fill('Lead Designer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'Lead Designer' })).toBeVisible();

  await page.getByRole('button', { name: 'Send password reset to Erin Evans' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A password reset link was sent to erin@acme.test.' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Erin Evans' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to remove Erin Evans from this company?');
  await expect(dialog).toContainText('The contact stays in the system.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(table.getByRole('cell', { name: 'erin@acme.test' })).toHaveCount(0);

  // Preferences: the cost per period from the domain's rule, saved to the company.
  await tab(page, 'Preferences').click();
  await page.getByRole('radio', { name: 'Quarterly' }).check({ force: true });
  await page.getByRole('checkbox', { name: /Security/ }).check({ force: true });
  await expect(page.getByText('Estimated cost: $75.00 per quarter')).toBeVisible();
  await page.getByRole('radio', { name: 'Semiannually' }).check({ force: true });
  await expect(page.getByText('Semi-annual maintenance is not recommended for most sites.')).toBeVisible();
  await page.getByRole('radio', { name: 'Quarterly' }).check({ force: true });
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Quarterly' })).toBeChecked();

  // Assignments: the company's type map.
  await tab(page, 'Assignments').click();
  await page.getByLabel('Question').selectOption({ label: 'Sam Support' });
  await page.getByRole('button', { name: 'Save Assignments' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assignments saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Question').locator('option:checked')).toHaveText('Sam Support');
  await page.getByLabel('Question').selectOption({ label: 'Global assignment' });
  await page.getByRole('button', { name: 'Save Assignments' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assignments saved.' })).toBeVisible();
});

test("Acme's primary client keeps its own record, without the admin's tabs", async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await page.getByRole('link', { name: 'Company settings' }).click();
  await expect(page.getByRole('heading', { name: 'Acme, LLC Profile Settings' })).toBeVisible();
  await expect(tab(page, 'Assignments')).toHaveCount(0);
  await expect(tab(page, 'Delete')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Active', exact: true })).toHaveCount(0);
  await expect(page.getByText('Assign Default Agent')).toHaveCount(0);

  await tab(page, 'Contacts').click();
  await expect(page.getByRole('cell', { name: 'dana@acme.test' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send password reset/ })).toHaveCount(0);

  await tab(page, 'Preferences').click();
  await page.getByRole('radio', { name: 'Monthly' }).check({ force: true });
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible();

  await page.goto(page.url().replace(/prefs$/, 'assignments'));
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible();
});

test('a client who is not a primary contact is refused, by the page and by the API', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, 'dana@acme.test', 'portal-demo');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  const companyId = Number(new URL(page.url()).pathname.split('/')[2]);
  await page.goto(`/clients/${companyId}/info`);
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible();
  const answer = await page.request.put(`/api/company/${companyId}`, { data: { name: 'Taken over' } });
  expect(answer.status()).toBe(403);
});

test('an admin deletes a throwaway company after typing DELETE and confirming', async ({ page, request }) => {
  await apiSignIn(request, 'admin');
  const created = await request.post('/api/company', { data: { name: 'Throwaway Widgets', url: `https://throwaway-${Date.now()}.example` } });
  expect(created.status()).toBe(201);
  const { company_id: companyId } = (await created.json()) as { company_id: number };

  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto(`/clients/${companyId}/delete`);
  const button = page.getByRole('button', { name: 'Delete Company' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await button.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This will delete the company, company contacts, company metadata permanently. Continue?');
  await dialog.getByRole('button', { name: 'Delete Company' }).click();
  await expect(page).toHaveURL(/\/admins$/);
  expect((await page.request.get(`/api/company/${companyId}`)).status()).toBe(404);
});
