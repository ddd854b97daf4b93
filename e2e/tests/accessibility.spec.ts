import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn, type DemoRole } from '../support/session';
import { companyIdOf, issuedInvoiceId } from '../support/demo-data';

// Axe (WCAG 2.1 A and AA) on every screen of every remote, as every role that sees it;
// a serious or critical violation fails. Each screen is checked once what it loads is on screen.

interface Me {
  contact_id: number;
  company_id: number | null;
}

async function signedIn(browser: Browser, role: DemoRole): Promise<{ page: Page; me: Me }> {
  // A context of its own per role (axe's runner needs the page's context to open a blank page in).
  const page = await (await browser.newContext()).newPage();
  await signIn(page, role);
  await expectSignedInHeader(page);
  const me = ((await (await page.request.get('/api/auth/me')).json()) as { contact: Me }).contact;
  return { page, me };
}

/** Opens `path` (unless null: the screen is already there), waits for `ready`, then runs axe. */
async function screen(page: Page, what: string, path: string | null, ready: (page: Page) => Locator): Promise<void> {
  if (path !== null) await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, what);
}

const heading = (name: string | RegExp, level?: number) => (page: Page) => page.getByRole('heading', { name, level }).first();

async function ticketIdOf(request: APIRequestContext, companyId: number, title: string): Promise<number> {
  const tickets = (await (await request.get(`/api/company/${companyId}/tickets`)).json()) as { ticket_id: number; title: string }[];
  const found = tickets.find((ticket) => ticket.title === title);
  expect(found, title).toBeDefined();
  return found!.ticket_id;
}

test.describe.configure({ timeout: 180_000 });

test('signed out: login, registration, forgotten and reset password, e-mail verification, not found', async ({ page }) => {
  await screen(page, 'the login page', '/login', heading('Please Log In'));
  await screen(page, 'the registration page', '/register', heading('Create an account'));
  await screen(page, 'the forgot-password page', '/forgotpassword', heading('Forgot your password?'));
  await screen(page, 'a reset-password page with a bad code', '/resetpassword/not-a-real-code', (p) => p.getByRole('heading', { level: 1 }));
  await screen(page, 'an e-mail verification with a bad code', '/verifyemail/not-a-real-code', (p) => p.getByRole('heading', { level: 1 }));
  await screen(page, 'the not-found page', '/no-such-page', heading('Page not found'));
});

test("the client (Acme's primary contact): dashboard, bell, new ticket, ticket, settings, invoices, agreement", async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const invoiceId = await issuedInvoiceId(request, acme, 'Accessibility journey invoice.');
  const ticketId = await ticketIdOf(request, acme, 'Checkout button does nothing on Safari');
  const { page } = await signedIn(browser, 'client');

  await screen(page, 'the client dashboard', `/clients/${acme}`, heading('Acme, LLC', 1));
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await screen(page, 'the bell panel', null, (p) => p.getByRole('button', { name: 'Delete All Notifications' }));
  await page.getByRole('button', { name: 'Delete All Notifications' }).click();
  await screen(page, 'the delete-all confirmation', null, (p) => p.getByRole('alertdialog'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/clients/${acme}`);
  await page.getByRole('button', { name: 'New Ticket' }).click();
  await screen(page, 'the new-ticket dialog', null, (p) => p.getByRole('dialog', { name: 'New Ticket' }).getByRole('textbox', { name: 'Description' }));
  await page.keyboard.press('Escape');

  await screen(page, 'the new-ticket page', `/clients/${acme}/tickets/new`, (p) => p.getByRole('textbox', { name: 'Description' }));
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  await screen(page, 'the new-ticket page with its field errors', null, (p) => p.getByText('The Title field is required.'));

  await screen(page, 'the ticket page', `/clients/${acme}/tickets/${ticketId}`, heading(/^#\d+ Checkout button does nothing on Safari$/));
  for (const tab of ['info', 'contacts', 'prefs']) {
    await screen(page, `the company settings ${tab} tab`, `/clients/${acme}/${tab}`, heading('Acme, LLC Profile Settings'));
  }
  await screen(page, 'the not-authorized page', `/clients/${acme}/assignments`, (p) => p.getByText('You are not authorized to view this page.'));
  await screen(page, "the client's invoice list", `/clients/${acme}/invoices`, heading('Invoices', 1));
  await screen(page, 'the invoice page', `/clients/${acme}/invoices/${invoiceId}`, (p) => p.getByRole('button', { name: 'Print' }));
  await screen(page, 'the agreement page', '/agreement', heading('Maintenance Agreement', 1));
  await screen(page, 'the invoice home page', '/invoice', heading('Invoice', 1));
  await page.close();
});

test("Acme's other contact and Globex's client: their dashboards and a refused settings page", async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const globex = await companyIdOf(request, 'Globex Corporation');

  const dana = await signedIn(browser, 'dana');
  await screen(dana.page, "the dashboard of Acme's non-primary contact", `/clients/${acme}`, heading('Acme, LLC', 1));
  await screen(dana.page, 'the not-authorized settings page', `/clients/${acme}/info`, (p) => p.getByText('You are not authorized to view this page.'));
  await dana.page.close();

  const client2 = await signedIn(browser, 'client2');
  await screen(client2.page, "Globex's dashboard", `/clients/${globex}`, heading('Globex Corporation', 1));
  await client2.page.close();
});

test('the agent: dashboard tabs, the ticket page with its editors and forms', async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const ticketId = await ticketIdOf(request, acme, 'Checkout button does nothing on Safari');
  const { page, me } = await signedIn(browser, 'agent');

  await screen(page, 'the agent dashboard', '/agents', heading('Agent Dashboard'));
  await screen(page, "the agent dashboard's time tab", `/agents/${me.contact_id}/time`, (p) => p.getByRole('table', { name: 'Time entries' }));
  await screen(page, 'the ticket page (agent)', `/clients/${acme}/tickets/${ticketId}`, heading(/^#\d+ Checkout button/));
  await page.getByRole('button', { name: 'Log Time' }).click();
  await screen(page, 'the time form', null, (p) => p.getByRole('form', { name: 'Log time' }));
  await page.getByRole('form', { name: 'Log time' }).getByRole('button', { name: 'Save Time' }).click();
  await screen(page, 'the time form with its error', null, (p) => p.getByRole('form', { name: 'Log time' }).getByRole('alert'));
  await page.close();
});

test('the admin: kanban and its selection, stats, settings tabs', async ({ browser }) => {
  const { page } = await signedIn(browser, 'admin');

  await screen(page, 'the admin kanban', '/admins', heading('Admin Dashboard'));
  const select = page.getByRole('region', { name: 'Backlog', exact: true }).getByRole('checkbox', { name: /^Select / }).first();
  await select.focus();
  await page.keyboard.press('Space');
  await screen(page, 'the kanban with a selection', null, (p) => p.getByRole('region', { name: 'Selected tickets' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Selected tickets' })).toHaveCount(0);
  await screen(page, 'the ticket stats', '/admins/stats', heading('Ticket Stats', 1));
  // The chart's tooltip writes in the bars' colours: hover a bar so axe reads it too.
  await page.locator('.recharts-bar-rectangle').first().hover();
  await expect(page.locator('.recharts-tooltip-wrapper')).toBeVisible();
  await screen(page, 'the ticket stats with the chart tooltip shown', null, heading('Ticket Stats', 1));

  for (const section of ['direct', 'agents', 'companies', 'mail-in', 'flows', 'campaigns']) {
    await screen(page, `admin settings crm/${section}`, `/admins/settings/crm/${section}`, heading('Admin Settings'));
  }
  await screen(page, 'admin settings crm/direct, Sent tab', '/admins/settings/crm/direct?view=sent', heading('Failed mail'));
  await screen(page, 'admin settings assignments', '/admins/settings/assignments', heading('Admin Settings'));
  await screen(page, 'admin settings defaults', '/admins/settings/defaults', heading('Admin Settings'));

  await page.close();
});

test('the admin: company pages, new ticket, ticket page and its confirmation, invoices', async ({ browser }) => {
  const { page } = await signedIn(browser, 'admin');
  const acme = await companyIdOf(page.request, 'Acme, LLC');
  const ticketId = await ticketIdOf(page.request, acme, 'Checkout button does nothing on Safari');

  await screen(page, 'a company dashboard (admin)', `/clients/${acme}`, heading('Acme, LLC', 1));
  for (const tab of ['info', 'contacts', 'prefs', 'assignments', 'delete']) {
    await screen(page, `the company settings ${tab} tab (admin)`, `/clients/${acme}/${tab}`, heading('Acme, LLC Profile Settings'));
  }
  await screen(page, 'the new-ticket page (admin)', `/clients/${acme}/tickets/new`, (p) => p.getByRole('textbox', { name: 'Description' }));
  await screen(page, 'the ticket page (admin)', `/clients/${acme}/tickets/${ticketId}`, heading(/^#\d+ Checkout button/));
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Cancel Ticket' }).click();
  await screen(page, 'the cancel-ticket confirmation', null, (p) => p.getByRole('alertdialog'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Go Back' }).click();

  await screen(page, 'the invoices screen', '/admins/invoices', heading('Agent Payroll'));
  await screen(page, "a company's invoice (admin)", `/admins/invoices/1?company=${acme}`, heading('Acme, LLC', 2));
  await screen(page, "the client's invoice list (admin)", `/clients/${acme}/invoices`, heading('Invoices', 1));
  await page.close();
});
