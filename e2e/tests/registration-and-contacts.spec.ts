import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

// A new client's way through the registration wizard and an admin's through a company's info and
// contacts, where the portal used to leave them stuck: the browser's Back leaving the wizard, a
// disabled Add with no reason, a half-typed contact or description lost on reload, a URL stored
// as typed (docs/product/accounts-and-roles.md#registration, docs/product/companies-and-contacts.md#drafts).

const currentStep = (page: Page) => page.getByRole('list', { name: 'Registration steps' }).locator('[aria-current="step"]');
const addButton = (page: Page) => page.getByRole('button', { name: 'Add', exact: true });
const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts' });

async function fillNewContact(page: Page, fields: Partial<Record<'Title' | 'First Name' | 'Last Name' | 'Email' | 'Phone', string>>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(`New contact ${label}`).fill(value);
}

test('a new client moves through the wizard with Back and Forward, keeps a half-typed contact over a reload, and is told what Add needs', async ({
  page, request,
}) => {
  const stamp = Date.now();
  const company = `History Co ${stamp}`;
  const site = `history-${stamp}.example`;
  const email = `hana-${stamp}@history.example`;

  await page.goto('/register');
  await expect(currentStep(page)).toContainText('Company Info');
  await page.getByLabel('Company Name').fill(company);

  // A URL that is not a website is named; one without a scheme reads https:// once the field is left.
  await page.getByLabel('Website URL').fill('history dot example');
  await page.getByLabel('Company Name').focus();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid Website URL, such as https://www.example.com.');
  await expect(page.getByLabel('Website URL')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Website URL').fill(site);
  await page.getByLabel('Company Name').focus();
  await expect(page.getByLabel('Website URL')).toHaveValue(`https://${site}`);
  await page.getByRole('button', { name: 'Add Contacts' }).click();

  // Step 2: the add row says what keeps Add disabled.
  await expect(currentStep(page)).toContainText('Contacts');
  await expect(page).toHaveURL(/\/register\?step=2$/);
  await fillNewContact(page, { Title: 'Owner', 'First Name': 'Hana' });
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByText('The Last Name, Email and Phone fields are required.')).toBeVisible();
  await fillNewContact(page, { 'Last Name': 'Hill', Email: 'hana@history' });
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(addButton(page)).toHaveAccessibleDescription('The Phone field is required.');

  // The half-typed contact and the step survive a reload.
  await page.reload();
  await expect(currentStep(page)).toContainText('Contacts');
  await expect(page.getByLabel('New contact First Name')).toHaveValue('Hana');
  await expect(page.getByLabel('New contact Email')).toHaveValue('hana@history');
  await fillNewContact(page, { Email: email });
  await page.getByLabel('New contact Phone').pressSequentially('5552223333');
  await addButton(page).click();
  await expect(contactsTable(page).getByRole('cell', { name: email })).toBeVisible();
  await fillNewContact(page, { Title: 'Office', 'First Name': 'Ivo', 'Last Name': 'Hill', Email: email.toUpperCase(), Phone: '555-222-4444' });
  await expect(page.getByText('This email has already been used.')).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  await fillNewContact(page, { Email: `ivo-${stamp}@history.example` });
  await addButton(page).click();
  await expect(contactsTable(page).getByRole('cell', { name: `ivo-${stamp}@history.example` })).toBeVisible();
  await page.getByRole('button', { name: 'Set Preferences' }).click();

  // Step 3 says why Complete Registration waits.
  await expect(currentStep(page)).toContainText('Preferences');
  const complete = page.getByRole('button', { name: 'Complete Registration' });
  await expect(complete).toBeDisabled();
  await expect(page.getByText('Save your preferences to unlock Complete Registration.')).toBeVisible();
  await expect(complete).toHaveAccessibleDescription('Save your preferences to unlock Complete Registration.');

  // The browser's Back goes to the step before, not off the site; Forward comes back.
  await page.goBack();
  await expect(currentStep(page)).toContainText('Contacts');
  await expect(contactsTable(page).getByRole('cell', { name: email })).toBeVisible();
  await page.goBack();
  await expect(currentStep(page)).toContainText('Company Info');
  await expect(page.getByLabel('Company Name')).toHaveValue(company);
  await page.goForward();
  await expect(currentStep(page)).toContainText('Contacts');
  await page.goForward();
  await expect(currentStep(page)).toContainText('Preferences');

  await page.getByRole('radio', { name: 'Monthly' }).check({ force: true });
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(complete).toBeEnabled();
  await expect(page.getByText('Save your preferences to unlock Complete Registration.')).toHaveCount(0);
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/auth/register'));
  await complete.click();
  expect((await registered).status()).toBe(201);
  await expect(page.getByRole('heading', { name: `Welcome, ${company}!` })).toBeVisible();

  // The server stored the site with its scheme.
  await apiSignIn(request, 'admin');
  const companies = (await (await request.get('/api/company')).json()) as { name: string; url: string | null }[];
  expect(companies.find((entry) => entry.name === company)?.url).toBe(`https://${site}`);
});

test("an admin saves a company's site without a scheme, keeps a half-typed description and contact over a reload, and is told what Add needs", async ({
  page, request,
}) => {
  const stamp = Date.now();
  await apiSignIn(request, 'admin');
  const created = await request.post('/api/company', { data: { name: `Drafty Widgets ${stamp}`, url: `https://drafty-${stamp}.example` } });
  expect(created.status()).toBe(201);
  const { company_id: companyId } = (await created.json()) as { company_id: number };

  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto(`/clients/${companyId}/info`);
  const url = page.getByLabel('Website URL');
  await expect(url).toHaveValue(`https://drafty-${stamp}.example`);

  // The description's editor is as wide as the fields around it.
  const editor = page.getByRole('textbox', { name: 'Description: Uses markdown' });
  await expect(editor).toBeVisible();
  const toolbar = await page.getByRole('toolbar', { name: 'Description: Uses markdown formatting' }).boundingBox();
  const field = await url.boundingBox();
  expect(toolbar!.width).toBeGreaterThanOrEqual(field!.width - 4);

  // A half-typed description survives a reload, and the tab says so.
  await editor.click();
  await page.keyboard.type('We make widgets that wait for you.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description: Uses markdown' })).toContainText('We make widgets that wait for you.');
  await expect(page.getByText('What you typed before the page was reloaded is shown. Update Company Info saves it.')).toBeVisible();

  // An invalid site is named and nothing is saved; one without a scheme is saved with https://.
  await url.fill('drafty widgets');
  await page.getByRole('button', { name: 'Update Company Info' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid Website URL, such as https://www.example.com.');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await url.fill(`www.drafty-${stamp}.example`);
  await page.getByRole('button', { name: 'Update Company Info' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company info saved.' })).toBeVisible();
  await expect(url).toHaveValue(`https://www.drafty-${stamp}.example`);
  const saved = (await (await request.get(`/api/company/${companyId}`)).json()) as { url: string; description: string };
  expect(saved).toMatchObject({ url: `https://www.drafty-${stamp}.example`, description: 'We make widgets that wait for you.' });
  await page.reload();
  await expect(url).toHaveValue(`https://www.drafty-${stamp}.example`);
  await expect(page.getByText('What you typed before the page was reloaded is shown.', { exact: false })).toHaveCount(0);

  // Contacts: the add row names what is missing or wrong, and keeps what was typed over a reload.
  await page.getByRole('navigation', { name: 'Profile settings' }).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page.getByText('No contacts yet. Add at least one.')).toBeVisible();
  await fillNewContact(page, { Title: 'Buyer', 'First Name': 'Gus', Email: 'gus@drafty' });
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(page.getByText('The Last Name and Phone fields are required.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('New contact First Name')).toHaveValue('Gus');
  await fillNewContact(page, { 'Last Name': 'Grant', Email: `gus-${stamp}@drafty.example` });
  await page.getByLabel('New contact Phone').pressSequentially('5558889999');
  await expect(page.getByText(/fields? (is|are) required/)).toHaveCount(0);
  await addButton(page).click();
  await expect(contactsTable(page).getByRole('cell', { name: `gus-${stamp}@drafty.example` })).toBeVisible();
  await fillNewContact(page, { Title: 'Buyer', 'First Name': 'Gail', 'Last Name': 'Grant', Email: `GUS-${stamp}@drafty.example`, Phone: '555-888-0000' });
  await expect(page.getByText('This email has already been used.')).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  await page.reload();
  await expect(contactsTable(page).getByRole('cell', { name: `gus-${stamp}@drafty.example` })).toBeVisible();
  await expect(page.getByLabel('New contact First Name')).toHaveValue('Gail');
});
