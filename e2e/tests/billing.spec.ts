import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoPassword } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn, submitSignIn } from '../support/session';
import { companyIdOf } from '../support/demo-data';

// The admin invoices screen from logged time, issued invoices the client opens and prints (docs/product/time-and-billing.md#admin-invoices-screen, #invoices).

interface PrevMonthEntry {
  company_id: number | null;
  contact_id: number | null;
  agent: string | null;
  agent_payrate: number | null;
  time: number;
}

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const companySection = (page: Page) => page.getByRole('region', { name: 'Companies' });
const companyButton = (page: Page, name: string) => companySection(page).getByRole('button', { name: new RegExp(`^${name.replace(/[.,]/g, '\\$&')}`) });

async function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** A company of its own with a standard ticket (estimated) and a meeting ticket, and the agent's time on both. */
async function companyWithKnownTime(request: APIRequestContext, agentId: number) {
  const name = `Ledger Known ${Date.now()}`;
  const created = await request.post('/api/company', { data: { name, url: `https://ledger-${Date.now()}.example` } });
  expect(created.status()).toBe(201);
  const { company_id: companyId } = (await created.json()) as { company_id: number };
  const ticket = async (typeId: number, title: string) => {
    const answer = await request.post('/api/ticket', {
      data: { type_id: typeId, title, description: 'Billing journey', priority_id: 4, company_id: companyId, estimate_required: 0 },
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { ticket_id: number }).ticket_id;
  };
  const fix = await ticket(1, 'Fix the checkout button');
  const meeting = await ticket(6, 'Monthly review call');
  expect((await request.put(`/api/ticket/${fix}`, { data: { estimated_time: 20 } })).ok()).toBeTruthy();
  for (const [ticketId, time, description] of [[fix, 15, 'Checkout button fixed'], [meeting, 7, 'Review call with the client']] as const) {
    const logged = await request.post('/api/time', { data: { ticket_id: ticketId, contact_id: agentId, time, description } });
    expect(logged.status()).toBe(201);
  }
  return { name, companyId };
}

test("an admin sees this month's payroll and a company's items with totals to the cent, then last month", async ({ page, request }) => {
  const agent = await apiSignIn(request, 'agent');
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const known = await companyWithKnownTime(page.request, agent.contact_id);

  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page).toHaveURL(/\/admins\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Agent Payroll' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Invoice Items' })).toBeVisible();
  await expect(page.getByText('No items to display.')).toBeVisible();

  // The payroll on screen equals the sum of the month's entries (units x the rate on each entry / 10).
  const timeZone = await browserTimeZone(page);
  const entries: PrevMonthEntry[] = [];
  for (let after: string | null = ''; after !== null; ) {
    const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
    const pageOfMonth = (await (await page.request.get(`/api/company/-1/prevmonthtime/0?time_zone=${encodeURIComponent(timeZone)}${cursor}`)).json()) as {
      entries: PrevMonthEntry[];
      next: string | null;
    };
    entries.push(...pageOfMonth.entries);
    after = pageOfMonth.next;
  }
  const agentCents = entries
    .filter((entry) => entry.contact_id === agent.contact_id && entry.agent_payrate !== null)
    .reduce((sum, entry) => sum + Math.round(entry.time * entry.agent_payrate! * 10), 0);
  expect(agentCents).toBeGreaterThan(0);
  const payroll = page.getByRole('region', { name: 'Agent Payroll' });
  await expect(payroll.getByText(usd(agentCents), { exact: true })).toBeVisible();

  // The known company: 15 units at 10 USD and 7 meeting units at 50 USD an hour = 150.00 + 35.00.
  await companyButton(page, known.name).click();
  await expect(page.getByRole('heading', { name: known.name, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoice Details' })).toBeVisible();
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row', { name: /Checkout button fixed/ })).toContainText('$150.00');
  await expect(items.getByRole('row', { name: /Review call with the client/ })).toContainText('$35.00');
  await expect(items.getByRole('row', { name: /Checkout button fixed/ })).toContainText(/estimate 02:00/i);
  await expect(page.getByText('$185.00').last()).toBeVisible();
  await expect(page.getByLabel('Monthly Total')).toContainText('$185.00');

  // Last month: the known company has no time there; the seeded companies do.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/\/admins\/invoices\/1/);
  await expect(companyButton(page, 'Acme, LLC')).toBeVisible();
  await expect(companyButton(page, known.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page).toHaveURL(/\/admins\/invoices(\/0)?(\?|$)/);
});

test("an admin issues Acme's invoice; Acme's client gets the mail, opens it from the dashboard and prints it; Globex's client is refused", async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const acme = await companyIdOf(page.request, 'Acme, LLC');
  await page.goto(`/admins/invoices/1?company=${acme}`);
  await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 2 })).toBeVisible();
  const summary = 'Monthly maintenance, security updates and the checkout fixes for Acme.';
  await page.getByRole('textbox', { name: 'Summary' }).fill(summary);
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('status', { name: 'Issued invoice' });
  await expect(issued).toContainText(/Invoice INV-\d{6}-\d{4} issued/);
  const number = (await issued.textContent())!.match(/INV-\d{6}-\d{4}/)![0];

  // Issuing the same month again is refused.
  const again = await page.request.post(`/api/company/${acme}/invoices`, { data: { offset: 1, time_zone: await browserTimeZone(page), summary } });
  expect(again.status()).toBe(409);

  const mail = await waitForMail({ to: 'client@demo.test', subject: new RegExp(number) });
  const link = mail.links.find((href) => /\/clients\/\d+\/invoices\/\d+$/.test(href));
  expect(link).toBeDefined();

  // Acme's primary contact: dashboard -> Invoices -> the invoice -> Print.
  const client = await browser.newPage();
  await signIn(client, 'client');
  await expectSignedInHeader(client);
  await client.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/clients/${acme}/invoices$`));
  await client.getByRole('link', { name: number }).click();
  await expect(client).toHaveURL(new URL(link!).pathname);
  await expect(client.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
  await expect(client.getByText('Web Agency Support').first()).toBeVisible();
  await expect(client.getByText(summary)).toBeVisible();
  await client.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await client.getByRole('button', { name: 'Print' }).click();
  expect(await client.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The print stylesheet: the portal's header and the print button are not on the A4 page.
  await client.emulateMedia({ media: 'print' });
  await expect(client.locator('header').first()).toBeHidden();
  await expect(client.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(client.getByText(summary)).toBeVisible();
  await client.close();

  // Globex's client cannot open it, on screen or through the API.
  const other = await browser.newPage();
  await other.goto('/login');
  await submitSignIn(other, 'client2@demo.test', demoPassword);
  await expectSignedInHeader(other);
  await other.goto(new URL(link!).pathname);
  await expect(other.getByText(summary)).toHaveCount(0);
  await expect(other).not.toHaveURL(new URL(link!).pathname);
  const refused = await other.request.get(`/api/company/${acme}/invoices`);
  expect(refused.status()).toBe(403);
  await other.close();
});
