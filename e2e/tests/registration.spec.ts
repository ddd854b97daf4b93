import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { submitSignIn } from '../support/session';

const steps = (page: Page) => page.getByRole('list', { name: 'Registration steps' });
const currentStep = (page: Page) => steps(page).locator('[aria-current="step"]');

test('a new client registers with the companies forms, sets a password from the welcome mail and lands on its dashboard', async ({ page }) => {
  const stamp = Date.now();
  const company = `Journey Co ${stamp}`;
  const email = `owner-${stamp}@journey.example`;
  const password = `journey-${stamp}`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  // Each step is a history entry: the address names it (docs/product/accounts-and-roles.md#registration).
  await expect(page).toHaveURL(/\/register\?step=1$/);
  await expect(currentStep(page)).toContainText('Company Info');

  // Step 1: the companies remote's CompanyInfoForm; a taken site is named as the field is left.
  await page.getByRole('button', { name: 'Add Contacts' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill out all fields completely.');
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Website URL').fill('https://www.acme.example/');
  await page.getByLabel('Company Name').focus();
  await expect(page.getByRole('alert')).toHaveText('A company with this URL already exists.');
  await page.getByLabel('Website URL').fill(`https://journey-${stamp}.example`);
  await page.getByRole('button', { name: 'Add Contacts' }).click();

  // Step 2: the companies remote's ContactsEditor on the wizard's own list.
  await expect(currentStep(page)).toContainText('Contacts');
  await expect(page.getByRole('button', { name: 'Set Preferences' })).toBeDisabled();
  await page.getByLabel('New contact Title').fill('Owner');
  await page.getByLabel('New contact First Name').fill('Olive');
  await page.getByLabel('New contact Last Name').fill('Owens');
  await page.getByLabel('New contact Email').fill(email);
  await page.getByLabel('New contact Phone').pressSequentially('5553334444');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('cell', { name: email })).toBeVisible();

  // What was typed survives a reload.
  await page.reload();
  await expect(currentStep(page)).toContainText('Contacts');
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('cell', { name: email })).toBeVisible();
  await page.getByRole('button', { name: 'Set Preferences' }).click();

  // Step 3: the companies remote's MaintenancePrefs; Complete waits for its Save.
  await expect(currentStep(page)).toContainText('Preferences');
  const complete = page.getByRole('button', { name: 'Complete Registration' });
  await expect(complete).toBeDisabled();
  await page.getByRole('radio', { name: 'Quarterly' }).check({ force: true });
  await page.getByRole('checkbox', { name: /Security/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(complete).toBeEnabled();
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/auth/register'));
  await complete.click();
  expect((await registered).status()).toBe(201);

  // Step 4: the next steps.
  await expect(page.getByRole('heading', { name: `Welcome, ${company}!` })).toBeVisible();
  await expect(currentStep(page)).toContainText('Welcome');
  for (const next of ['Check your inbox', 'Log in', 'Submit a kickoff-meeting ticket', 'Gather your access details', 'Schedule your kickoff meeting']) {
    await expect(page.getByText(next, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'log in to the portal' })).toHaveAttribute('href', '/login');

  // The welcome mail over SMTP: verify the address, then set the password.
  const mail = await waitForMail({ to: email, subject: 'Welcome to the support portal' });
  const verifyLink = mail.links.find((link) => link.includes('/verifyemail/'));
  const setPasswordLink = mail.links.find((link) => link.includes('/resetpassword/'));
  expect(verifyLink).toBeDefined();
  expect(setPasswordLink).toBeDefined();

  await page.goto(verifyLink!);
  await expect(page.getByRole('heading', { name: 'Thanks, Olive! Your e-mail address is verified.' })).toBeVisible();

  await page.goto(setPasswordLink!);
  await expect(page.getByText('Hi Olive, choose a password of at least 8 characters.')).toBeVisible();
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByText('Welcome, Olive Owens!')).toBeVisible();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
});
