import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn, type DemoRole } from '../support/session';

interface Me {
  contact: { contact_id: number; first_name: string; last_name: string; company_id: number | null };
}

async function signedInPage(browser: Browser, role: DemoRole): Promise<{ page: Page; me: Me['contact'] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, role);
  await expectSignedInHeader(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as Me;
  return { page, me: me.contact };
}

/** A PNG's signature and header: enough for the server's content check. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function confirm(page: Page, label: string) {
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: label }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label }).click();
}

test('a ticket from creation to completion and reopening, by client, agent and admin', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Contact form broken ${Date.now()}`;

  // The client creates the ticket through the new-ticket page.
  const client = await signedInPage(browser, 'client');
  const companyId = client.me.company_id;
  expect(companyId).not.toBeNull();
  await client.page.goto(`/clients/${companyId}/tickets/new`);
  await expect(client.page.getByRole('heading', { name: 'New Ticket' })).toBeVisible();
  await client.page.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(client.page.getByText('The Title field is required.')).toBeVisible();

  await client.page.getByLabel('Type', { exact: true }).selectOption({ label: 'Incident/Bug' });
  await client.page.getByLabel('Title', { exact: true }).fill(title);
  await client.page.getByRole('textbox', { name: 'Description' }).click();
  await client.page.keyboard.insertText('The **contact form** does not send mail.');
  await client.page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
  await expect(client.page.getByLabel('Due Date')).not.toHaveValue('');
  await client.page.getByLabel('Estimate Required').selectOption({ label: 'Yes' });
  await client.page.getByRole('button', { name: 'Create Ticket' }).click();

  const heading = client.page.getByRole('heading', { name: new RegExp(`^#\\d+ ${title}$`) });
  await expect(heading).toBeVisible();
  const ticketUrl = new URL(client.page.url()).pathname;
  expect(ticketUrl).toMatch(new RegExp(`^/clients/${companyId}/tickets/\\d+$`));
  await expect(client.page.locator('strong', { hasText: 'contact form' })).toBeVisible();

  // The agent assigns it to itself, estimates, logs time, adds tasks and a file, and sends it to testing.
  const agent = await signedInPage(browser, 'agent');
  await agent.page.goto(ticketUrl);
  await expect(agent.page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await expect(agent.page.getByText('Current Ticket Value')).toHaveCount(0);
  const ticketId = Number(ticketUrl.split('/').pop());
  const created = (await (await agent.page.request.get(`/api/ticket/${ticketId}`)).json()) as { status_id: number; assignee_id: number | null };
  // Acme's default agent (this agent, as seeded) took the new ticket as an assignment does.
  expect(created).toMatchObject({ status_id: 2, assignee_id: agent.me.contact_id });
  await expect(agent.page.getByTestId('status-badge')).toHaveText('Assigned');
  // Unassigning puts it back in the Backlog with no one; assigning again makes it Assigned.
  await agent.page.getByLabel('Assigned Agent').selectOption({ label: 'Unassigned' });
  await expect(agent.page.getByTestId('status-badge')).toHaveText('Backlog');
  await agent.page.getByLabel('Assigned Agent').selectOption({ label: `${agent.me.first_name} ${agent.me.last_name}` });
  await expect(agent.page.getByRole('alert')).toHaveCount(0);
  await expect(agent.page.getByTestId('status-badge')).toHaveText('Assigned');

  await agent.page.getByRole('button', { name: 'Set Estimate' }).click();
  await agent.page.getByRole('spinbutton', { name: 'Hours' }).fill('2');
  await agent.page.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
  await agent.page.getByRole('button', { name: 'Save Estimate' }).click();
  await expect(agent.page.getByTestId('estimate-value')).toHaveText('02:30');

  await agent.page.getByRole('button', { name: 'Log Time' }).click();
  const timeForm = agent.page.getByRole('form', { name: 'Log time' });
  await timeForm.getByRole('button', { name: 'Save Time' }).click();
  await expect(timeForm.getByRole('alert')).toHaveText('Invalid input. Make sure your description is proper and you have time set.');
  await timeForm.getByLabel('Hours').selectOption('1');
  await timeForm.getByLabel('Minutes').selectOption('30');
  await timeForm.getByLabel('Work Description').fill('Found the broken mail settings');
  await timeForm.getByRole('button', { name: 'Save Time' }).click();
  await expect(agent.page.getByTestId('total-time')).toHaveText('01:30');

  for (const task of ['Reproduce the failure', 'Fix the mail settings']) {
    await agent.page.getByLabel('New task').fill(task);
    await agent.page.getByRole('button', { name: 'Add Task' }).click();
    await expect(agent.page.getByRole('checkbox', { name: task })).toBeVisible();
  }
  await agent.page.getByText('Reproduce the failure').click();
  await expect(agent.page.getByRole('checkbox', { name: 'Reproduce the failure' })).toBeChecked();

  await agent.page.getByLabel('Attach files').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  const link = agent.page.getByRole('link', { name: 'screenshot.png' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/api\/attachments\/\d+\/download$/);

  await agent.page.getByLabel('Status', { exact: true }).selectOption({ label: 'Testing' });
  await expect(agent.page.getByTestId('status-badge')).toHaveText('Testing');

  // The client accepts the estimate and marks the work complete; the screen goes back a step.
  await client.page.goto(`/clients/${companyId}`);
  await client.page.goto(ticketUrl);
  await expect(client.page.getByTestId('estimate-value')).toHaveText('02:30');
  await expect(client.page.getByText('Current Ticket Value')).toBeVisible();
  await expect(client.page.getByRole('button', { name: 'Log Time' })).toHaveCount(0);
  await expect(client.page.getByRole('checkbox', { name: 'Fix the mail settings' })).toBeDisabled();
  await client.page.getByRole('button', { name: 'Accept' }).click();
  await expect(client.page.getByText('Approved')).toBeVisible();
  await confirm(client.page, 'Mark Complete');
  await expect(client.page).toHaveURL(new RegExp(`/clients/${companyId}$`));

  // An admin reopens it.
  const admin = await signedInPage(browser, 'admin');
  await admin.page.goto(ticketUrl);
  await expect(admin.page.getByTestId('status-badge')).toHaveText('Complete');
  await expect(admin.page.getByText('Current Ticket Value')).toBeVisible();
  await confirm(admin.page, 'Reopen Ticket');
  await expect(admin.page.getByTestId('status-badge')).toHaveText('Backlog');
  await expect(admin.page).toHaveURL(new RegExp(`${ticketUrl}$`));
});
