import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

// Mail people can stop (docs/product/notifications-and-mail.md#unsubscribe) and the new-ticket draft that
// survives a reload (docs/product/tickets.md#creating-a-ticket), as the client who does it.

interface Me {
  contact: { contact_id: number; company_id: number | null };
}

test("a client stops the daily e-mail from the mail's List-Unsubscribe link; its settings show it off", async ({ page, playwright, baseURL }) => {
  await signIn(page, 'client2');
  await expectSignedInHeader(page);
  const me = ((await (await page.request.get('/api/auth/me')).json()) as Me).contact;

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const daily = page.getByRole('checkbox', { name: /daily/i });
  if (!(await daily.isChecked())) {
    const saved = page.waitForResponse((res) => res.url().endsWith(`/api/contact/${me.contact_id}/meta/note_prefs`) && res.request().method() === 'PUT');
    await daily.click({ force: true });
    expect((await saved).ok()).toBeTruthy();
  }
  await expect(daily).toBeChecked();

  const agent = await playwright.request.newContext({ baseURL });
  await apiSignIn(agent, 'agent');
  const note = `Stop me ${Date.now()}`;
  expect((await agent.post('/api/notifications', { data: { contact_id: me.contact_id, note } })).status()).toBe(201);
  await agent.dispose();
  // The next day's 07:00, on demand (an admin-only route that exists outside production).
  const admin = await playwright.request.newContext({ baseURL });
  await apiSignIn(admin, 'admin');
  expect((await admin.post('/api/jobs/digests/run', { data: { at: new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString() } })).ok()).toBeTruthy();
  await admin.dispose();

  const mail = await waitForMail({ to: demoUsers.client2, subject: /Your daily notifications/, text: note });
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const link = /^<(https?:\/\/[^>]+)>$/.exec(mail.listUnsubscribe)?.[1];
  expect(link).toBeTruthy();
  // The footer says why the mail comes and carries the same link.
  expect(mail.text).toContain('You get this e-mail because you switched on "Send daily" under "E-mail me my notifications".');
  expect(mail.links).toContain(link);

  // Opening the link (as a mail scanner would) asks first and changes nothing.
  const stop = await page.context().newPage();
  await stop.goto(link!);
  await expect(stop.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  await expect(stop.getByText(`${demoUsers.client2} will no longer receive daily e-mails of your notifications.`)).toBeVisible();
  await page.reload();
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('checkbox', { name: /daily/i })).toBeChecked();

  await stop.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stop.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(stop.getByText('You will no longer receive daily e-mails of your notifications.')).toBeVisible();
  await stop.close();

  await page.reload();
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('checkbox', { name: /daily/i })).not.toBeChecked();
});

test('a half-typed new ticket survives a reload; its editor spans the form and inserts a table when empty', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  await expect(page).toHaveURL(/\/clients\/\d+$/);

  const open = async () => {
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const form = page.getByRole('dialog', { name: 'New Ticket' }).getByRole('form', { name: 'New ticket' });
    await expect(form).toBeVisible();
    return form;
  };
  let form = await open();
  const description = form.getByRole('textbox', { name: 'Description' });
  await expect(description).toBeVisible();

  // The editor is as wide as the fields around it, once the dialog has finished opening (it grows into place).
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const titleBox = (await form.getByLabel('Title').boundingBox())!;
  const editorBox = (await form.getByRole('toolbar', { name: 'Description formatting' }).boundingBox())!;
  expect(Math.abs(editorBox.width - titleBox.width)).toBeLessThanOrEqual(2);

  // Insert table in the empty editor.
  await expect(description).toHaveText('');
  await form.getByRole('button', { name: 'Insert table' }).click();
  await form.getByRole('button', { name: '2 x 2 table' }).click();
  await expect(description).toContainText('| Column 1 | Column 2 |');

  const title = `Half typed ${Date.now()}`;
  await form.getByLabel('Type').selectOption({ label: 'Content Update' });
  await form.getByLabel('Title').fill(title);
  await description.click();
  await page.keyboard.type('Broken on mobile.');

  await page.reload();
  await expectSignedInHeader(page);
  form = await open();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Type')).toHaveValue(/\d+/);
  await expect(form.getByRole('textbox', { name: 'Description' })).toContainText('| Column 1 | Column 2 |');
  await expect(form.getByRole('textbox', { name: 'Description' })).toContainText('Broken on mobile.');

  await form.getByLabel('Priority').selectOption({ label: 'Medium' });
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByRole('dialog', { name: 'New Ticket' })).toHaveCount(0);

  // Created: the next form starts empty, after a reload too.
  await page.reload();
  await expectSignedInHeader(page);
  form = await open();
  await expect(form.getByLabel('Title')).toHaveValue('');
});
