import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoPassword } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn, submitSignIn } from '../support/session';

// The audit trail (docs/product/accounts-and-roles.md#audit-trail): every change is recorded with who, when and the fields' before and after values;
// staff read a ticket's history beside its activity, admins the whole trail in the admin settings.

const LOW = 4;
const CANCELLED = 6;

async function acmeId(page: Page): Promise<number> {
  const companies = (await (await page.request.get('/api/company')).json()) as { company_id: number; name: string }[];
  const acme = companies.find((company) => company.name === 'Acme, LLC');
  expect(acme).toBeDefined();
  return acme!.company_id;
}

/** A fresh Acme ticket of low priority, created through the API as whoever `page` is signed in as. */
async function acmeTicket(page: Page, title: string): Promise<{ id: number; path: string }> {
  const companyId = await acmeId(page);
  const created = await page.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Watched by the audit trail.', priority_id: LOW, company_id: companyId, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const { ticket_id: id } = (await created.json()) as { ticket_id: number };
  made.push(id);
  return { id, path: `/clients/${companyId}/tickets/${id}` };
}

/**
 * The journeys that count Acme's tickets on its dashboard run after this file: each ticket made here
 * is cancelled at the end (an admin's API session), and cancelled tickets are listed nowhere.
 */
const made: number[] = [];
test.afterEach(async ({ request }) => {
  if (made.length === 0) return;
  await apiSignIn(request, 'admin');
  for (const id of made.splice(0)) {
    expect((await request.put(`/api/ticket/${id}`, { data: { status_id: CANCELLED } })).ok()).toBeTruthy();
  }
});

/** Picks `label` in the ticket screen's `field` dropdown and waits until the API has stored it. */
async function changeField(page: Page, field: string, label: string): Promise<void> {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/ticket\/\d+$/.test(new URL(r.url()).pathname));
  await page.getByRole('combobox', { name: field, exact: true }).selectOption({ label });
  expect((await saved).ok()).toBeTruthy();
}

const settingsTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name, exact: true });

async function openAuditSettings(page: Page): Promise<void> {
  await page.goto('/admins/settings');
  await settingsTab(page, 'Audit').click();
  await expect(page).toHaveURL(/\/admins\/settings\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
}

test("an admin's status and priority change shows in the ticket's History with before → after", async ({ page, axe }) => {
  const title = `Audited ticket ${Date.now()}`;
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const ticket = await acmeTicket(page, title);
  await page.goto(ticket.path);
  await expect(page.getByRole('heading', { name: `#${ticket.id} ${title}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');

  await changeField(page, 'Priority', 'High');
  await changeField(page, 'Status', 'In Progress');
  await page.getByRole('tab', { name: 'History' }).click();

  const history = page.getByRole('tabpanel', { name: 'History' });
  await expect(history.getByText('Priority: Low → High')).toBeVisible();
  await expect(history.getByText(/^Status: .+ → In Progress$/)).toBeVisible();
  await expect(history.getByRole('listitem', { name: /^Ticket created by / })).toBeVisible();
  await axe('the ticket page, History tab');
});

test('a client sees the Activity of its ticket and no History tab', async ({ page }) => {
  const title = `Client's audited ticket ${Date.now()}`;
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const ticket = await acmeTicket(page, title);
  await page.goto(ticket.path);
  await expect(page.getByRole('heading', { name: `#${ticket.id} ${title}` })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  expect((await page.request.get(`/api/ticket/${ticket.id}/audit`)).status()).toBe(403);
});

test('an admin filters the whole trail by record type and finds a ticket change', async ({ page, axe }) => {
  const title = `Trail ticket ${Date.now()}`;
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const ticket = await acmeTicket(page, title);
  expect((await page.request.put(`/api/ticket/${ticket.id}`, { data: { priority_id: 2 } })).ok()).toBeTruthy();

  await openAuditSettings(page);
  await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Ticket' });
  await page.getByLabel('Record ID', { exact: true }).fill(String(ticket.id));
  const trail = page.getByRole('table', { name: 'Audit trail' });
  const change = trail.getByRole('row').filter({ hasText: 'Ticket changed' });
  await expect(change).toHaveCount(1);
  await expect(change.getByText('Priority: Low → High')).toBeVisible();
  await expect(change.getByRole('link', { name: `Ticket #${ticket.id}` })).toHaveAttribute('href', ticket.path);
  await expect(trail.getByRole('row').filter({ hasText: 'Ticket created' })).toHaveCount(1);
  await axe('admin settings, Audit');

  await change.getByRole('link', { name: `Ticket #${ticket.id}` }).click();
  await expect(page.getByRole('heading', { name: `#${ticket.id} ${title}` })).toBeVisible();
});

test('a failed sign-in appears under Sign-in with the address it tried', async ({ browser, page }) => {
  const address = `nobody-${Date.now()}@demo.test`;
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto('/login');
  await submitSignIn(stranger, address, `not-${demoPassword}`);
  await expect(stranger.getByRole('alert')).toBeVisible();
  await stranger.context().close();

  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await openAuditSettings(page);
  await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Sign-in' });
  await expect(page.getByLabel('Action', { exact: true }).locator('option')).toHaveText([
    'All actions', 'Signed in', 'Sign-in failed', 'Second-factor code refused', 'Recovery code used', 'Sessions ended',
  ]);
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Sign-in failed' });

  const failed = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: address });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByText('Sign-in failed')).toBeVisible();
});
