import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';
import { openTicket } from '../support/ticket-pages';

// An admin finishes what admins start: re-rates an agent and deletes it, seeing first where it is named
// (docs/product/companies-and-contacts.md#pay-rate, #deleting-an-agent); then reads and issues the invoices of
// deleted companies (docs/product/time-and-billing.md#deleted-companies). Everything here is created by the journey.

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

async function newCompany(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post('/api/company', { data: { name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example` } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { company_id: number }).company_id;
}

async function newTicket(request: APIRequestContext, companyId: number, title: string): Promise<number> {
  const answer = await request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Agents journey', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { ticket_id: number }).ticket_id;
}

async function logTime(request: APIRequestContext, ticketId: number, contactId: number, time: number, description: string): Promise<void> {
  const logged = await request.post('/api/time', { data: { ticket_id: ticketId, contact_id: contactId, time, description } });
  expect(logged.status()).toBe(201);
}

const manageAgents = async (page: Page) => {
  await page.goto('/admins/settings/crm/agents');
  await expect(page.getByRole('heading', { name: 'Manage Agents' })).toBeVisible();
};

test("an admin re-rates an agent, then deletes it after reading where it is named; its ticket goes back to Backlog", async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const request = page.request;
  const id = stamp();
  const first = 'Rhea';
  const last = `Rate${id}`;
  const name = `${first} ${last}`;
  const created = await request.post('/api/contact', {
    data: { first_name: first, last_name: last, email: `rhea.${id}@agents.test`, group_id: 3, pay_rate: 40 },
  });
  expect(created.status()).toBe(201);
  const agentId = ((await created.json()) as { contact_id: number }).contact_id;
  const companyName = `Rated Works ${id}`;
  const companyId = await newCompany(request, companyName);
  const saved = await request.put(`/api/company/${companyId}/meta/default_agent`, {
    data: { company_id: companyId, meta_key: 'default_agent', meta_value: String(agentId) },
  });
  expect(saved.ok()).toBeTruthy();
  const title = `Waiting on the client ${id}`;
  const ticketId = await newTicket(request, companyId, title);
  expect((await request.put(`/api/ticket/${ticketId}`, { data: { assignee_id: agentId } })).ok()).toBeTruthy();
  expect((await request.put(`/api/ticket/${ticketId}`, { data: { status_id: 7 } })).ok()).toBeTruthy();
  await logTime(request, ticketId, agentId, 10, 'An hour of work');

  // The rate: edited on the agent's row, shown at once, and this month's payroll pays at it.
  await manageAgents(page);
  const row = page.getByRole('row', { name });
  await expect(row).toContainText('$40.00/h');
  await row.getByRole('button', { name: /Edit rate/ }).click();
  const form = page.getByRole('form', { name: `Pay rate of ${name}` });
  await expect(form).toContainText('earlier months keep the rate they were paid at');
  const rate = form.getByLabel(/Pay rate \(USD per hour\)/);
  await rate.fill('4.567');
  await expect(form.getByText('Please enter a pay rate in USD per hour, such as 40 or 42.50.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save rate' })).toBeDisabled();
  await rate.fill('55');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(form.getByRole('status')).toContainText(`${name}'s pay rate is now $55.00/h from`);
  await expect(row).toContainText('$55.00/h');

  await page.goto('/admins/invoices');
  const payroll = page.getByRole('list', { name: 'Agent Payroll' });
  await expect(payroll.getByRole('listitem', { name })).toContainText('01:00 at $55.00/h');
  await expect(payroll.getByRole('listitem', { name })).toContainText('$55.00');

  // The delete confirmation names the company it is default agent of and the ticket that goes back.
  await manageAgents(page);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${name} is the default agent of ${companyName}.`);
  await expect(dialog).toContainText('1 open ticket goes back to Backlog, unassigned, with a note.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name })).toHaveCount(0);

  // The ticket is back in Backlog, unassigned, and says why; the company has no default agent left.
  await openTicket(page, `/clients/${companyId}/tickets/${ticketId}`, title);
  await expect(page.getByText(`Back to Backlog, unassigned: ${name} was deleted as an agent.`)).toBeVisible();
  const ticket = (await (await request.get(`/api/ticket/${ticketId}`)).json()) as { status_id: number; assignee_id: number | null };
  expect(ticket).toMatchObject({ status_id: 1, assignee_id: null });
  const meta = (await (await request.get(`/api/company/${companyId}/meta/default_agent`)).json()) as { meta_value: string | null };
  expect(meta.meta_value ?? null).toBeNull();
});

test("an admin reads a deleted company's issued invoice and issues another deleted company's month", async ({ page }) => {
  const agent = await apiSignIn(page.request, 'agent');
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  const request = page.request;
  const timeZone = await browserTimeZone(page);
  const id = stamp();

  // One company invoiced this month and then deleted; another deleted before its month was issued.
  const issuedName = `Gone Issued ${id}`;
  const issuedId = await newCompany(request, issuedName);
  await logTime(request, await newTicket(request, issuedId, 'Final page'), agent.contact_id, 12, 'Last page before closing');
  const issued = await request.post(`/api/company/${issuedId}/invoices`, { data: { offset: 0, time_zone: timeZone, summary: 'Final work.' } });
  expect(issued.status()).toBe(201);
  const { number } = (await issued.json()) as { number: string };
  const openName = `Gone Open ${id}`;
  const openId = await newCompany(request, openName);
  await logTime(request, await newTicket(request, openId, 'Wrap-up'), agent.contact_id, 5, 'Wrap-up call');
  for (const companyId of [issuedId, openId]) expect((await request.delete(`/api/company/${companyId}`)).ok()).toBeTruthy();

  await page.goto('/admins/invoices');
  const deleted = page.getByRole('list', { name: "Deleted companies' invoices" });
  const item = deleted.getByRole('listitem', { name: number });
  await expect(item).toContainText(issuedName);
  await expect(item).toContainText('$120.00');
  await item.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByText(issuedName)).toBeVisible();
  await expect(page.getByText('Last page before closing')).toBeVisible();

  // The unissued month of the other deleted company: it says so, and it is issued from the screen.
  await page.goto(`/admins/invoices?company=${openId}`);
  await expect(page.getByRole('heading', { name: openName, level: 2 })).toBeVisible();
  await expect(page.getByText(`${openName} was deleted. This month can still be issued; no one receives it by e-mail, so print it from its page.`)).toBeVisible();
  await page.getByRole('button', { name: /Issue invoice/ }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByRole('status', { name: 'Issued invoice' })).toBeVisible();
  await expect(page.getByText(`${openName} was deleted. Its issued invoice stays readable here.`)).toBeVisible();
  await expect(deleted.getByRole('listitem').filter({ hasText: openName })).toContainText('$50.00');
});
