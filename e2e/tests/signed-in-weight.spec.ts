import { test, expect } from '../support/fixtures';
import { acmeTicket, signedInPage } from '../support/ticket-pages';
import { expectColdVisitWithin, PRECOMPRESSED_WITHIN_MS } from '../support/weight-budget';

// A signed-in first screen loads at most 300 KB of JavaScript as sent (docs/architecture.md#weight). The
// ticket page is the heaviest (react-markdown for its notes, react-hook-form for its note, task and time
// forms, Chakra's tabs, the release reports loaded when idle) and is held to 368 KB (docs/measurements/2026-12-07-ticket-page-weight-languages.md): a cold load of one with a note, by an
// admin (docs/decisions/0019-markdown-through-react-markdown.md, docs/measurements/2026-12-06-ticket-page-weight.md,
// docs/measurements/2026-12-07-ticket-page-weight.md, docs/measurements/2026-12-07-ticket-page-weight-integrations.md,
// docs/measurements/2026-12-07-ticket-page-weight-release-reports.md).
// Bytes only: times are `npm run measure:screens`'s.
const TICKET_PAGE_JS_BUDGET = 368 * 1024;

test('a cold visit to a ticket page with notes transfers at most 368 KB of compressed JavaScript', async ({ browser }) => {
  test.setTimeout(PRECOMPRESSED_WITHIN_MS + 60_000);
  const title = `Weighed ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const path = await acmeTicket(client, title);
  const note = await client.request.post('/api/activity', { data: { ticket_id: Number(path.split('/').at(-1)), note: 'A **weighed** note.' } });
  expect(note.status()).toBe(201);
  const admin = await signedInPage(browser, 'admin');
  const signedIn = await admin.context().storageState();

  await expectColdVisitWithin(browser, signedIn, path, async (page) => {
    await expect(page.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) }).first()).toBeVisible();
    // The app's page with its note drawn from Markdown: react-markdown is among what was weighed.
    await expect(page.locator('[data-remote="tickets"] strong', { hasText: 'weighed' })).toBeVisible();
  }, TICKET_PAGE_JS_BUDGET);
  await client.context().close();
  await admin.context().close();
});

// The admin settings open on direct messaging; each tab is a chunk of its own, loaded when opened, and the first
// screen carries one tab's code (docs/measurements/2026-12-07-admin-settings-weight-tabs.md).
const ADMIN_SETTINGS_JS_BUDGET = 330 * 1024;

test('a cold visit to the admin settings transfers at most 330 KB of compressed JavaScript: one tab’s code, not all', async ({ browser }) => {
  test.setTimeout(PRECOMPRESSED_WITHIN_MS + 60_000);
  const admin = await signedInPage(browser, 'admin');
  const signedIn = await admin.context().storageState();
  await expectColdVisitWithin(browser, signedIn, '/admins/settings/crm/direct', async (page) => {
    await expect(page.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  }, ADMIN_SETTINGS_JS_BUDGET);
  await admin.context().close();
});

// A signed-in first screen that shows none of Chakra's interactive parts goes without them: the client's dashboard is
// held to the 300 KB of a signed-in first screen (docs/measurements/2026-12-08-first-screens-languages.md).
const FIRST_SCREEN_JS_BUDGET = 300 * 1024;

test('a cold visit to the client’s dashboard transfers at most 300 KB of compressed JavaScript', async ({ browser }) => {
  test.setTimeout(PRECOMPRESSED_WITHIN_MS + 60_000);
  const client = await signedInPage(browser, 'client');
  const dashboard = new URL(client.url()).pathname;
  const signedIn = await client.context().storageState();
  await expectColdVisitWithin(browser, signedIn, dashboard, async (page) => {
    await expect(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();
  }, FIRST_SCREEN_JS_BUDGET);
  await client.context().close();
});
