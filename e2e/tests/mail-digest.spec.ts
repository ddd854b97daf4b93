import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

// Notifications by e-mail (docs/product/notifications-and-mail.md#digests), over SMTP to the journeys' mailbox.

interface Me {
  contact: { contact_id: number; company_id: number | null };
}

test('a client switches the hourly e-mail on and gets a new notification in it; its links open the ticket and stop the mail', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const me = ((await (await page.request.get('/api/auth/me')).json()) as Me).contact;
  const tickets = (await (await page.request.get(`/api/company/${me.company_id}/tickets`)).json()) as { ticket_id: number; title: string }[];
  const ticket = tickets[0]!;

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const hourly = page.getByRole('checkbox', { name: /hourly/i });
  await expect(hourly).not.toBeChecked();
  const saved = page.waitForResponse((res) => res.url().endsWith(`/api/contact/${me.contact_id}/meta/note_prefs`) && res.request().method() === 'PUT');
  await hourly.click({ force: true });
  expect((await saved).ok()).toBeTruthy();
  await expect(hourly).toBeChecked();

  // An agent notifies the client about its ticket.
  const agent = await playwright.request.newContext({ baseURL });
  await apiSignIn(agent, 'agent');
  const note = `Your ticket has a new estimate ${Date.now()}`;
  expect((await agent.post('/api/notifications', { data: { contact_id: me.contact_id, ticket_id: ticket.ticket_id, note } })).status()).toBe(201);
  await agent.dispose();

  // The top of the next hour, on demand (an admin-only route that exists outside production).
  const admin = await playwright.request.newContext({ baseURL });
  await apiSignIn(admin, 'admin');
  const run = await admin.post('/api/jobs/digests/run', { data: { at: new Date(Date.now() + 60 * 60 * 1000).toISOString() } });
  expect(run.ok()).toBeTruthy();
  await admin.dispose();

  // Every line is about one ticket: the digest carries its [#id] token (docs/product/notifications-and-mail.md#answerable-mail).
  const mail = await waitForMail({ to: demoUsers.client, subject: /Your hourly notifications/, text: note });
  expect(mail.subject).toBe(`[#${ticket.ticket_id}] Your hourly notifications: 1 new`);
  const ticketLink = `${baseURL}/clients/${me.company_id}/tickets/${ticket.ticket_id}`;
  expect(mail.links).toContain(ticketLink);
  expect(mail.html).toContain(note);
  const stop = mail.links.find((link) => link.includes('/api/contact/unsubscribe/'));
  expect(stop).toBeTruthy();

  await page.goto(ticketLink);
  await expect(page.getByText(ticket.title).first()).toBeVisible();

  // The link asks first (mail scanners open links); its button stops the hourly mail
  // (docs/product/notifications-and-mail.md#unsubscribe).
  await page.goto(stop!);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer receive hourly e-mails of your notifications.')).toBeVisible();
  await page.goto('/clients');
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('checkbox', { name: /hourly/i })).not.toBeChecked();
});

test("a new ticket's mail reaches the admins over SMTP with the ticket's link", async ({ page, baseURL }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const me = ((await (await page.request.get('/api/auth/me')).json()) as Me).contact;
  const title = `Printer on fire ${Date.now()}`;
  const created = await page.request.post('/api/ticket', {
    data: { type_id: 1, title, description: 'Smoke everywhere.', priority_id: 2, company_id: me.company_id, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { ticket_id: number };
  const mail = await waitForMail({ to: demoUsers.admin, subject: title });
  expect(mail.links).toContain(`${baseURL}/clients/${me.company_id}/tickets/${ticket.ticket_id}`);
  expect(mail.text).toContain(title);
});
