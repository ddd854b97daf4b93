import { expect, test } from '../support/fixtures';
import { companyIdOf } from '../support/demo-data';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

// The monthly statement (docs/product/statements.md): an admin previews this month's statements, the send of the 1st
// runs (on demand, as of the 1st of next month: an admin-only route that exists outside production), and Acme's
// primary contact gets the month's tickets by mail and opens the printable page from it. The portal's zone is UTC.

const monthLabelOf = (month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test("an admin previews the month's statements; on the 1st the client's statement mail lists the month's tickets", async ({ page, browser, playwright, baseURL }) => {
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const nextMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1, 0, 0));

  // An agent logs an hour and a half on a new Acme ticket.
  const agent = await playwright.request.newContext({ baseURL });
  const agentMe = await apiSignIn(agent, 'agent');
  const acme = await companyIdOf(agent, 'Acme, LLC');
  const title = `Statement journey ${Date.now()}`;
  const created = await agent.post('/api/ticket', {
    data: { type_id: 1, title, description: 'For the monthly statement', priority_id: 4, company_id: acme, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { ticket_id: number }).ticket_id;
  expect((await agent.post('/api/time', { data: { ticket_id: ticketId, contact_id: agentMe.contact_id, time: 15, description: 'Statement work' } })).status()).toBe(201);
  await agent.dispose();

  // The admin finds the statements from the invoices screen and previews Acme's, still a draft.
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/invoices');
  await page.getByRole('link', { name: 'Monthly statements' }).click();
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(month);
  const row = page.getByRole('row', { name: 'Acme, LLC' });
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: 'Preview Acme, LLC' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${acme}/statements/${month}$`));
  await expect(page.getByRole('heading', { name: `Statement for ${monthLabelOf(month)}`, level: 1 })).toBeVisible();
  for (const heading of ['Tickets worked', 'Completed', 'Time by type', 'Plan hours', 'Maintenance done', 'Overdue']) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Tickets worked' }).getByRole('row', { name: new RegExp(title) })).toContainText('01:30');

  // The first of next month: the send runs once; a second run sends nothing more.
  const run = await page.request.post('/api/jobs/statements/run', { data: { at: nextMonthStart.toISOString() } });
  expect(run.ok()).toBeTruthy();
  expect(((await run.json()) as { month: string }).month).toBe(month);
  const again = await page.request.post('/api/jobs/statements/run', { data: { at: nextMonthStart.toISOString() } });
  expect(((await again.json()) as { sent: number }).sent).toBe(0);

  const mail = await waitForMail({ to: demoUsers.client, subject: `Your statement for ${monthLabelOf(month)}`, text: title });
  expect(mail.text).toContain('Tickets worked');
  expect(mail.text).toContain(`#${ticketId} ${title}: 01:30`);
  const pageLink = `${baseURL}/clients/${acme}/statements/${month}`;
  expect(mail.links).toContain(pageLink);

  await page.goto(`/admins/statements/${month}`);
  await expect(page.getByRole('row', { name: 'Acme, LLC' })).toContainText('Sent');

  // The client opens the printable page from the mail.
  const clientContext = await browser.newContext({ baseURL });
  const client = await clientContext.newPage();
  await signIn(client, 'client');
  await expectSignedInHeader(client);
  await client.goto(pageLink);
  await expect(client.getByRole('heading', { name: `Statement for ${monthLabelOf(month)}`, level: 1 })).toBeVisible();
  await expect(client.getByRole('table', { name: 'Tickets worked' })).toContainText(title);
  await expect(client.getByRole('button', { name: /Print/ })).toBeVisible();
  await clientContext.close();
});
