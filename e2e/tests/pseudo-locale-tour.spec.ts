import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { companyIdOf, issuedInvoiceId } from '../support/demo-data';
import { collectApiStrings, expectTranslatedAndFitting, usePseudoLocale } from '../support/pseudo-locale';
import { apiSignIn, signIn, type DemoRole } from '../support/session';

// The pseudo-locale tour (docs/product/languages.md#the-pseudo-locale): each screen of the converted parts, as each
// role that sees it, on a phone's width (390 px), in en-XA: every text a person reads comes from a catalogue, and no
// screen grows wider than the phone with words a third longer.

const PHONE = { width: 390, height: 844 };

async function pseudoPage(browser: Browser, role: DemoRole | null): Promise<{ page: Page; data: Set<string> }> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  const data = collectApiStrings(page);
  if (role) {
    await signIn(page, role);
    // At a phone's width the welcome line sits in the menu: the dashboard's heading says the sign-in is done.
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.locator('h1').first()).toBeVisible();
  } else {
    await page.goto('/login');
  }
  await usePseudoLocale(page);
  await page.reload();
  await expect(page.locator('main')).toContainText('⟦');
  return { page, data };
}

async function tour(page: Page, data: Set<string>, screens: readonly (readonly [string, string])[]): Promise<void> {
  for (const [what, path] of screens) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectTranslatedAndFitting(page, what, data);
  }
}

/** The signed-in person's contact id, as the session answer says. */
async function agentIdOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } }).contact.contact_id;
}

async function ticketIdOf(request: APIRequestContext, companyId: number, title: string): Promise<number> {
  const tickets = (await (await request.get(`/api/company/${companyId}/tickets`)).json()) as { ticket_id: number; title: string }[];
  const found = tickets.find((ticket) => ticket.title === title);
  expect(found, title).toBeDefined();
  return found!.ticket_id;
}

test.describe.configure({ timeout: 180_000 });

test('signed out: sign-in, registration, forgotten and reset password, e-mail verification, not found', async ({ browser }) => {
  const { page, data } = await pseudoPage(browser, null);
  await tour(page, data, [
    ['the sign-in page', '/login'],
    ['the registration page', '/register'],
    ['the forgot-password page', '/forgotpassword'],
    ['a reset-password page with a bad code', '/resetpassword/not-a-real-code'],
    ['an e-mail verification with a bad code', '/verifyemail/not-a-real-code'],
    ['the not-found page', '/no-such-page'],
  ]);
});

test("the client: dashboard, new ticket, ticket, company settings, invoices, statements, agreement, search, security", async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const ticketId = await ticketIdOf(request, acme, 'Checkout button does nothing on Safari');
  const invoiceId = await issuedInvoiceId(request, acme, 'Accessibility journey invoice.');
  const { page, data } = await pseudoPage(browser, 'client');
  await tour(page, data, [
    ['the client dashboard', `/clients/${acme}`],
    ['the new-ticket page', `/clients/${acme}/tickets/new`],
    ['the ticket page', `/clients/${acme}/tickets/${ticketId}`],
    ['the company info tab', `/clients/${acme}/info`],
    ['the company contacts tab', `/clients/${acme}/contacts`],
    ['the company preferences tab', `/clients/${acme}/prefs`],
    ["the client's invoices", `/clients/${acme}/invoices`],
    ['an invoice', `/clients/${acme}/invoices/${invoiceId}`],
    ['the invoice home page', '/invoice'],
    ["the client's statements", `/clients/${acme}/statements`],
    ['the agreement page', '/agreement'],
    ['the search results', '/search?q=Checkout'],
    ['the security page', '/security'],
  ]);
});

test("the agent: dashboard, its time tab, the ticket page", async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const ticketId = await ticketIdOf(request, acme, 'Checkout button does nothing on Safari');
  const { page, data } = await pseudoPage(browser, 'agent');
  await tour(page, data, [
    ['the agent dashboard', '/agents'],
    ["the agent dashboard's time tab", `/agents/${await agentIdOf(page)}/time`],
    ['the ticket page (agent)', `/clients/${acme}/tickets/${ticketId}`],
  ]);
});

test('the admin: dashboard, stats, invoices, statements, a company', async ({ browser, request }) => {
  await apiSignIn(request, 'admin');
  const acme = await companyIdOf(request, 'Acme, LLC');
  const { page, data } = await pseudoPage(browser, 'admin');
  await tour(page, data, [
    ['the admin dashboard', '/admins'],
    ['the ticket stats', '/admins/stats'],
    ['the invoices screen', '/admins/invoices'],
    ['the response-time report', '/admins/stats/response-times'],
    ['the statements screen', '/admins/statements'],
    ['a company dashboard (admin)', `/clients/${acme}`],
    ['the company assignments tab', `/clients/${acme}/assignments`],
  ]);
});

test('the admin settings: every tab and section, and the releases page', async ({ browser }) => {
  const { page, data } = await pseudoPage(browser, 'admin');
  await tour(page, data, [
    ['direct messaging', '/admins/settings/crm/direct'],
    ['the agents section', '/admins/settings/crm/agents'],
    ['the companies section', '/admins/settings/crm/companies'],
    ['the mail-in section', '/admins/settings/crm/mail-in'],
    ['a section coming soon', '/admins/settings/crm/flows'],
    ['the assignments tab', '/admins/settings/assignments'],
    ['the defaults tab', '/admins/settings/defaults'],
    ['the saved replies tab', '/admins/settings/replies'],
    ['the tags tab', '/admins/settings/tags'],
    ['the response times tab', '/admins/settings/response-times'],
    ['the maintenance tab', '/admins/settings/maintenance'],
    ['the audit tab', '/admins/settings/audit'],
    ['the security tab', '/admins/settings/security'],
    ['the webhooks tab', '/admins/settings/webhooks'],
    ['the releases page', '/admins/releases'],
  ]);
});
