import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';
import { signedInPage } from '../support/ticket-pages';
import { companyIdOf } from '../support/demo-data';

// Every write is live (docs/architecture.md#a-live-update): what an admin saves in one browser shows on
// the screens open in another, pushed over their live streams, with no reload. None of these screens
// polls (or the poll is 30 s while the stream is open), so only the push can bring the change in time.

const PUSHED = { timeout: 5000 };
const liveStream = (page: Page) => page.locator('[data-live]').first();

test("an admin adds a ticket type: another admin's open lists and the client's open new-ticket form offer it at once, and drop it when it goes", async ({ browser }) => {
  const name = `Live Review ${Date.now()}`;
  const admin = await signedInPage(browser, 'admin');
  const otherAdmin = await signedInPage(browser, 'admin');
  const client = await signedInPage(browser, 'client');
  const acme = await companyIdOf(client.request, 'Acme, LLC');

  await admin.goto('/admins/settings/defaults');
  await otherAdmin.goto('/admins/settings/defaults');
  await client.goto(`/clients/${acme}/tickets/new`);
  const clientTypes = client.getByLabel('Type', { exact: true }).locator('option', { hasText: name });
  const otherTypes = otherAdmin.getByRole('region', { name: 'Ticket Types' });
  await expect(otherTypes.getByRole('cell', { name: 'Question', exact: true })).toBeVisible();
  await expect(client.getByLabel('Type', { exact: true })).toBeVisible();
  for (const page of [admin, otherAdmin, client]) await expect(liveStream(page)).toHaveAttribute('data-live', 'on');

  const types = admin.getByRole('region', { name: 'Ticket Types' });
  await types.getByLabel('ID', { exact: true }).fill('43');
  await types.getByLabel('Name', { exact: true }).fill(name);
  await types.getByRole('button', { name: 'Add' }).click();
  await types.getByRole('button', { name: 'Save' }).click();
  await expect(types.getByText('Saved.')).toBeVisible();

  await expect(otherTypes.getByRole('cell', { name, exact: true })).toBeVisible(PUSHED);
  await expect(clientTypes).toHaveCount(1, PUSHED);

  // Put the seeded list back (the other journeys expect it): gone from both open screens too.
  await types.getByRole('button', { name: `Delete ${name}` }).click();
  await types.getByRole('button', { name: 'Save' }).click();
  await expect(types.getByText('Saved.')).toBeVisible();
  await expect(otherTypes.getByRole('cell', { name, exact: true })).toHaveCount(0, PUSHED);
  await expect(clientTypes).toHaveCount(0, PUSHED);

  for (const page of [admin, otherAdmin, client]) await page.context().close();
});

test("an admin issues a company's month and marks it paid: another admin's open invoice screen follows without a reload", async ({ browser, request }) => {
  const agent = await apiSignIn(request, 'agent');
  const admin = await signedInPage(browser, 'admin');
  const otherAdmin = await signedInPage(browser, 'admin');

  // A company of its own with time this month, so no other journey's invoice is in the way.
  const name = `Live Ledger ${Date.now()}`;
  const created = await admin.request.post('/api/company', { data: { name, url: `https://live-ledger-${Date.now()}.example` } });
  expect(created.status()).toBe(201);
  const { company_id: companyId } = (await created.json()) as { company_id: number };
  const ticket = await admin.request.post('/api/ticket', {
    data: { type_id: 1, title: 'Live invoice work', description: 'Billed live', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(ticket.status()).toBe(201);
  const { ticket_id: ticketId } = (await ticket.json()) as { ticket_id: number };
  const logged = await admin.request.post('/api/time', { data: { ticket_id: ticketId, contact_id: agent.contact_id, time: 6, description: 'Live work' } });
  expect(logged.status()).toBe(201);

  const path = `/admins/invoices/0?company=${companyId}`;
  await admin.goto(path);
  await otherAdmin.goto(path);
  for (const page of [admin, otherAdmin]) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Issue invoice' })).toBeVisible();
    await expect(liveStream(page)).toHaveAttribute('data-live', 'on');
  }
  const companyButton = otherAdmin.getByRole('region', { name: 'Companies' }).getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(companyButton).not.toContainText('Issued');

  await admin.getByRole('textbox', { name: 'Summary' }).fill('Work billed while another admin watched.');
  await admin.getByRole('button', { name: 'Issue invoice' }).click();
  const dialog = admin.getByRole('alertdialog').or(admin.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(admin.getByRole('status', { name: 'Issued invoice' })).toContainText(/Invoice INV-\d{6}-\d{4} issued/);

  // The other admin's screen: the invoice instead of the Issue button, and the list's badge.
  const issued = otherAdmin.getByRole('status', { name: 'Issued invoice' });
  await expect(issued).toContainText(/Invoice INV-\d{6}-\d{4} issued/, PUSHED);
  await expect(otherAdmin.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  await expect(companyButton).toContainText('Issued', PUSHED);

  await admin.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await expect(otherAdmin.getByRole('button', { name: 'Mark paid' })).toHaveCount(0, PUSHED);
  await expect(companyButton).toContainText('Paid', PUSHED);

  for (const page of [admin, otherAdmin]) await page.context().close();
});
