import { expect, test } from '../support/fixtures';
import { apiSignIn, expectSignedInHeader, signIn } from '../support/session';

test('a notification appears in the bell and is deleted after confirmation', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'client');
  await expectSignedInHeader(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };

  // An agent notifies the client from another session.
  const agent = await playwright.request.newContext({ baseURL });
  await apiSignIn(agent, 'agent');
  const note = `Your ticket was updated at ${Date.now()}`;
  const created = await agent.post('/api/notifications', { data: { contact_id: me.contact.contact_id, note } });
  expect(created.status()).toBeLessThan(300);
  await agent.dispose();

  // The bell says how many are unread, inside its badge and in its name: every stored one not yet read, the
  // new one included (read from the API: the bell may show the count from before the new one for a moment). The
  // read may reach another API process a moment before the change does (its answer from memory is dropped
  // then): the count is taken once the new one is in it.
  let stored: Array<{ note: string; date_read: string | null }> = [];
  await expect.poll(async () => {
    stored = (await (await page.request.get(`/api/contact/${me.contact.contact_id}/notifications`)).json()) as typeof stored;
    return stored.some((notification) => notification.note === note);
  }).toBe(true);
  const unread = stored.filter((notification) => notification.date_read === null).length;
  const count = unread > 99 ? '99+' : String(unread);
  const bell = page.getByRole('button', { name: `Notifications, ${count} unread` });
  await expect(bell).toBeVisible();
  await expect(bell).toContainText(count);

  await bell.click();
  const item = page.getByRole('listitem').filter({ hasText: note });
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Delete notification' }).click();
  await expect(page.getByText('This will permanently remove this notification. Are you sure?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: note })).toHaveCount(0);
});

test('delete all empties the bell after its confirmation', async ({ page }) => {
  await signIn(page, 'agent');
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Delete All Notifications' }).click();
  await expect(page.getByText('This will permanently remove all notifications. Are you sure?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('You have no notifications.')).toBeVisible();
});

test('the sending preferences are saved', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const daily = page.getByRole('checkbox', { name: /daily/i });
  const before = await daily.isChecked();
  await daily.click({ force: true });
  await expect(daily).toBeChecked({ checked: !before });

  await page.reload();
  await expectSignedInHeader(page);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('checkbox', { name: /daily/i })).toBeChecked({ checked: !before });
});
