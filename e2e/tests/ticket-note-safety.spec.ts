import { expect, test } from '../support/fixtures';
import { expectSignedInHeader, signIn } from '../support/session';

test('a note carrying a script or a javascript: link never runs', async ({ page }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { contact: { company_id: number } };
  const companyId = me.contact.company_id;
  const created = await page.request.post('/api/ticket', {
    data: { type_id: 1, title: `Safety ${Date.now()}`, description: 'Plain', priority_id: 4, company_id: companyId, estimate_required: 0 },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { ticket_id: number };

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/clients/${companyId}/tickets/${ticket.ticket_id}`);
  await expect(page.getByRole('heading', { name: /^#\d+ Safety/ })).toBeVisible();

  const note = 'Hi <script>alert("script")</script> <img src="x" onerror="alert(\'img\')"> [click me](javascript:alert("link")) end';
  await page.getByRole('textbox', { name: 'New note' }).click();
  await page.keyboard.insertText(note);
  await page.getByRole('button', { name: 'Add Note' }).click();

  const feed = page.getByTestId('activity-feed');
  const link = feed.getByText('click me');
  await expect(link).toBeVisible();
  await expect(feed.getByText(/end/)).toBeVisible();
  const href = await link.evaluate((element) => element.closest('a')?.getAttribute('href') ?? null);
  expect(href ?? '').not.toMatch(/javascript:/i);
  await link.click();
  await expect(feed.locator('script')).toHaveCount(0);
  await expect(feed.locator('img')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  await expect(page.getByRole('button', { name: 'Add Note' })).toBeDisabled();
});

test('a half-typed note survives a page reload and an empty note is not sent', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  const companies = (await (await page.request.get('/api/company')).json()) as { company_id: number }[];
  const companyId = companies[0]?.company_id;
  const tickets = (await (await page.request.get(`/api/company/${companyId}/tickets`)).json()) as { ticket_id: number }[];
  const ticketId = tickets[0]?.ticket_id;
  expect(ticketId).toBeDefined();
  await page.goto(`/clients/${companyId}/tickets/${ticketId}`);
  // Staff send a reply or an internal note, whichever the ticket's status starts the editor on.
  const send = page.getByRole('button', { name: /^(Send reply|Add internal note)$/ });
  await expect(send).toBeDisabled();

  await page.getByRole('textbox', { name: 'New note' }).click();
  await page.keyboard.insertText('Half a thought');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'New note' })).toHaveText('Half a thought');
  await expect(send).toBeEnabled();
});
