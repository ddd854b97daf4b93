import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers } from './portal-env';

export type DemoRole = keyof typeof demoUsers;

/** Fills the login screen the page is on and signs in, as a person would. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  // The login page rendered at build time shows first; its Sign In does nothing until the app has taken it over.
  await expect(page.locator('[data-remote="auth"]')).toBeVisible();
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in a demo user through the login screen, once the app has taken it over: the page is rendered
 * at build time (docs/architecture.md#weight), and a click on its button before the page's JavaScript
 * has run does nothing. A cold /login is the auth remote's sign-in page of its own; after Sign Out it
 * is the app's route: both mark the form as the auth remote's.
 */
export async function signIn(page: Page, role: DemoRole, path = '/login'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-remote="auth"]')).toBeVisible();
  await submitSignIn(page, demoUsers[role], demoPassword);
}

export async function expectSignedInHeader(page: Page): Promise<void> {
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
}

/** An API session for arranging data, separate from the browser's cookies. */
export async function apiSignIn(request: APIRequestContext, role: DemoRole): Promise<{ contact_id: number }> {
  const answer = await request.post('/api/auth/login', {
    data: { username: demoUsers[role], password: demoPassword },
  });
  expect(answer.ok()).toBeTruthy();
  const body = (await answer.json()) as { contact: { contact_id: number } };
  return body.contact;
}
