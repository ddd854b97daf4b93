import { test, expect } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { recordScripts } from '../support/page-weight';
import { expectScriptsWithin, PRECOMPRESSED_WITHIN_MS } from '../support/weight-budget';

// The login route is the auth remote's sign-in page of its own, without the shell and its federation
// runtime (docs/architecture.md#weight): at most 150 KB of JavaScript as sent (brotli or gzip). Bytes
// only: its time to heading is measured by `npm run measure:login`.
const LOGIN_JS_BUDGET = 150 * 1024;

test('a cold visit to /login transfers at most 150 KB of compressed JavaScript, none of it the shell or a federation entry', async ({ context }) => {
  test.setTimeout(PRECOMPRESSED_WITHIN_MS + 30_000);
  await expect(async () => {
    const page = await context.newPage();
    try {
      const recorder = await recordScripts(page);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
      // The form is the app's: its Sign In submits.
      await expect(signInApp(page)).toBeVisible();
      await page.waitForLoadState('networkidle');

      const weight = recorder.weight();
      expect(weight.scripts.map(({ url }) => new URL(url).pathname).filter((path) => !path.startsWith('/remotes/auth/'))).toEqual([]);
      expect(weight.scripts.map(({ url }) => url).filter((url) => /remoteEntry|\/main\./.test(url))).toEqual([]);
      expectScriptsWithin(weight, LOGIN_JS_BUDGET);
    } finally {
      await page.close();
    }
  }).toPass({ timeout: PRECOMPRESSED_WITHIN_MS, intervals: [5_000] });
});

/** Holds back the requests to files matching `glob` until the returned function is called. */
async function holdFiles(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The real sign-in form, once the app has rendered it over the prerendered one (whose button is not a submit button). */
const signInApp = (page: Page) => page.locator('[data-remote="auth"] button[type="submit"]', { hasText: 'Sign In' });
/** Until released the sign-in page is the prerendered one: the chunk its script imports (React, Chakra, the form) is held back. */
const holdSignInApp = (page: Page) => holdFiles(page, '**/remotes/auth/*/page/sign-in-app.*.js');
/**
 * When the sign-in page's own script has run: it asks for its app chunk (a script element the page
 * adds; the server's preload of the same file does not count), and holds Enter and Sign In from then on.
 */
const signInScriptRan = (page: Page) => page.waitForFunction(() => document.querySelector('script[src*="/page/sign-in-app."]') !== null);
/** Until released the page is the prerendered one: the auth remote's entry is held back. */
const holdAuthRemote = (page: Page) => holdFiles(page, '**/remotes/auth/*/remoteEntry.js');
/**
 * When the page has asked for the auth remote's entry: main.js has run by then, so Enter is held from
 * there on (main.js starts holding it; an Enter before main.js has run does nothing, as on a page
 * without JavaScript).
 */
const askedForAuthRemote = (page: Page) => page.waitForRequest('**/remotes/auth/*/remoteEntry.js');

// The public pages come rendered at build time (docs/architecture.md#weight): the sign-in form is on
// the page before any JavaScript has run, and what a visitor types before the app takes over is kept.
test('the sign-in form shows before its JavaScript runs, and keeps what was typed into it', async ({ context }) => {
  const page = await context.newPage();
  // The page's app chunk is held back until the visitor has typed: the page is the prerendered one.
  const release = await holdSignInApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await page.getByLabel('Username').fill('client@demo.test');
  await page.getByLabel('Password').fill('portal-demo');
  await expect(signInApp(page)).toHaveCount(0);
  release();

  // The app renders the real page over it: the fields still hold what was typed, and signing in works.
  await expect(signInApp(page)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('client@demo.test');
  await expect(page.getByLabel('Password')).toHaveValue('portal-demo');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
  await page.close();
});

// A visitor quicker than the JavaScript asks once: Enter or Sign In on the prerendered form is held
// (from the page's own small script on, before its app chunk) and sent from the app's form once it is in.
test('Enter on the prerendered sign-in form before the app is in signs in once it is, without putting the password in the address', async ({ context }) => {
  const page = await context.newPage();
  const release = await holdSignInApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('client@demo.test');
  await page.getByLabel('Password').fill('portal-demo');
  await signInScriptRan(page);
  await page.getByLabel('Password').press('Enter');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  release();
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
  await page.close();
});

test('Sign In clicked before the sign-in page\'s app chunk is in signs in once it is', async ({ context }) => {
  const page = await context.newPage();
  // The page's own script runs; the chunk it imports (React, Chakra, the form) is held.
  const release = await holdSignInApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('client@demo.test');
  await page.getByLabel('Password').fill('portal-demo');
  await signInScriptRan(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
  await page.close();
});

// The forgotten-password page runs the shell: Enter is held from main.js on, before the shell's own chunks.
test('the forgotten-password page shows before its JavaScript runs; Enter there is sent once the app is in', async ({ context }) => {
  const page = await context.newPage();
  const release = await holdAuthRemote(page);
  const asked = askedForAuthRemote(page);
  await page.goto('/forgotpassword', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // One field: without the prerendered page's guard, Enter would submit the form natively.
  await page.getByLabel('Email').fill('client@demo.test');
  await asked;
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/forgotpassword');
  release();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText('We sent a link to reset your password to client@demo.test.', { exact: false })).toBeVisible();
  await page.close();
});
