import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const counter = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('counter-value');

test("the agent's first screen shows their maintenance tickets and their counters", async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agent Dashboard' })).toBeVisible();

  const me = (await (await page.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };
  const id = me.contact.contact_id;
  const tickets = (await (await page.request.get(`/api/contact/${id}/tickets`)).json()) as { on_hold: number; status_id: number; date_due: string | null }[];
  const shown = tickets.filter((t) => t.on_hold === 0);
  const overdue = shown.filter((t) => t.status_id < 5 && t.date_due !== null && Date.parse(t.date_due) < Date.now());
  const current = (await (await page.request.get(`/api/contact/${id}/currenttime`)).json()) as { pay: number };
  const ytd = (await (await page.request.get(`/api/contact/${id}/ytdtime`)).json()) as { pay: number };

  await expect(counter(page, 'Total')).toHaveText(String(shown.length));
  await expect(counter(page, 'Overdue')).toHaveText(String(overdue.length));
  await expect(counter(page, 'Income')).toHaveText(usd(current.pay));
  await expect(counter(page, 'YTD Income')).toHaveText(usd(ytd.pay));

  // Saved defaults: only Assigned, Maintenance Only: Acme's and Initech's assigned tickets, not Globex's.
  const list = page.getByRole('list', { name: 'Tickets' });
  await expect(list.getByRole('link', { name: 'Update the holiday opening hours' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Kickoff meeting' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Checkout button does nothing on Safari' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Complete' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Time' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${id}/time$`));
  await expect(page.getByRole('region', { name: 'My Time' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Time entries' })).toBeVisible();
});

test('a ticket opens from the agent list', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await page.getByRole('list', { name: 'Tickets' }).getByRole('link', { name: 'Update the holiday opening hours' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/tickets\/\d+$/);
  await expect(page.getByText('Update the holiday opening hours').first()).toBeVisible();
});
