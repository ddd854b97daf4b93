import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { submitSignIn } from '../support/session';

const RESET_SUBJECT = 'Set your support portal password';

/** A fresh client of its own, so the demo logins the other journeys use keep their password. */
async function registerClient(request: APIRequestContext, stamp: number): Promise<string> {
  const email = `reset-${stamp}@journey.example`;
  const answer = await request.post('/api/auth/register', {
    data: {
      company: { name: `Reset Co ${stamp}`, url: `https://reset-${stamp}.example` },
      contacts: [{ title: 'Owner', first_name: 'Rita', last_name: 'Reyes', email, phone: '555-222-3333' }],
      prefs: { frequency: 'monthly', intensity: ['maintenance'] },
    },
  });
  expect(answer.status()).toBe(201);
  await waitForMail({ to: email, subject: 'Welcome to the support portal' });
  return email;
}

test('forgot password: the mail, a new password, sign in; the used link shows the problem screen', async ({ page, request }) => {
  const stamp = Date.now();
  const email = await registerClient(request, stamp);
  const password = `reset-${stamp}`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByLabel('Email').fill(`nobody-${stamp}@journey.example`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Contact not found. Please try again.');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');

  const mail = await waitForMail({ to: email, subject: RESET_SUBJECT });
  const link = mail.links.find((candidate) => candidate.includes('/resetpassword/'));
  expect(link).toBeDefined();

  await page.goto(link!);
  const save = page.getByRole('button', { name: 'Save Password' });
  await page.getByLabel('New Password').fill('short');
  await expect(page.getByText('Need 3 more')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('short');
  await expect(save).toBeDisabled();
  await page.getByLabel('New Password').fill(password);
  await expect(page.getByText("You're good!")).toBeVisible();
  await expect(page.getByText('No match')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirm Password').fill(password);
  await expect(page.getByText('Confirmed!')).toBeVisible();
  await save.click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByText('Welcome, Rita Reyes!')).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Oops! There seems to be a problem with your reset code' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Reset code not found or invalid.');
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:.+@.+/);
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
});
