import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { demoUsers } from '../support/portal-env';
import { expectSignedInHeader, signIn } from '../support/session';

// The message centre, finished (docs/product/messaging.md#message-centre, #tokens, #sent-messages, #failed-mail), as
// the admin who writes a message: token buttons put the token at the cursor (a token in a link's address is filled in
// too), the message survives a reload until it is sent, and the Sent tab shows the send with its recipient's result.
// A failed recipient and re-sending are covered by the API tests: the capture mailbox accepts every address.

test('an admin writes a message with tokens at the cursor, keeps it through a reload, sends it and finds it on the Sent tab', async ({ page }) => {
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  await page.goto('/admins/settings/crm/direct');
  await page.getByLabel('Recipients').selectOption('clients');

  const subject = `Your page, {{companyName}} ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await page.keyboard.type('Dear , welcome.');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'Dear '.length; i += 1) await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: '{{primaryFirst}}' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('[your page](https://example.test/c/)');
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: '{{companyId}}' }).click();
  await expect(editor).toContainText('Dear {{primaryFirst}}, welcome.');
  await expect(editor).toContainText('[your page](https://example.test/c/{{companyId}})');

  // A reload keeps what was typed.
  await page.reload();
  await expectSignedInHeader(page);
  await expect(page.getByLabel('Subject')).toHaveValue(subject);
  await expect(page.getByRole('textbox', { name: 'Message' })).toContainText('Dear {{primaryFirst}}, welcome.');
  await expect(page.getByRole('textbox', { name: 'Message' })).toContainText('[your page](https://example.test/c/{{companyId}})');

  await page.getByLabel('Recipients').selectOption('clients');
  await page.getByLabel('Company').selectOption({ label: 'Acme, LLC' });
  await page.getByRole('button', { name: 'Find recipients' }).click();
  await expect(page.getByRole('list', { name: 'Recipients' }).getByText(demoUsers.client)).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: 'Send progress' }).getByText(/^Sent: 1 sent, 0 failed of 1$/)).toBeVisible({ timeout: 30_000 });

  const sentSubject = subject.replace('{{companyName}}', 'Acme, LLC');
  const mail = await waitForMail({ to: demoUsers.client, subject: sentSubject });
  expect(mail.text).toMatch(/^Dear \S+, welcome\./);
  expect(mail.links).toContainEqual(expect.stringMatching(/^https:\/\/example\.test\/c\/\d+$/));
  expect(mail.html).not.toContain('{{');
  expect(mail.html).not.toContain('%7B');

  // The Sent tab: when, by whom, the subject as written, one recipient, delivered.
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/view=sent/);
  const row = page.getByRole('table', { name: 'Sent messages' }).getByRole('row', { name: subject });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('—');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByText('1 sent')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Recipients: / }).click();
  const recipients = page.getByRole('region', { name: /^Recipients of / });
  await expect(recipients.getByRole('listitem')).toHaveCount(1);
  await expect(recipients.getByRole('listitem').first()).toHaveAccessibleName(/: sent$/, { timeout: 30_000 });
  await expect(recipients.getByText(demoUsers.client)).toBeVisible();
  await expect(recipients.getByRole('button', { name: /Re-send to failed/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Failed mail' })).toBeVisible();

  // Sent: the draft is gone, and the Sent tab stays open across a reload.
  await page.reload();
  await expectSignedInHeader(page);
  await expect(page.getByRole('table', { name: 'Sent messages' })).toBeVisible();
  await page.getByRole('tab', { name: 'Compose' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('');
});
